"""Drawing, the joker's halftime, the ball leaving one's own goal line, scoring's after-effects,
and the end: the deck running out, sudden death, the French winning a second exhaustion."""

import pytest

from engine import IllegalAction
from engine.grudgematch import GAME
from engine.grudgematch.state import Running

from .test_helpers import F, G, kinds, play, position, public_text

SPOTS = {"Nietzsche": "F3", "Hegel": "C5", "Descartes": "F15", "Sartre": "C13"}


def end_of_kicking(ball="A9", hands=None, deck=None, **fields):
    return position(dict(SPOTS), ball, hands or [["2C"], ["3C"]], mover=G, deck=deck, **fields)


def test_the_kicker_draws_up_to_five_cards_and_the_turn_passes():
    step = play(end_of_kicking(deck=["4H", "5H", "6H", "7H", "8H", "9H"]), G, {"kind": "stop_kicking"})
    state = step.state
    assert state.hands[G] == ["2C", "4H", "5H", "6H", "7H"] and state.deck == ["8H", "9H"]
    assert state.mover == F and state.turn == 6
    assert "4♥" not in public_text(step) and "**Germans** draw 4 cards." in public_text(step)
    assert any(e.to == G and "4♥" in e.text for e in step.events)


def test_the_joker_calls_halftime_and_is_replaced():
    deck = ["4H", "JOKER", "5H", "6H", "7H", "8H"]
    state = end_of_kicking(deck=deck, penalty=[["Husserl"], []])
    step = play(state, G, {"kind": "stop_kicking"})
    state = step.state
    assert state.hands[G] == ["2C", "4H", "5H", "6H", "7H"] and "JOKER" not in state.discard
    assert state.half == 2 and state.ball is None and state.spots == {} and state.penalty == [[], []]
    assert state.phase == "lineup" and GAME.to_move(state) == {G, F}
    assert "Halftime" in public_text(step)
    # After the line-ups it is the French turn: the ball goes back in on 2+3 = D9.
    state = play(state, G, {"kind": "lineup", "lineup": "Balanced"}).state
    state = play(state, F, {"kind": "lineup", "lineup": "Balanced"}, rolls=[2, 3, 4, 5]).state
    assert state.mover == F and state.ball == "D9" and state.phase == "run"


@pytest.mark.parametrize(
    "ball, removed", [("F1", True), ("E1", True), ("G1", True), ("F2", False), ("D1", False), ("F17", False)]
)
def test_the_ball_leaves_play_from_your_own_goal_line_at_your_draw(ball, removed):
    state = end_of_kicking(ball=ball)
    state.spots["Nietzsche"] = "A3"
    state = play(state, G, {"kind": "stop_kicking"}, rolls=[3, 4]).state
    assert (state.ball == "F9") is removed  # a removed ball comes back in on 3+4 for the French


def scored(deck=None, hands=None, **fields):
    """The Germans score from F15 (Hegel kicks an 8 of spades south)."""
    spots = {"Nietzsche": "F3", "Hegel": "F14", "Descartes": "A17", "Sartre": "C13"}
    state = position(spots, "F15", hands or [["8S", "2H"], ["3C"]], mover=G, deck=deck, **fields)
    return play(state, G, {"kind": "kick", "who": "Hegel", "card": "8S", "direction": "S"})


def test_after_a_goal_both_draw_and_each_team_takes_a_bonus_scorers_first():
    state = scored().state
    assert state.score == [1, 0] and [len(h) for h in state.hands] == [5, 5]
    assert state.phase == "bonus" and GAME.to_move(state) == {G}
    assert kinds(state, G)[0] == "Roll a die and run" and kinds(state, G)[-1] == "Pass"
    # Germans: roll one die (4) and run one philosopher up to 4.
    state = play(state, G, {"kind": "bonus_run"}, rolls=[4]).state
    assert state.phase == "run" and state.running.left == [4] and state.running.bonus
    state = play(state, G, {"kind": "run", "who": "Hegel", "to": "F10"}).state
    # French: swap a card.
    assert state.phase == "bonus" and GAME.to_move(state) == {F}
    card, top = state.hands[F][0], state.deck[0]
    state = play(state, F, {"kind": "bonus_swap", "card": card}, rolls=[5, 6]).state
    assert card in state.discard and top in state.hands[F] and len(state.hands[F]) == 5
    # The scoring turn has ended: the French play, the ball going in on 5+6 = J9.
    assert state.mover == F and state.ball == "J9" and state.phase == "run"


