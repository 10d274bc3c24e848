"""What a change to a table tells and who it concerns (`Update`), and the table's chance."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from engine import Chance, Outcome

from .store import TableRecord


@dataclass
class Update:
    table: TableRecord
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    outcome: Outcome | None = None
    was_waiting: list[int] = field(default_factory=list)  # whom the table waited on just before this
    # players who now face a new decision: newly waited on, or waited on again after their own move
    fresh: set[int] = field(default_factory=set)
    seats: list[int] = field(default_factory=list)  # players to be sent their seat's own view

    def add_seats(self, users: list[int]) -> None:
        self.seats += [user for user in users if user not in self.seats]

    def add(self, update: "Update") -> None:
        self.table, self.outcome = update.table, update.outcome or self.outcome
        self.public += update.public
        for user, texts in update.private.items():
            self.private[user] += texts
        self.add_seats(update.seats)


def chance_for(table: TableRecord, seq: int | str) -> Chance:
    """A table's chance for log entry `seq` (or "setup"): seed plus position replays exactly."""
    return _SeededOnUse(f"{table.seed}:{seq}")


class _SeededOnUse(Chance):
    """`Chance.seeded(seed)`, seeded at its first roll: most moves roll nothing, and seeding a
    generator from a string costs more than the rest of a simple move."""

    def __init__(self, seed: str) -> None:
        self._seed, self._chance = seed, None

    def _seeded(self) -> Chance:
        if self._chance is None:
            self._chance = Chance.seeded(self._seed)
        return self._chance

    def roll(self, sides):
        return self._seeded().roll(sides)

    def shuffle(self, items):
        return self._seeded().shuffle(items)

    def pick(self, items):
        return self._seeded().pick(items)
