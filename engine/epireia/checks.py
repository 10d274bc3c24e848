"""What must hold in every Epireia position: no city and no treasury holds less than nothing."""

from __future__ import annotations

from . import data
from .state import State


def invariants(state: State) -> list[str]:
    problems = []
    for player in state.players:
        if min(getattr(player, resource) for resource in data.RESOURCES) < 0:
            problems.append(f"seat {player.seat} has a negative resource")
    for league, treasury in state.treasury.items():
        if min(getattr(treasury, resource) for resource in data.RESOURCES) < 0:
            problems.append(f"the {league} treasury is negative")
    return problems
