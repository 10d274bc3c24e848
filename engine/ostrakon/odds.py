"""How far a speaker may expect to walk: the exact odds of a vote, given how likely each other
stone is to match the speaker's. Each stone is taken to fall on its own (a council of people who
do not confer), so the number of matches follows a Poisson binomial law."""

from __future__ import annotations

from collections.abc import Sequence

from . import data


def matches(chances: Sequence[float]) -> list[float]:
    """The chance of each number of matching stones, 0 to len(chances)."""
    law = [1.0]
    for p in chances:
        law = [
            (law[k] if k < len(law) else 0.0) * (1 - p) + (law[k - 1] * p if k else 0.0) for k in range(len(law) + 1)
        ]
    return law


def walk(chances: Sequence[float], players: int, cap: int = data.TEMPLE) -> float:
    """The speaker's expected steps forward (at most `cap`) when each other stone matches theirs
    with the given chance (1 for a stone known to match, 0 for one known not to)."""
    others = players - 1
    needed = data.majority_needed(players)
    law = matches(chances)
    return sum(p * min(cap, others - m) for m, p in enumerate(law) if needed <= m < others)


def steps(players: int, matched: int) -> int:
    """Steps forward for `matched` matching stones among the others (0: under the Sun)."""
    others = players - 1
    return others - matched if data.majority_needed(players) <= matched < others else 0
