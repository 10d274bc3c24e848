"""Seeded Epireia playouts for 1 to 4 seats: stand-ins and random legal actions through the
referee always reach the end, refuse only with RuleErrors, round-trip through JSON, and keep the
public view (and each seat's own) unchanged when the hidden parts are re-dealt."""

import pytest

from engine import Chance, RuleError, referee
from engine.epireia import GAME

BOUND = 3000


def run(seats, seed, random_share=4):
    chance = Chance.seeded(f"epireia:{seats}:{seed}")
    state = GAME.setup(seats, GAME.Options(), chance)
    for number in range(BOUND):
        assert GAME.State.model_validate_json(state.model_dump_json()) == state
        if GAME.outcome(state) is not None:
            assert GAME.to_move(state) == frozenset()
            return state, number
        seat = chance.pick(sorted(GAME.to_move(state)))
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} must move but has no legal action in {state.phase}"
        action = chance.pick(legal) if chance.roll(10) <= random_share else GAME.stand_in(state, seat, chance)
        for viewer in (None, seat):
            shadow = GAME.shuffle_secrets(state, Chance.seeded(f"shadow:{number}"), keep=viewer)
            assert GAME.view(shadow, viewer) == GAME.view(state, viewer)
        try:
            state = referee.play(GAME, state, seat, action, Chance.seeded(f"{seed}:{number}")).state
        except RuleError as error:  # a random legal action is never refused, nor a stand-in's
            pytest.fail(f"{action} was refused: {error}")
    pytest.fail(f"{seats} seats, seed {seed}: no end within {BOUND} actions")


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_playouts_end(seats):
    for seed in range(3):
        state, steps = run(seats, seed)
        assert state.phase == "over" and state.result


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_stand_ins_alone_finish_a_game(seats):
    state, steps = run(seats, 99, random_share=0)
    if seats > 1:
        assert state.battle is not None and len(state.battle.front_results) == 3


def test_default_actions_are_legal():
    chance = Chance.seeded("defaults")
    state = GAME.setup(3, GAME.Options(), chance)
    for _ in range(BOUND):
        if GAME.outcome(state) is not None:
            return
        seat = min(GAME.to_move(state))
        action = GAME.default_action(state, seat, chance)
        assert action in GAME.legal_actions(state, seat)
        state = referee.play(GAME, state, seat, action, chance).state
    pytest.fail("the clock alone did not finish the game")
