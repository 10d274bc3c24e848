"""Chance: the only source of randomness in the engine.

A table derives its chance from its stored seed and version, so a seed plus the action log replays
a game exactly. Tests use `Chance.scripted` to force any die.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")


class Chance:
    def roll(self, sides: int) -> int:
        """A number from 1 to `sides`."""
        raise NotImplementedError

    def shuffle(self, items: Sequence[T]) -> list[T]:
        raise NotImplementedError

    def pick(self, items: Sequence[T]) -> T:
        raise NotImplementedError

    @staticmethod
    def seeded(seed: str) -> "Chance":
        return _SeededChance(seed)

    @staticmethod
    def scripted(rolls: Sequence[int] = ()) -> "Chance":
        return _ScriptedChance(rolls)


class _SeededChance(Chance):
    def __init__(self, seed: str) -> None:
        self._random = Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        shuffled = list(items)
        self._random.shuffle(shuffled)
        return shuffled

    def pick(self, items: Sequence[T]) -> T:
        return self._random.choice(list(items))


class _ScriptedChance(Chance):
    """Returns the given rolls in order; shuffles and picks keep their input order."""

    def __init__(self, rolls: Sequence[int]) -> None:
        self._rolls = list(rolls)

    def roll(self, sides: int) -> int:
        if not self._rolls:
            raise AssertionError("scripted chance has no rolls left")
        value = self._rolls.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted roll {value} does not fit a d{sides}")
        return value

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return list(items)

    def pick(self, items: Sequence[T]) -> T:
        return list(items)[0]
