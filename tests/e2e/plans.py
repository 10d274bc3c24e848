"""How the crash tests and the bench play a game through the fake Discord, found from the
registry: a game's own e2e module (`tests/e2e/test_<package>_e2e.py`) may declare a `PLAN`; a game
without one is played by pressing the first move offered, at tables of its fewest seats."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from tests.registry import GAMES, package_of

from .game_table import Pick, first


def any_setups(key: str) -> tuple[tuple[int, int, str], ...]:
    """One or two players, stand-ins for the other seats the game needs."""
    game = GAMES[key]
    return tuple((people, max(0, game.min_seats - people), "") for people in (1, 2) if people <= game.max_seats)


@dataclass(frozen=True)
class Plan:
    # A new player's strategy (each player gets one: a strategy may remember what it did).
    strategy: Callable[[], Pick] = lambda: first
    # Small, quick tables for the crash tests: (people, stand-ins besides them, table options).
    setups: tuple[tuple[int, int, str], ...] = ()
    # Whole games for the bench, every seat a person: (seats, table options).
    whole_games: tuple[tuple[int, str], ...] = ()


def plan_for(key: str) -> Plan:
    """The game's own plan, with a generic part for what it leaves out."""
    try:
        module = importlib.import_module(f"tests.e2e.test_{package_of(key)}_e2e")
    except ModuleNotFoundError:
        module = None
    plan = getattr(module, "PLAN", None) or Plan()
    setups = plan.setups or any_setups(key)
    whole_games = plan.whole_games or ((GAMES[key].min_seats, ""),)
    return Plan(plan.strategy, setups, whole_games)
