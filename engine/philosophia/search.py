"""Search helpers for strong stand-ins beside engine/search.py, independent of any one game (so
they may move there): they simulate positions with the game's own rules (`Rules`) and count their
cost in simulated moves, never in time, so a decision is the same on any machine. Randomness comes
only from the Chance they are given.

- `best_line`: the best line of one seat's own consecutive decisions (a turn of several steps),
  each position where the seat no longer decides settled by a reply policy and scored.
- `flat_monte_carlo`: each candidate played in several positions re-dealt from the seat's own view
  (determinisation, `shuffle_secrets`), carried on by a playout, and scored on average.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar, cast

from pydantic import BaseModel

from ..chance import Chance
from ..search import Rules

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")


class Budget:
    """Simulated moves a decision may spend."""

    def __init__(self, moves: int) -> None:
        self.left = moves

    def spend(self, moves: int = 1) -> None:
        self.left -= moves

    @property
    def spent_out(self) -> bool:
        return self.left <= 0


def seed_from(chance: Chance) -> str:
    """A seed drawn from `chance`: each candidate simulated from it meets the same dice (common
    random numbers), so candidates differ by their own merit."""
    return str(chance.roll(2**31))


class Simulator(Generic[S, A]):
    """Applies actions by one game's rules, counting them against a budget."""

    def __init__(self, rules: Rules[S, A], budget: Budget) -> None:
        self.rules = rules
        self.budget = budget

    def apply(self, state: S, seat: int, action: A, seed: str) -> S:
        self.budget.spend()
        return cast(S, self.rules.apply(state, seat, action, Chance.seeded(seed)).state)


def best_line(
    sim: Simulator[S, A],
    state: S,
    seat: int,
    seed: str,
    choices: Callable[[S], Sequence[A]],
    settle: Callable[[S], S],
    score: Callable[[S], float],
) -> tuple[list[A], float]:
    """The seat's best line of its own actions and its score: every action `choices` offers is
    tried, then every one it offers in the position that follows, and so on; where it offers none
    the position is settled (the other seats reply) and scored. When the budget runs out, the
    actions not yet tried are left out and positions are scored as they stand. Ties go to the
    first action offered."""
    options = choices(state) if not sim.budget.spent_out else ()
    if not options:
        return [], score(settle(state) if not sim.budget.spent_out else state)
    best: tuple[list[A], float] = ([], float("-inf"))
    for action in options:
        if sim.budget.spent_out and best[0]:
            break
        after = sim.apply(state, seat, action, seed)
        line, value = best_line(sim, after, seat, seed, choices, settle, score)
        if value > best[1]:
            best = ([action, *line], value)
    return best


def flat_monte_carlo(
    sim: Simulator[S, A],
    state: S,
    seat: int,
    chance: Chance,
    candidates: Sequence[A],
    worlds: int,
    playout: Callable[[S, str], S],
    score: Callable[[S], float],
) -> A:
    """The candidate with the best mean score over `worlds` positions re-dealt from the seat's own
    view, each carried on by `playout` (given a seed) after the candidate. Ties go to the first."""
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        world = sim.rules.shuffle_secrets(state, chance, keep=seat)
        seed = seed_from(chance)
        for index, action in enumerate(candidates):
            after = playout(sim.apply(world, seat, action, seed), seed)
            totals[index] += score(after)
        if sim.budget.spent_out:
            break
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]
