"""Kick!: straight lines by card value, face cards rolled, edges, goals, tackles, blocks, fouls,
and the ball set down when it stops on a philosopher."""

import pytest

from engine import Chance, IllegalAction, RuleError, UnknownAction, referee
from engine.grudgematch import GAME
from engine.grudgematch.legal import can_kick, kick_choices

from .test_helpers import F, G, kinds, play, position, public_text


def kick(state, who, card, direction, seat=G, rolls=(), foul=False):
    action = {"kind": "kick", "who": who, "card": card, "direction": direction, "foul": foul}
    return play(state, seat, action, rolls=rolls)


def test_a_number_card_moves_the_ball_its_full_value_in_a_straight_line():
    state = position({"Hegel": "F5", "Nietzsche": "F2"}, "F6", [["7S", "AS"], []])
    state = kick(state, "Hegel", "7S", "S").state
    assert state.ball == "F13" and state.last_kick.path == ["F6"[0] + str(r) for r in range(7, 14)]
    state = position({"Hegel": "F5", "Nietzsche": "F2"}, "F6", [["AS"], []])
    state = kick(state, "Hegel", "AS", "SE", rolls=[1, 1]).state
    assert state.last_kick.path == ["G7"]


@pytest.mark.parametrize("card, rolls, value", [("JS", [4], 4), ("QS", [4], 6), ("KS", [3, 5], 8)])
def test_face_cards_roll_their_value(card, rolls, value):
    state = position({"Hegel": "A5", "Nietzsche": "F2"}, "A6", [[card], []])
    step = kick(state, "Hegel", card, "S", rolls=list(rolls) + [1, 2])
    assert step.state.last_kick.value == value and len(step.state.last_kick.path) == value


def test_only_a_philosopher_next_to_the_ball_kicks_and_only_with_his_own_suit():
    state = position({"Hegel": "F5", "Husserl": "C3", "Nietzsche": "F2"}, "F6", [["7S", "7H", "7C"], []])
    assert {a.who for a in GAME.legal_actions(state, G) if a.kind == "kick"} == {"Hegel"}
    with pytest.raises(IllegalAction, match="not next to the ball"):
        kick(state, "Husserl", "7H", "S")
    with pytest.raises(IllegalAction, match="spades"):
        kick(state, "Hegel", "7H", "S")
    with pytest.raises(IllegalAction, match="not in your hand"):
        kick(state, "Hegel", "9S", "S")


def test_a_ball_that_meets_the_edge_stops_there():
    state = position({"Hegel": "C5", "Nietzsche": "F2"}, "B5", [["8S"], []])
    assert "W" in {a.direction for a in GAME.legal_actions(state, G) if a.kind == "kick"}
    state = kick(state, "Hegel", "8S", "W", rolls=[1, 2]).state
    assert state.ball == "A5" and state.last_kick.path == ["A5"]
    # A ball on the edge cannot be kicked off the field.
    state = position({"Hegel": "B5", "Nietzsche": "F2"}, "A5", [["8S"], []])
    directions = {a.direction for a in GAME.legal_actions(state, G) if a.kind == "kick"}
    assert directions == {"N", "NE", "E", "SE", "S"}


def test_a_ball_into_the_goal_scores_and_ends_the_turn():
    state = position({"Hegel": "F14", "Nietzsche": "F2"}, "F15", [["8S", "2H"], ["3C"]])
    step = kick(state, "Hegel", "8S", "S")
    state = step.state
    assert state.score == [1, 0] and state.ball is None
    assert state.last_kick.path == ["F16", "F17"] and state.last_kick.result == "goal"
    assert "GOAL" in public_text(step)
    assert [len(h) for h in state.hands] == [5, 5]  # both draw up to five
    assert state.phase == "bonus" and state.bonus == [G, F]


@pytest.mark.parametrize(
    "hegel, ball, scores, stop",
    [
        ("C15", "D16", True, None),  # E17, then F18: behind the goal
        ("A15", "B16", False, "C17"),  # C17, then D18: the end edge beside the goal
    ],
)
def test_diagonal_kicks_score_only_across_the_goal_mouth(hegel, ball, scores, stop):
    state = position({"Hegel": hegel, "Nietzsche": "F2"}, ball, [["5S"], ["3C"]])
    step = kick(state, "Hegel", "5S", "SE")
    assert (step.state.score == [1, 0]) is scores
    if stop:
        assert step.state.last_kick.path[-1] == stop


