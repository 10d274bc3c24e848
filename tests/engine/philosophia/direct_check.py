"""Philosophia's standard actions are refereed by a direct check (`standard.allowed`): every
standard action there is, for the agreement test of tests/engine/test_direct_checks.py."""

from __future__ import annotations

from engine.philosophia import data, standard
from engine.philosophia.actions import (  # `among`: listed moves may carry a name the candidate lacks
    BuildSchool,
    Consult,
    Follow,
    HireBuilder,
    HireSophist,
    Labyrinth,
    Study,
    Tutor,
    Unlock,
    UseSophist,
    among,
)


def candidates(state, seat) -> list:
    """Every standard action there is for `seat`, legal or not."""
    seats = range(len(state.players))
    pool = tuple(data.CRITERIA) + data.MOIRAI_CRITERIA + tuple(state.players[seat].requests)
    return (
        [Tutor(), Follow(), HireBuilder(), BuildSchool(), HireSophist(), Study(), Consult()]
        + [UseSophist(target=other) for other in seats]
        + [Unlock(card=card) for card in data.WISDOM]
        + [Labyrinth(criterion=criterion) for criterion in dict.fromkeys(pool)]
    )


DIRECT_CHECK = (standard.allowed, standard.standard_actions, candidates, among)
