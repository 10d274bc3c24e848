"""Who held each seat of a table, how many of the seat's moves each holder had, and whom a seat's
result is credited to. The summary, `/stats` and the Rematch button all read this one history.

A seat changes hands after the start through these log rows (`seat` is the seat):
- `kick`: a moderator removes `action.user`, a stand-in takes the seat;
- `replace`: a moderator hands it from `action.from` (None: a stand-in) to `action.to`;
- `away`: the clock hands `action.user` to a stand-in after missed deadlines;
- `back`: the absent player (`actor`) takes it again from the stand-in;
- `substitute`: `action.to` takes it from the stand-in (`action.from` is the absent player, who
  no longer held it).
The history is read backwards from the seats the table has now (the start row logs only how many
seats there were), so the last holder of every seat is always the table's own.

MOVES: a seat's moves still standing after any rollback count for whoever held the seat when they
were played, whatever the log row's actor: the holder's own moves, the clock's at a missed deadline
(actor `CLOCK`, 0) and a moderator's `/table skip` are all played for the holder and count for them
(the seat was theirs to play, as a timed-out player on Board Game Arena still played the game); a
stand-in's count for the stand-in.

CREDIT RULE (a seat's result: a game played and, if the seat won, a win): every human who had at
least a third of the seat's moves is credited; if no human reaches a third, the human who had the
most is (all of them on a tie); a seat no human had a move of credits nobody. A seat that made no
move at all credits every human who held it. A member credited for two seats (handed one, then
another) has one game, won if either seat won.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from bot.store.records import ActionRecord, TableRecord
from bot.tables.standing import ReplayError, kept_moves

logger = logging.getLogger(__name__)

SHARE = 3  # a human with at least 1/SHARE of a seat's moves is credited with its result


def _before(row: ActionRecord) -> tuple[bool, int | None]:
    """Whether the row handed its seat over, and to whom the seat belonged before it."""
    if row.kind in ("kick", "away"):
        return True, row.action.get("user")
    if row.kind == "replace":
        return True, row.action.get("from")
    if row.kind in ("back", "substitute"):
        return True, None  # a stand-in held it in between
    return False, None


@dataclass
class Stint:
    user: int | None  # None: a stand-in
    moves: int = 0  # the seat's standing moves played while this holder had it


@dataclass
class SeatHistory:
    seat: int
    stints: list[Stint] = field(default_factory=list)  # in order; the last is the seat's holder now

    @property
    def holders(self) -> list[int | None]:
        return [stint.user for stint in self.stints]

    @property
    def moves(self) -> int:
        return sum(stint.moves for stint in self.stints)

    def humans(self) -> dict[int, int]:
        """Every human who held the seat (in the order they first did) and their moves."""
        counts: dict[int, int] = {}
        for stint in self.stints:
            if stint.user is not None:
                counts[stint.user] = counts.get(stint.user, 0) + stint.moves
        return counts

    def credited(self) -> list[int]:
        """The humans the seat's result counts for (the CREDIT RULE above)."""
        humans = self.humans()
        if not self.moves:
            return list(humans)
        enough = [user for user, moves in humans.items() if moves * SHARE >= self.moves]
        if enough:
            return enough
        most = max(humans.values(), default=0)
        return [user for user, moves in humans.items() if moves == most] if most else []


def seat_history(table: TableRecord, log: list[ActionRecord]) -> list[SeatHistory]:
    """Every seat's holders since the start, in order, with their moves (see the module's text)."""
    seats = [SeatHistory(seat, [Stint(user)]) for seat, user in enumerate(table.seats)]
    start = next((row.seq for row in reversed(log) if row.kind == "start"), None)
    if start is None:
        return seats
    try:
        standing = {row.seq for row in kept_moves(table, log)}
    except ReplayError as error:  # the holders are still right; only the counts include taken-back moves
        logger.error("table %s: counting every move of its seats (%s)", table.id, error)
        standing = {row.seq for row in log if row.kind == "move"}
    for row in reversed(log):
        if row.seq <= start:
            break
        if row.seat is None or not 0 <= row.seat < len(seats):
            continue
        stints = seats[row.seat].stints
        if row.kind == "move":
            if row.seq in standing:
                stints[0].moves += 1
            continue
        handed, before = _before(row)
        if handed:
            stints.insert(0, Stint(before))
    return seats


def held(history: list[SeatHistory], user_id: int) -> bool:
    """Whether the member held any seat at any time (kicked, replaced, away or still seated)."""
    return any(user_id in seat.holders for seat in history)


def rematch_invites(history: list[SeatHistory], log: list[ActionRecord], caller: int) -> list[int]:
    """Whom a rematch invites: every member who held a seat (a player the clock sent away, or one
    who handed it over, included), but the caller and those a moderator removed from the table."""
    removed = {row.action.get("user") for row in log if row.kind == "kick"}
    players = dict.fromkeys(user for seat in history for user in seat.holders if user is not None)
    return [user for user in players if user != caller and user not in removed]


def credits(history: list[SeatHistory], winners: set[int] | tuple[int, ...]) -> dict[int, bool]:
    """member -> whether they won, for every member credited with a seat's result."""
    result: dict[int, bool] = {}
    for seat in history:
        for user in seat.credited():
            result[user] = result.get(user, False) or seat.seat in winners
    return result
