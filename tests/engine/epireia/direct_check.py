"""Epireia's Development actions are refereed by a direct check (`develop.allowed`): every
Development action there is, for the agreement test of tests/engine/test_direct_checks.py."""

from __future__ import annotations

from engine.epireia import data, develop
from engine.epireia.actions import ArchitectBuild, Archon, Build, Donate, EndDevelopment, Produce, Trade, Withdraw


def candidates(state, seat) -> list:
    """Every Development action there is, legal or not."""
    resources, units, buildings = data.RESOURCES, data.UNITS, list(data.BUILDINGS)
    low, high = data.DONATION
    return (
        [Donate(resource=r, amount=n) for r in resources for n in range(low, high + 1)]
        + [Build(building=b) for b in buildings + ["Nowhere"]]
        + [Produce(unit=u, level=level) for u in units for level in (1, 2)]
        + [ArchitectBuild(building=b) for b in buildings]
        + [Trade(give=g, get=t) for g in resources for t in resources]
        + [Withdraw(first=a, second=b) for a in resources for b in resources]
        + [Archon(), EndDevelopment()]
    )


def among(action, listed: list) -> bool:
    return action in listed  # Development actions are plain values: the same move is an equal one


DIRECT_CHECK = (develop.allowed, develop.legal, candidates, among)
