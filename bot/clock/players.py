"""The players' side of the clock: vacations, coming back to a seat a stand-in held, and
substitutes taking such a seat. Mixed into `bot.clock.scheduler.Clock`, whose database helpers it uses."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

from bot.clock.settings import DAY, ClockSettings, format_duration
from bot.store.base import TableStore
from bot.store.records import ActionRecord, TableRecord
from bot.tables.service import Refused, TableService, Update


def _away_seat(row: ActionRecord) -> int:
    """The seat an "away" log row handed to a stand-in."""
    assert row.seat is not None, "an away row names the seat it hands to a stand-in"
    return row.seat


class PlayerClock:
    if TYPE_CHECKING:  # what it uses of the Clock it is mixed into
        now: Callable[[], float]
        service: TableService
        store: TableStore
        _wake: asyncio.Event

        async def settings(self, table_id: int) -> ClockSettings: ...
        async def _select(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]: ...

    async def vacation(
        self, table_id: int, user_id: int, days: int, now: float | None = None
    ) -> tuple[float | None, float]:
        """Go on vacation for `days` from now (0: come back now). Returns (until, seconds left)."""
        now = self.now() if now is None else now
        table = await self.service.get(table_id)
        if not table.open:
            raise Refused("This table is already over.")
        if user_id not in table.seats:
            raise Refused("You are not playing at this table.")
        settings = await self.settings(table_id)
        rows = await self._select(
            "SELECT until, used FROM clock_vacations WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        until_before = max(now, rows[0]["until"]) if rows else now
        used = (rows[0]["used"] if rows else 0.0) - (until_before - now)  # unused days come back
        allowed = settings.vacation_days * DAY
        if days and used + days * DAY > allowed:
            left = f"{format_duration(allowed - used)} left" if allowed > used else "none left"
            days_allowed = f"{settings.vacation_days} day{'s' if settings.vacation_days != 1 else ''}"
            raise Refused(f"This table allows {days_allowed} of vacation per player; you have {left}.")
        until = now + days * DAY
        used += days * DAY
        await self.store.transaction(
            [
                (
                    "INSERT INTO clock_vacations (table_id, user_id, until, used) VALUES (?, ?, ?, ?) ON CONFLICT"
                    " (table_id, user_id) DO UPDATE SET until = excluded.until, used = excluded.used",
                    (table_id, user_id, until, used),
                ),
                # The time left before each deadline is kept for the return.
                (
                    "UPDATE clock_seats SET deadline = ? + (CASE WHEN deadline > ? THEN deadline - ? ELSE 0 END)"
                    " WHERE table_id = ? AND user_id = ? AND deadline IS NOT NULL",
                    (until, until_before, until_before, table_id, user_id),
                ),
            ]
        )
        self._wake.set()
        await self.store.tell_change(table_id)  # the seat's deadline moved: the table's page shows it
        return (until if days else None), allowed - used

    async def back(self, table_id: int, user_id: int) -> Update:
        """A player the clock handed to a stand-in takes their seat again."""
        async with self.service.table_lock(table_id):
            table = await self._seated_table(table_id, user_id)
            mine = [
                _away_seat(row)
                for row in await self.store.actions(table_id, kind="away")
                if row.action.get("user") == user_id
            ]
            if not mine:
                raise Refused(
                    "No seat waits for you here: `/table back` is for players a stand-in stood in for "
                    "after missed deadlines."
                )
            if table.seats[mine[-1]] is not None:
                raise Refused(f"<@{table.seats[mine[-1]]}> has taken your seat since.")
            return await self._seat(
                table,
                mine[-1],
                user_id,
                "back",
                {"user": user_id},
                f"👋 <@{user_id}> is back and plays their seat again.",
            )

    async def substitute(self, table_id: int, user_id: int) -> Update:
        """Someone takes the seat of a player the clock handed to a stand-in (the first such seat)."""
        async with self.service.table_lock(table_id):
            table = await self._seated_table(table_id, user_id)
            absent = {
                _away_seat(row): row.action.get("user") for row in await self.store.actions(table_id, kind="away")
            }
            free = [seat for seat in sorted(absent) if table.seats[seat] is None]
            if not free:
                raise Refused("This table has already started, and no seat is waiting for a substitute.")
            before = absent[free[0]]
            return await self._seat(
                table,
                free[0],
                user_id,
                "substitute",
                {"from": before, "to": user_id},
                f"🔁 <@{user_id}> takes over the seat of <@{before}>.",
            )

    async def _seated_table(self, table_id: int, user_id: int) -> TableRecord:
        table = await self.service.get(table_id, cached=True)
        if table.status not in ("running", "paused"):
            raise Refused("This table is not running.")
        if user_id in table.seats:
            raise Refused("You are already playing at this table.")
        return table

    async def _seat(
        self, table: TableRecord, seat: int, user_id: int, kind: str, action: dict[str, Any], text: str
    ) -> Update:
        return await self.service.commit(
            table,
            table.handing(seat, user_id),
            (kind, seat, user_id, action),
            [text],
            seats=[user_id],
            opening="🎲 Your seat",
            was_waiting=self.service.waiting_on(table),
        )
