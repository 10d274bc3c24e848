"""The clock's rows: each table's settings (`clock_tables`), the deadlines of the seats it waits on
(`clock_seats`) and its players' vacations (`clock_vacations`), and how a table's deadlines are
brought in line with its version, in the transaction of the change itself (see bot/clock/scheduler.py
for the table rules)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.clock.settings import ClockSettings
from bot.store.base import read_actions
from bot.store.db import Db
from bot.store.records import ActionRecord, TableRecord
from bot.tables.log_kinds import kind_of
from engine import AnyGame

CLOCK = 0  # the actor id of the clock's moves in the log (no Discord user has id 0)

CLOCK_ROW = "SELECT * FROM clock_tables WHERE table_id = ?"
SEATS = "SELECT * FROM clock_seats WHERE table_id = ? ORDER BY seat"
AWAY = "SELECT user_id, until FROM clock_vacations WHERE table_id = ? AND until > ?"
SEAT_COLUMNS = ("table_id", "seat", "user_id", "since", "since_version", "deadline")  # a clock_seats row
Row = dict[str, Any]  # a row of the clock's tables, by column


def untouched(since: list[ActionRecord], seat: int) -> bool:
    """Whether a seat's deadline still stands after these log rows: only other seats' moves."""
    return all((kind := kind_of(row)) is not None and kind.one_seat and row.seat != seat for row in since)


def misses_in_a_row(log_rows: list[ActionRecord], seat: int) -> int:
    """The clock's moves for `seat` in a row, since its player last moved or sat down."""
    count = 0
    for row in reversed(log_rows):
        if row.seat != seat:
            continue
        if row.kind != "move" or row.actor_id != CLOCK:
            break
        count += 1
    return count


async def line_up(
    db: Db, table: TableRecord, waited: dict[int, int], now: float, force: bool
) -> tuple[list[Row], dict[int, float], list[float]]:
    """In one transaction: the table's deadlines brought in line with its version (see Clock.sync and Clock.deadlines_after),
    who is away, and when what was set falls due. A seat still waited on by the same player keeps its
    deadline if only other seats moved since it was set."""
    table_id = table.id
    await db.lock(f"clock of table {table_id}")  # two line-ups of one table at once (PostgreSQL): one waits
    clock = await db.fetchrow(CLOCK_ROW, table_id)
    old = {row["seat"]: dict(row) for row in await db.fetch(SEATS, table_id)}
    away = {row["user_id"]: row["until"] for row in await db.fetch(AWAY, table_id, now)}
    if clock is not None and clock["synced_version"] == table.version and not force:
        return list(old.values()), away, []  # in line with this version already
    since = await read_actions(db, table_id, since=min(row["since_version"] for row in old.values())) if old else []
    settings = ClockSettings.of(dict(clock) if clock else None)
    kept = {
        seat
        for seat, row in old.items()
        if waited.get(seat) == row["user_id"] and untouched([r for r in since if r.seq > row["since_version"]], seat)
    }
    fresh = [
        (
            table_id,
            seat,
            user,
            now,
            table.version,
            max(now, away.get(user, now)) + settings.pace if settings.pace else None,
        )
        for seat, user in waited.items()
        if seat not in kept
    ]
    interval = settings.interval
    reminder = now + interval if waited and interval else None
    await db.execute(
        "INSERT INTO clock_tables (table_id, reminders, misses, vacation_days, synced_version, reminded,"
        " next_reminder) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (table_id) DO UPDATE SET"
        " synced_version = excluded.synced_version, reminded = 0, next_reminder = excluded.next_reminder",
        table_id,
        settings.reminders,
        settings.misses,
        settings.vacation_days,
        table.version,
        reminder,
    )
    for seat in old.keys() - kept:
        await db.execute("DELETE FROM clock_seats WHERE table_id = ? AND seat = ?", table_id, seat)
    await db.executemany(
        "INSERT INTO clock_seats (table_id, seat, user_id, since, since_version, deadline) VALUES (?, ?, ?, ?, ?, ?)",
        fresh,
    )
    rows = sorted(
        [row for seat, row in old.items() if seat in kept] + [dict(zip(SEAT_COLUMNS, row)) for row in fresh],
        key=lambda row: row["seat"],
    )
    return rows, away, [row[-1] for row in fresh if row[-1] is not None] + ([reminder] if reminder is not None else [])


def waited(game: AnyGame, table: TableRecord, state: BaseModel | None) -> dict[int, int]:
    """seat -> user, for the human seats the table waits on at `state`."""
    if table.status != "running" or state is None:
        return {}
    return {seat: user for seat in sorted(game.to_move(state)) if (user := table.seats[seat]) is not None}


async def read(db: Db, table_id: int, now: float) -> tuple[list[Row], dict[int, float]]:
    """The table's deadlines (as `Clock.deadlines` reads them) and who is away, read in one job."""
    rows = [dict(row) for row in await db.fetch(SEATS, table_id)]
    away = {row["user_id"]: row["until"] for row in await db.fetch(AWAY, table_id, now)}
    return rows, away
