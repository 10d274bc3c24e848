"""What must hold in every Ostrakon position: each philosopher on the path once, the subjects kept."""

from __future__ import annotations

from collections import Counter

from . import data
from .state import State


def invariants(state: State) -> list[str]:
    problems = []
    tokens = [seat for pile in state.piles for seat in pile.seats] + list(state.under_sun)
    expected = set(range(len(state.names))) - ({state.winner} if state.outstanding else set())
    if sorted(tokens) != sorted(expected):
        problems.append(f"philosopher tokens are not each on the path once: {tokens}")
    subjects = Counter(state.deck + state.discard + [state.subject, state.next_subject])
    if subjects != Counter(list(data.SUBJECTS) + list(state.options.extra_subjects)):
        problems.append("subject cards are not conserved")
    return problems
