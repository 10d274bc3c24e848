"""The kinds of rows in a table's action log, and what each means for the rest of the bot: one
list, where three modules each kept their own."""

from __future__ import annotations

from enum import StrEnum

from bot.store.records import ActionRecord


class RowKind(StrEnum):
    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    MOVE = "move"  # replayed through the rules
    KICK = "kick"
    REPLACE = "replace"
    PAUSE = "pause"
    RESUME = "resume"
    SKIP = "skip"
    ROLLBACK = "rollback"
    TAKEBACK = "takeback"  # a player takes back their own last move ({"seq": that move's row})
    END = "end"
    AWAY = "away"  # the clock hands a seat to a stand-in
    BACK = "back"  # its player takes it again
    SUBSTITUTE = "substitute"  # someone else takes it

    @property
    def undoes(self) -> bool:
        """It takes moves back: the game is replayed without them (bot/tables/standing.py)."""
        return self in (RowKind.ROLLBACK, RowKind.TAKEBACK)

    @property
    def one_seat(self) -> bool:
        """It concerns one seat: another seat's deadline goes on through it (bot/clock/scheduler.py)."""
        return self in _ONE_SEAT

    @property
    def keeps_others_buttons(self) -> bool:
        """Another seat's buttons stay valid through it (a secret vote stays open while others
        vote, a seat changes hands, the table pauses and resumes)."""
        return self in _ONE_SEAT or self in (RowKind.PAUSE, RowKind.RESUME)

    @property
    def moderator(self) -> bool:
        """A moderator's action: its time is shown in /table log."""
        return self in _MODERATOR


_ONE_SEAT = frozenset(
    {RowKind.MOVE, RowKind.AWAY, RowKind.BACK, RowKind.SUBSTITUTE, RowKind.REPLACE, RowKind.KICK, RowKind.SKIP}
)
_MODERATOR = frozenset(
    {RowKind.KICK, RowKind.REPLACE, RowKind.PAUSE, RowKind.RESUME, RowKind.SKIP, RowKind.ROLLBACK, RowKind.END}
)


def kind_of(row: ActionRecord) -> RowKind | None:
    """A log row's kind (None for a kind this version does not know)."""
    try:
        return RowKind(row.kind)
    except ValueError:
        return None
