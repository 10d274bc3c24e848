"""What a change to a table tells and who it concerns (`Update`), whether a move showed anything
new (`shows_nothing`: may it be taken back), and the table's chance."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.store.records import TableRecord
from engine import AnyGame, Chance, Event, Outcome, Step

T = TypeVar("T")
# a log row as Store.save takes it: kind, seat, actor, and the action (a dict, or a move's JSON)
LogRow = tuple[str, int | None, int | None, dict[str, Any] | str]


def told_by(table: TableRecord, events: Sequence[Event]) -> tuple[list[str], dict[int, list[str]]]:
    """Events as the table tells them: the public texts, and each seated player's private ones
    (an event for a stand-in's seat reaches nobody)."""
    public: list[str] = []
    private: defaultdict[int, list[str]] = defaultdict(list)
    for event in events:
        if event.to is None:
            public.append(event.text)
        elif (player := table.seats[event.to]) is not None:
            private[player].append(event.text)
    return public, private


@dataclass
class Update:
    table: TableRecord
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    outcome: Outcome | None = None
    was_waiting: list[int] = field(default_factory=list)  # whom the table waited on just before this
    # players who now face a new decision: newly waited on, or waited on again after their own move
    newly_asked: set[int] = field(default_factory=set)
    seats: list[int] = field(default_factory=list)  # players to be sent their seat's own view
    # the version a move made its table, if its player may take it back (bot/tables/takeback.py): their
    # Take back button, good while the table is still at that version
    undoable_at: int | None = None

    @property
    def take_back_version(self) -> int | None:
        """The version a player's Take back button names, if they may take their move back now:
        the table allows it and nothing happened since the move (no stand-in played after it)."""
        if self.undoable_at is None or self.undoable_at != self.table.version or not self.table.takebacks:
            return None
        return self.undoable_at

    def add_seats(self, users: list[int]) -> None:
        self.seats += [user for user in users if user not in self.seats]

    def add(self, update: "Update") -> None:
        self.table, self.outcome = update.table, update.outcome or self.outcome
        self.public += update.public
        for user, texts in update.private.items():
            self.private[user] += texts
        self.add_seats(update.seats)


def shows_nothing(game: AnyGame, before: BaseModel, step: Step, seat: int, action: BaseModel, chance: Chance) -> bool:
    """Whether a move revealed nothing, so that its player may take it back: the game says so
    (`Game.undoable`), and it used no chance (a die, a shuffle, a draw), whatever the game says."""
    if not isinstance(chance, _SeededOnUse) or chance.used:
        return False
    return bool(game.undoable(before, step.state, seat, action, step.events))


def chance_for(table: TableRecord, seq: int | str) -> Chance:
    """A table's chance for log entry `seq` (or "setup"): seed plus position replays exactly."""
    return _SeededOnUse(f"{table.seed}:{seq}")


class _SeededOnUse(Chance):
    """`Chance.seeded(seed)`, seeded at its first roll: most moves roll nothing, and seeding a
    generator from a string costs more than the rest of a simple move."""

    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._chance: Chance | None = None

    @property
    def used(self) -> bool:
        """Whether anything was rolled, shuffled or picked."""
        return self._chance is not None

    def _seeded(self) -> Chance:
        if self._chance is None:
            self._chance = Chance.seeded(self._seed)
        return self._chance

    def roll(self, sides: int) -> int:
        return self._seeded().roll(sides)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return self._seeded().shuffle(items)

    def pick(self, items: Sequence[T]) -> T:
        return self._seeded().pick(items)
