"""A game may referee some of its moves by a direct check (`allowed`) rather than by listing every
legal action, for speed. The two must never disagree: over seeded playouts, every possible action
of every seat is allowed exactly when it is listed.

A game with such a check declares it in its rules tests, `tests/engine/<package>/direct_check.py`,
as `DIRECT_CHECK = (allowed, listed, candidates, among)`: the direct check, the list it must agree
with, every action there is for a seat (legal or not), and whether an action is among the listed."""

from __future__ import annotations

import importlib

import pytest

from engine import Chance, referee
from tests.registry import GAMES, every_game, package_of

STEPS = 400


def direct_check(key: str) -> tuple | None:
    """The game's declared direct check, or None."""
    name = f"tests.engine.{package_of(key)}.direct_check"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if not f"{name}.".startswith(f"{error.name}."):
            raise  # the declaration is there but breaks: not a game without one
        return None
    return getattr(module, "DIRECT_CHECK", None)


CHECKED = [key for key in every_game() if direct_check(key)]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("key", CHECKED)
def test_the_direct_check_agrees_with_the_list_of_legal_actions(key, seed):
    game, (allowed, legal, candidates, among) = GAMES[key], direct_check(key)
    chance = Chance.seeded(f"direct:{key}:{seed}")
    state = game.setup(2 + seed % 3, game.Options(), chance)
    checked = 0
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        for seat in range(len(state.players)):
            listed = legal(state, seat)
            for action in candidates(state, seat):
                assert allowed(state, seat, action) == among(action, listed), (seat, action)
                checked += 1
        seat = chance.pick(sorted(game.to_move(state)))
        state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
    assert checked > 1000