def test_a_bonus_may_release_any_philosopher_from_the_penalty_box():
    state = scored(penalty=[[], ["Pascal", "Foucault"]]).state
    state = play(state, G, {"kind": "bonus_pass"}).state
    assert "Release Foucault from the penalty box" in kinds(state, F)
    state = play(state, F, {"kind": "bonus_release", "who": "Foucault"}, rolls=[1, 2]).state
    assert state.spots["Foucault"] == "K10" and state.penalty[F] == ["Pascal"]
    with pytest.raises(IllegalAction):
        play(scored().state, G, {"kind": "bonus_release", "who": "Hegel"})


def test_the_deck_running_out_ends_the_game_and_the_higher_score_wins():
    step = play(end_of_kicking(deck=["4H"], score=[2, 1]), G, {"kind": "stop_kicking"})
    outcome = GAME.outcome(step.state)
    assert outcome.winners == (G,) and "deck ran out" in outcome.reason
    assert GAME.to_move(step.state) == frozenset()


def test_a_tie_when_the_deck_runs_out_means_sudden_death():
    state = end_of_kicking(deck=["4H"], score=[1, 1], discard=["5H", "6H", "7H", "8H"])
    step = play(state, G, {"kind": "stop_kicking"})
    state = step.state
    assert GAME.outcome(state) is None and state.sudden_death and "sudden death" in public_text(step)
    assert state.hands[G] == ["2C", "4H", "5H", "6H", "7H"] and state.deck == ["8H"]
    # The next goal wins at once: no draws, no bonus.
    state = scored(score=[1, 1], sudden_death=True).state
    assert GAME.outcome(state).winners == (G,) and state.score == [2, 1]


def test_a_second_time_through_the_deck_the_french_win():
    state = end_of_kicking(deck=["4H"], score=[1, 1], sudden_death=True, discard=["5H"])
    outcome = GAME.outcome(play(state, G, {"kind": "stop_kicking"}).state)
    assert outcome.winners == (F,) and "second time" in outcome.reason


def test_the_turn_limit_ends_a_match_that_stopped_moving():
    state = end_of_kicking(score=[0, 0])
    state.turn = state.options.turn_limit
    outcome = GAME.outcome(play(state, G, {"kind": "stop_kicking"}).state)
    assert outcome.winners == () and "turn limit" in outcome.reason
    state = end_of_kicking(score=[0, 1])
    state.turn = state.options.turn_limit
    assert GAME.outcome(play(state, G, {"kind": "stop_kicking"}).state).winners == (F,)


def test_halftime_during_the_scoring_draws_lines_up_before_the_bonuses():
    state = scored(deck=["4H", "5H", "JOKER", "6H", "7H", "8H", "9H", "10H", "JH"]).state
    assert state.half == 2 and state.phase == "lineup" and state.bonus == [G, F]
    state = play(state, G, {"kind": "lineup", "lineup": "Wide"}).state
    state = play(state, F, {"kind": "lineup", "lineup": "Wide"}).state
    assert state.phase == "bonus" and GAME.to_move(state) == {G} and state.ball is None


def test_running_in_a_bonus_moves_one_philosopher_only():
    state = play(scored().state, G, {"kind": "bonus_run"}, rolls=[6]).state
    assert state.running == Running(seat=G, rolled=[6], left=[6], bonus=True)
    state = play(state, G, {"kind": "run", "who": "Nietzsche", "to": "F2"}).state
    assert state.phase == "bonus" and GAME.to_move(state) == {F}
