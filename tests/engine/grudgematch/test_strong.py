"""The strong stand-in: a legal choice in positions of seeded playouts, the same choice when the
cards it cannot see are re-dealt, whole games through the referee, and sensible preferences (a
goal when one is there, a block that saves a goal, no card wasted on a ball going nowhere)."""

import pytest

from engine import Chance, RuleError, referee
from engine.grudgematch import GAME, field
from engine.grudgematch.actions import Block, KickBall, NoBlock
from engine.grudgematch.strong import strong

from .test_helpers import F, G, play, position


def positions(seed, count, every=3):
    """Every `every`-th position of a seeded game of random play, with the seat to move."""
    chance = Chance.seeded(f"strong:{seed}")
    state = GAME.setup(2, GAME.Options(), chance)
    found = []
    for number in range(count * every):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_move(state))
        if number % every == 0:
            found.append((state, seat))
        state = referee.play(GAME, state, seat, chance.pick(GAME.legal_actions(state, seat)), chance).state
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_a_legal_choice_in_every_phase_met(seed):
    phases = set()
    for number, (state, seat) in enumerate(positions(seed, 150, every=2)):
        action = strong(state, seat, Chance.seeded(f"choose:{number}"))
        assert action in GAME.legal_actions(state, seat), (state.phase, action)
        phases.add(state.phase)
    assert {"lineup", "run", "kick"} <= phases


def test_the_same_choice_when_the_hidden_cards_are_re_dealt():
    checked = differed = 0
    for number, (state, seat) in enumerate(positions(3, 60, every=4)):
        choice = strong(state, seat, Chance.seeded(f"same:{number}"))
        for deal in range(3):
            shadow = GAME.shuffle_secrets(state, Chance.seeded(f"deal:{number}:{deal}"), keep=seat)
            assert GAME.view(shadow, seat) == GAME.view(state, seat)
            differed += shadow.hands[1 - seat] != state.hands[1 - seat] or shadow.deck != state.deck
            assert strong(shadow, seat, Chance.seeded(f"same:{number}")) == choice, state.phase
            checked += 1
    assert checked >= 45 and differed >= checked // 2  # the re-deals did hide something else


@pytest.mark.parametrize("seat", [G, F])
def test_a_strong_seat_plays_whole_games_through_the_referee(seat):
    chance = Chance.seeded(f"strong game:{seat}")
    state = GAME.setup(2, GAME.Options(), chance)
    for number in range(3000):
        if GAME.outcome(state) is not None:
            assert state.phase == "over" and state.result
            return
        mover = min(GAME.to_move(state))
        if mover == seat:
            action = strong(state, mover, Chance.seeded(f"strong:{number}"))
        else:
            action = chance.pick(GAME.legal_actions(state, mover))
        try:
            state = referee.play(GAME, state, mover, action, chance).state
        except RuleError as error:
            pytest.fail(f"{action} was refused: {error}")
    pytest.fail("no end within 3000 moves")


def test_it_shoots_when_a_goal_is_there():
    spots = {"Hegel": "F13", "Nietzsche": "F3", "Descartes": "A15", "Pascal": "K9", "Sartre": "A9", "Foucault": "K11"}
    state = position(spots, "F14", [["9S", "3H", "2D"], ["4C", "5H", "6S", "7D", "8C"]])
    action = strong(state, G, Chance.seeded("shoot"))
    assert isinstance(action, KickBall) and action.card == "9S"
    assert field.ball_line("F14", action.direction, 9)[1] == F  # into the French goal


def test_it_blocks_a_ball_heading_into_its_goal_but_wastes_no_card_on_one_that_stops_there():
    spots = {"Sartre": "F6", "Hegel": "E3", "Nietzsche": "A1", "Descartes": "F15"}
    state = position(spots, "F5", [["9S", "2H"], ["6S", "AD"]], mover=F)
    state = play(state, F, {"kind": "kick", "who": "Sartre", "card": "6S", "direction": "N"}).state
    assert state.phase == "block" and state.kick.goal == G
    assert strong(state, G, Chance.seeded("block")) == Block(who="Hegel", card="9S")

    spots = {"Sartre": "F6", "Hegel": "C6", "Nietzsche": "F2", "Descartes": "F15"}
    state = position(spots, "F5", [["9S", "2H"], ["2S", "AD"]], mover=F)
    state = play(state, F, {"kind": "kick", "who": "Sartre", "card": "2S", "direction": "W"}).state
    assert state.phase == "block" and state.ball == "D5" == state.kick.path[-1]  # where it stops anyway
    assert strong(state, G, Chance.seeded("pass")) == NoBlock()
