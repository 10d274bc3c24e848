"""`copy_state`, the deep copy every game's `apply` starts from: equal to its state, sharing nothing
that can change, so that `apply` never changes the state it was given (nor on a refusal)."""

from typing import Any

import pytest
from pydantic import BaseModel

from engine import Chance, RuleError, referee
from engine.core import _copier, copy_state
from tests.registry import GAMES


def shared_parts(original, copy, path: str = "state") -> list[str]:
    """Where `copy` holds the very list, dict, set or unfrozen model that `original` does."""
    found = []
    if isinstance(original, (list, dict, set)) or (
        isinstance(original, BaseModel) and not original.model_config.get("frozen")
    ):
        if original is copy:
            found.append(path)
    if isinstance(original, BaseModel):
        assert type(copy) is type(original), path
        for name in type(original).model_fields:
            found += shared_parts(getattr(original, name), getattr(copy, name), f"{path}.{name}")
    elif isinstance(original, list):
        for index, (a, b) in enumerate(zip(original, copy, strict=True)):
            found += shared_parts(a, b, f"{path}[{index}]")
    elif isinstance(original, dict):
        for key in original:
            found += shared_parts(original[key], copy[key], f"{path}[{key!r}]")
    return found


def states_along_a_game(key: str, seats: int, every: int = 7, limit: int = 400):
    game = GAMES[key]
    chance = Chance.seeded(f"copy:{key}")
    state = game.setup(seats, game.Options(), chance)
    for number in range(limit):
        if game.outcome(state) is not None:
            break
        seat = chance.pick(sorted(game.to_move(state)))
        if number % every == 0:
            yield state, seat, chance
        try:
            state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
        except RuleError:
            continue
    yield state, None, chance


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_copy_is_equal_and_shares_nothing_that_can_change(key):
    game = GAMES[key]
    for state, _, _ in states_along_a_game(key, max(2, game.min_seats)):
        copy = copy_state(state)
        assert copy == state and copy.model_dump_json() == state.model_dump_json()
        assert shared_parts(state, copy) == []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_fast_copy_is_the_one_in_use(key):
    """pydantic rebuilds the state itself; copy_state falls back to validate(dump) only if a
    pydantic version kept the instance."""
    game = GAMES[key]
    state = game.setup(game.max_seats, game.Options(), Chance.seeded("fast"))
    copied = _copier(type(state)).validate_python(state)
    assert copied is not state and shared_parts(state, copied) == []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_apply_leaves_the_state_it_was_given_as_it_was(key):
    game = GAMES[key]
    for state, seat, chance in states_along_a_game(key, game.max_seats, every=11):
        if seat is None:
            continue
        before = state.model_dump_json()
        for action in [game.stand_in(state, seat, chance), *game.legal_actions(state, seat)[:3]]:
            try:
                referee.play(game, state, seat, action, Chance.seeded("again"))
            except RuleError:
                pass
            assert state.model_dump_json() == before


class Note(BaseModel):
    lines: list[str] = []


class Untyped(BaseModel):
    notes: list[Note] = []
    anything: Any = None
    loose: dict | None = None


def test_untyped_values_are_copied_too():
    state = Untyped(notes=[Note(lines=["a"])], anything={"piles": {"0": ["x"]}}, loose={"piles": {"1": ["y"]}})
    copy = copy_state(state)
    assert copy == state and shared_parts(state, copy) == []
    copy.anything["piles"]["0"].append("z")
    copy.loose["piles"]["1"].append("z")
    copy.notes[0].lines.append("b")
    assert state == Untyped(notes=[Note(lines=["a"])], anything={"piles": {"0": ["x"]}}, loose={"piles": {"1": ["y"]}})
