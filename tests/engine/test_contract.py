"""The engine contract, for every game in GAMES: seeded random playouts through the referee.

Each playout mixes stand-in moves with random legal actions (and some deliberately wrong ones).
It must always end, raise nothing but RuleError, round-trip its state through JSON, and never let
a secret into public output: the public view, and each seat's view, must not change when what that
seat cannot see is re-dealt (`shuffle_secrets`); a step's public events must not change either,
unless the step itself revealed something (the public view after it differs).
"""

import os
from importlib import import_module

import pytest
from pydantic import BaseModel

from engine import PACKAGES, Chance, Game, RuleError, referee
from tests.registry import GAMES, games_with, package_of

PLAYOUTS = int(os.environ.get("CONTRACT_PLAYOUTS", "200"))
MAX_STEPS = 6000


def seat_counts(game: Game) -> list[int]:
    return list(range(game.min_seats, game.max_seats + 1))


def public_events(step) -> list[str]:
    return [event.text for event in step.events if event.to is None]


def check_secrets(game: Game, state: BaseModel, seat: int, action, chance_seed: str, step) -> None:
    for viewer in (None, seat):  # the public, and the seat acting now (it varies over a playout)
        shadow = game.shuffle_secrets(state, Chance.seeded(chance_seed + "shadow"), keep=viewer)
        assert game.view(shadow, viewer) == game.view(state, viewer), f"view of {viewer} depends on a secret"
    shadow = game.shuffle_secrets(state, Chance.seeded(chance_seed + "shadow"), keep=seat)
    try:
        shadow_step = referee.play(game, shadow, seat, action, Chance.seeded(chance_seed))
    except RuleError:
        return  # the action depended on what the shadow re-dealt
    if game.view(shadow_step.state, None) == game.view(step.state, None):
        assert public_events(shadow_step) == public_events(step), "a public event depends on a secret"


def check_shared_view_keys(game: Game, state: BaseModel, seats: int) -> None:
    """The keys the bot reads without knowing the game (engine.View)."""
    public = game.view(state, None)
    assert len(public["names"]) >= seats and all(isinstance(name, str) for name in public["names"])
    assert "seat" not in public
    assert all(game.view(state, seat)["seat"] == seat for seat in range(seats))


def playout(game: Game, seats: int, seed: int, check_leaks: bool) -> int:
    chance = Chance.seeded(f"playout:{game.key}:{seed}")
    state = game.setup(seats, game.Options(), chance)
    for number in range(MAX_STEPS):
        if number % 5 == 0 or game.outcome(state) is not None:  # every fifth position is plenty
            assert game.State.model_validate_json(state.model_dump_json()) == state
            assert not game.invariants(state)
            check_shared_view_keys(game, state, seats)
        if game.outcome(state) is not None:
            assert game.to_move(state) == frozenset()
            return number
        movers = sorted(game.to_move(state))
        assert movers, "nobody can move but the game is not over"
        seat = chance.pick(movers)
        legal = game.legal_actions(state, seat)
        roll = chance.roll(10)
        if roll <= 5 or not legal:
            action = game.stand_in(state, seat, chance)
        elif roll <= 9:
            action = chance.pick(legal)
        else:
            action = chance.pick(legal)
            seat = chance.pick(range(seats))  # perhaps not this seat's turn
        step_seed = f"{seed}:{number}"
        try:
            step = referee.play(game, state, seat, action, Chance.seeded(step_seed))
        except RuleError as error:
            assert str(error), "a refusal must give a reason"
            continue
        assert all(e.to is None or 0 <= e.to < seats for e in step.events)
        if check_leaks:
            check_secrets(game, state, seat, action, step_seed, step)
        state = step.state
    pytest.fail(f"{game.key} with {seats} seats did not end within {MAX_STEPS} actions (seed {seed})")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_playouts_end_and_raise_only_rule_errors(key):
    game = GAMES[key]
    counts = seat_counts(game)
    for seed in range(PLAYOUTS):
        playout(game, counts[seed % len(counts)], seed, check_leaks=seed % 8 == 0)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_contract_names(key):
    game = GAMES[key]
    assert game.key == key and game.title
    assert 1 <= game.min_seats <= game.max_seats
    game.Options()  # every option has a default
    for name in (
        "setup",
        "to_move",
        "legal_actions",
        "apply",
        "view",
        "outcome",
        "stand_in",
        "default_action",
        "shuffle_secrets",
        "invariants",
    ):
        assert callable(getattr(game, name)), name


def test_every_engine_package_is_registered_under_its_game_s_key():
    """The games an operator installs are the engine's packages (engine.PACKAGES, one line a game)."""
    assert PACKAGES
    installed = [import_module(f"engine.{name}").GAME for name in PACKAGES]
    for name, game in zip(PACKAGES, installed):
        assert GAMES[game.key] is game and package_of(game.key) == name, name
    assert sorted(game.key for game in installed) == games_with(toy=False)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_legal_actions_are_accepted_and_labelled(key):
    game = GAMES[key]
    for seed in range(10):
        chance = Chance.seeded(f"legal:{seed}")
        seats = seat_counts(game)[seed % len(seat_counts(game))]
        state = game.setup(seats, game.Options(), chance)
        for _ in range(200):
            if game.outcome(state) is not None:
                break
            seat = chance.pick(sorted(game.to_move(state)))
            for action in game.legal_actions(state, seat):
                assert 0 < len(game.label(action)) <= 80
            state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