def test_an_own_goal_counts_for_the_other_team():
    state = position({"Hegel": "F3", "Nietzsche": "A2"}, "F2", [["5S"], ["3C"]])
    state = kick(state, "Hegel", "5S", "N").state
    assert state.score == [0, 1] and state.bonus == [F, G]


def test_a_ball_stopping_on_your_own_philosopher_is_yours_to_set_down():
    state = position({"Hegel": "F5", "Husserl": "F9", "Nietzsche": "F2"}, "F6", [["3S", "4H"], []])
    state = kick(state, "Hegel", "3S", "S").state
    assert state.phase == "block" and state.ball == "F8"  # Husserl's chance: needs 1 or more
    state = play(state, G, {"kind": "no_block"}).state
    assert state.ball == "F9" and state.phase == "place" and GAME.to_move(state) == {G}
    state = play(state, G, {"kind": "place", "to": "F10"}).state
    assert state.ball == "F10" and state.phase == "kick"  # Husserl is next to it: kick again


def test_a_ball_stopping_on_an_opponent_is_his_to_set_down():
    state = position({"Hegel": "F5", "Sartre": "F9", "Nietzsche": "F2"}, "F6", [["3S", "2H"], ["2C"]])
    state = kick(state, "Hegel", "3S", "S").state
    assert state.phase == "place" and GAME.to_move(state) == {F}
    state = play(state, F, {"kind": "place", "to": "E8"}, rolls=[1, 2]).state
    assert state.ball == "E8" and state.mover == F  # Hegel cannot reach: the Germans' turn ended


