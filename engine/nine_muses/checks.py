"""What must hold in every Nine Muses position: Knowledge, cards and Muses are neither made nor lost."""

from __future__ import annotations

from collections import Counter

from . import data
from .state import State


def invariants(state: State) -> list[str]:
    problems = []
    supply = data.POOL[len(state.players)]
    for kind in data.KNOWLEDGE:
        held = [p.knowledge[kind] for p in state.players]
        if state.pool[kind] + sum(held) != supply[kind]:
            problems.append(f"{kind} tokens are not conserved")
        if state.pool[kind] < 0 or min(held) < 0:
            problems.append(f"a negative count of {kind}")
    cards = state.deck + state.discard + [card for p in state.players for card in p.hand]
    if Counter(cards) != Counter(data.full_deck()):
        problems.append("Philosopher cards are not conserved")
    muses = state.centre + state.muse_deck + [muse for p in state.players for muse in p.muses]
    if sorted(muses) != sorted(data.MUSE_NAMES):
        problems.append("Muses are not conserved")
    return problems
