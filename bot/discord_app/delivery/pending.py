"""Deliveries a table still has to make, merged: under load, several moves at one table are told by
one delivery (the latest version wins, nothing is lost from the log).

A move is committed and acknowledged inside the table's Publisher.ordered_delivery; what it tells is in
the outbox. Its delivery waits its turn at the table's channel after that, and when a delivery is
still going out (Discord slow, or the bot's core busy), the moves committed meanwhile pile up here
and go out together: one board with every event since the last one, in order, drawn once at the
latest version, and each player's texts in one DM.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.discord_app.delivery.hooks import Hook
from bot.store.records import TableRecord


@dataclass
class Delivery:
    """What `Publisher.publish` was asked to tell, for one change or several merged."""

    table: TableRecord  # the table at the last version to tell
    before: list[int]  # whom the board waited on before the first change (what the channel last saw)
    actors: frozenset[int | None]  # who made the changes (None: the clock, a moderator, a stand-in)
    newly_asked: set[int] = field(default_factory=set)  # players facing a new decision (Update.newly_asked)
    aware: set[int] = field(default_factory=set)  # players who know they are waited on: no ping
    prompted: set[int] = field(default_factory=set)  # players shown their moves where they pressed: no DM
    via: Hook | None = None  # the latest press that made a change, to post a new board through

    @classmethod
    def of(
        cls,
        table: TableRecord,
        before: list[int],
        actor: int | None,
        newly_asked: set[int],
        prompted: tuple[int, ...],
        via: Hook | None = None,
    ) -> "Delivery":
        aware = set() if actor is None else {actor}
        return cls(table, list(before), frozenset([actor]), set(newly_asked), aware, set(prompted), via)

    @property
    def actor(self) -> int | None:
        """The one player who made every change, if one did."""
        return next(iter(self.actors)) if len(self.actors) == 1 else None

    def then(self, later: "Delivery") -> "Delivery":
        """This delivery followed by `later`, as one: what a later change asks anew (a fresh
        decision) cancels what an earlier press showed."""
        return Delivery(
            later.table,
            self.before,
            self.actors | later.actors,
            self.newly_asked | later.newly_asked,
            (self.aware - later.newly_asked) | later.aware,
            (self.prompted - later.newly_asked) | later.prompted,
            later.via or self.via,
        )


def merged(deliveries: list[Delivery]) -> Delivery:
    first, *rest = deliveries
    for later in rest:
        first = first.then(later)
    return first