def test_a_tackle_that_reaches_the_kick_stops_it_and_both_cards_are_discarded():
    spots = {"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}
    state = position(spots, "F6", [["7S", "9S"], ["8S", "2D"]])
    state = kick(state, "Hegel", "7S", "S").state
    assert state.phase == "tackle" and kinds(state, F) == ["Tackle with 8♠ (Sartre)", "No tackle"]
    step = play(state, F, {"kind": "tackle", "who": "Sartre", "card": "8S"})
    state = step.state
    assert state.ball == "F6" and state.last_kick.result == "tackled by Sartre"
    assert state.discard[-2:] == ["7S", "8S"]
    assert state.phase == "kick" and GAME.to_move(state) == {G}  # try again with the 9
    assert "Tackled! 8 stops 7" in public_text(step)


def test_a_face_card_tackle_can_succeed_on_its_roll():
    state = position({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S"], ["QS"]])
    state = kick(state, "Hegel", "7S", "S").state
    state = play(state, F, {"kind": "tackle", "who": "Sartre", "card": "QS"}, rolls=[5]).state
    assert state.ball == "F6" and state.last_kick.result == "tackled by Sartre"


def test_no_tackle_prompt_when_no_card_could_reach_the_kick():
    state = position({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S"], ["6S", "JS", "9H"]])
    state = kick(state, "Hegel", "7S", "S", rolls=[1, 2]).state
    assert state.last_kick.path[-1] == "F13"  # a 6 and a jack (at most 6) cannot stop a 7


def test_blocking_only_at_the_first_space_next_to_the_blocker():
    spots = {"Hegel": "F4", "Pascal": "G9", "Nietzsche": "F2"}
    state = position(spots, "F5", [["9S"], ["6H", "7H", "AH"]])
    state = kick(state, "Hegel", "9S", "S").state
    # F8 is the ball's 3rd space and the first next to Pascal: 9 - 2 = 7 needed.
    assert state.phase == "block" and state.ball == "F8"
    assert GAME.view(state, None)["kick"]["required"] == 7
    assert kinds(state, F) == ["Block with 7♥ (Pascal)", "No block"]
    state = play(state, F, {"kind": "no_block"}).state
    assert state.last_kick.path[-1] == "F14"  # F9 and F10 are next to Pascal too: no second chance


def test_a_failed_face_card_block_lets_the_ball_run_on():
    spots = {"Hegel": "F4", "Pascal": "G7", "Nietzsche": "F2"}
    state = position(spots, "F5", [["6S"], ["JH"]])
    state = kick(state, "Hegel", "6S", "S").state
    assert state.ball == "F6" and GAME.view(state, None)["kick"]["required"] == 6
    step = play(state, F, {"kind": "block", "who": "Pascal", "card": "JH"}, rolls=[5, 1, 2])
    assert "not enough" in public_text(step) and step.state.last_kick.path[-1] == "F11"
    assert "JH" in step.state.discard


def test_a_team_may_block_its_own_kick():
    spots = {"Hegel": "F4", "Husserl": "G8", "Nietzsche": "F2"}
    state = position(spots, "F5", [["8S", "7H"], []])
    state = kick(state, "Hegel", "8S", "S").state
    assert state.phase == "block" and GAME.to_move(state) == {G} and state.ball == "F7"
    state = play(state, G, {"kind": "block", "who": "Husserl", "card": "7H"}).state
    assert state.ball == "F7" and state.last_kick.result == "blocked by Husserl"


def fouling(spots, ball, hands):
    state = position(spots, ball, hands)
    state.options.fouling = True
    return state


def test_a_kicker_who_fouls_on_a_1_goes_to_the_penalty_box_and_the_ball_stays():
    state = fouling({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S", "2C"], ["8S"]])
    assert any(a.foul for a in GAME.legal_actions(state, G) if a.kind == "kick")
    state = kick(state, "Hegel", "7S", "S", foul=True, rolls=[1, 4, 1, 2]).state
    assert "Hegel" not in state.spots and state.penalty[G] == ["Hegel"] and state.ball == "F6"


def test_a_clean_foul_adds_the_higher_die_against_tackles_only():
    state = fouling({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S"], ["8S"]])
    state = kick(state, "Hegel", "7S", "S", foul=True, rolls=[3, 5]).state
    assert state.kick.resist == 12 and state.kick.value == 7
    assert [a.foul for a in GAME.legal_actions(state, F) if a.kind == "tackle"] == [True]
    # Sartre fouls back: 8 + 6 = 14 stops 12.
    state = play(state, F, {"kind": "tackle", "who": "Sartre", "card": "8S", "foul": True}, rolls=[6, 2]).state
    assert state.last_kick.result == "tackled by Sartre"


def test_a_tackler_who_fouls_on_a_1_goes_to_the_penalty_box_and_the_ball_moves():
    state = fouling({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S"], ["8S"]])
    state = kick(state, "Hegel", "7S", "S").state
    state = play(state, F, {"kind": "tackle", "who": "Sartre", "card": "8S", "foul": True}, rolls=[2, 1, 1, 2]).state
    assert state.penalty[F] == ["Sartre"] and state.last_kick.path[-1] == "F13"


def test_no_fouls_without_the_option():
    state = position({"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}, "F6", [["7S"], ["8S"]])
    assert not any(a.foul for a in GAME.legal_actions(state, G) if a.kind == "kick")
    with pytest.raises(IllegalAction, match="Fouling"):
        kick(state, "Hegel", "7S", "S", foul=True)


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "kick", "who": "Kant", "card": "8S", "direction": "S"},
        {"kind": "kick", "who": "Hegel", "card": "11S", "direction": "S"},
        {"kind": "kick", "who": "Hegel", "card": "8S", "direction": "up"},
        {"kind": "place", "to": "L3"},
        {"kind": "run", "who": "Hegel", "to": "F18"},
    ],
)
def test_malformed_moves_are_refused_as_unknown(action):
    state = position({"Hegel": "F5", "Nietzsche": "F2"}, "F6", [["8S"], []])
    with pytest.raises(UnknownAction):
        play(state, G, action)


def test_can_kick_says_whether_there_is_any_kick_in_every_position_of_random_matches():
    seen = {True: 0, False: 0}
    for seed in range(12):
        chance = Chance.seeded(f"can-kick:{seed}")
        state = GAME.setup(2, GAME.Options(), chance)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            if state.ball is not None and state.phase in ("run", "kick"):
                seen[can_kick(state)] += 1
                assert can_kick(state) == bool(kick_choices(state))
            seat = chance.pick(sorted(GAME.to_move(state)))
            try:
                state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
            except RuleError:
                break
    assert seen[True] > 20 and seen[False] > 20  # both answers were checked, many times
