"""What every store does the same way, on SQLite (bot/store/sqlite.py) and on PostgreSQL
(bot/store/postgres.py): tables and their append-only action log, each table's row cached as the
store last read or wrote it, and each change written with a version compare-and-set, its log row and
its outbox rows in one transaction (`save`). A write whose expected version is stale is refused
with `StaleVersion`; one that the database refuses for a fault of its file, disk or server is rolled
back and raised as `StorageFailed`; a database that cannot be opened raises `StoreUnavailable`.

A backend gives `run_job` (a job, bot/store/db.py, each statement its own transaction),
`in_transaction` (a job in one transaction, its result returned), `check_writable` and `close`;
everything else is here, in SQL both accept.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Literal

from bot.store.changes import Changes
from bot.store.db import Db, Job, Row
from bot.store.errors import INTEGRITY_ERRORS, ChannelBusy, StaleVersion, UnreadableTable
from bot.store.records import OPEN_STATUSES, ActionRecord, TableRecord

log = logging.getLogger(__name__)
RECORD_CACHE = 5000  # table rows kept in memory (a few kB each), for the tables used most recently
# The columns a save may change (besides version and updated_at), and those stored as JSON text
SAVED_COLUMNS = ("status", "host_id", "seats", "strong_seats", "options", "state", "deadline", "board_message_id")
JSON_COLUMNS = frozenset({"seats", "strong_seats", "options"})
OPEN = "status IN ('lobby', 'running', 'paused')"
OUTBOX_ROW = "INSERT INTO outbox (table_id, version, n, user_id, kind, text, via) VALUES (?, ?, ?, ?, ?, ?, ?)"
LOG_ROW = (
    "INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at)"
    " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), ?, ?, ?, ?, ?)"
)
Doing = Literal["write", "move", "read"]


def table_of(row: Row) -> TableRecord:
    """A `tables` row as a TableRecord; UnreadableTable if it cannot be read."""
    values = dict(row)
    try:
        for name in JSON_COLUMNS:
            values[name] = json.loads(values[name])
        return TableRecord.model_validate(values)
    except (ValueError, TypeError) as error:  # JSONDecodeError and ValidationError are ValueErrors
        raise UnreadableTable(values.get("id"), type(error).__name__) from None


async def read_actions(db: Db, table_id: int, kind: str | None = None, since: int = 0) -> list[ActionRecord]:
    """`TableStore.actions` in a job, for one that reads more than the log."""
    sql = "SELECT * FROM actions WHERE table_id = ? AND seq > ?" + (" AND kind = ?" if kind else "") + " ORDER BY seq"
    rows = await db.fetch(sql, *((table_id, since, kind) if kind else (table_id, since)))
    return [ActionRecord.model_validate({**dict(row), "action": json.loads(row["action"])}) for row in rows]


@dataclass(frozen=True)
class Change:
    """What `TableStore.save` writes: the table's changed columns (JSON already encoded) at its new
    `version`, behind a compare-and-set on the one before; a log row (kind, seat, actor id, action's
    JSON) or none; the outbox rows (user or None, kind, text, via)."""

    table_id: int
    version: int
    at: float
    columns: dict[str, Any]
    log: tuple[str, int | None, int | None, str] | None
    told: list[tuple[int | None, str, str, str | None]]

    def update(self) -> tuple[str, tuple]:
        sets = "".join(f"{name} = ?, " for name in self.columns)
        return (
            f"UPDATE tables SET {sets}version = ?, updated_at = ? WHERE id = ? AND version = ?",
            (*self.columns.values(), self.version, self.at, self.table_id, self.version - 1),
        )

    def outbox_rows(self) -> list[tuple]:
        return [(self.table_id, self.version, n, *row) for n, row in enumerate(self.told)]


class TableStore(ABC):
    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._now = now
        # Each table's row as this store last read or wrote it, most recently used last (see
        # `get_table(cached=True)`).
        self._records: OrderedDict[int, TableRecord] = OrderedDict()
        self._exclusive: dict[str, asyncio.Lock] = {}
        self.changes = Changes()  # each committed change of a table, told in the process (bot/store/changes.py)

    # --- what each backend gives -----------------------------------------------------------------

    @abstractmethod
    async def run_job(self, work: Job, doing: Doing = "write") -> Any:
        """`await work(db)`, each statement committed on its own. A fault of the database's file,
        disk or server is raised as StorageFailed, its message worded for `doing`."""

    @abstractmethod
    async def in_transaction(self, work: Job, doing: Doing = "write") -> Any:
        """`await work(db)` in one transaction: committed if it returns, rolled back if it raises."""

    @abstractmethod
    async def check_writable(self) -> None:
        """Write once and roll it back: StoreUnavailable if the database cannot be written."""

    @abstractmethod
    async def close(self) -> None: ...

    async def share_changes(self) -> None:
        """Tell the other processes on this database of this store's changes, and hear theirs
        (`changes`). One process holds a SQLite file: nothing to share (PostgreSQL: NOTIFY)."""

    async def tell_change(self, table_id: int) -> None:
        """Tell the table's watchers, as a save does, of a change that is no new version (its
        deadlines)."""
        self.changes.tell(table_id)

    @contextlib.asynccontextmanager
    async def exclusively(self, name: str) -> AsyncIterator[None]:
        """Nothing else holding this database runs a block of the same `name` meanwhile. One
        process holds a SQLite file, so a lock of its own is enough (PostgreSQL: an advisory lock)."""
        async with self._exclusive.setdefault(name, asyncio.Lock()):
            yield

    # --- SQL -------------------------------------------------------------------------------------

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.run_job(lambda db: db.fetch(sql, *params), "read")

    async def transaction(
        self,
        statements: list[tuple[str, tuple]],
        *,
        must_change: tuple[int, ...] = (),
        doing: Literal["write", "move"] = "write",
        then: Job | None = None,
    ) -> list[int]:
        """Run statements atomically (on SQLite in one hop); returns each statement's rowcount. If a
        statement listed in `must_change` changes no row, nothing is written and StaleVersion is
        raised. If the database refuses, nothing is written and StorageFailed is raised. `then(db)`
        runs after the statements, in the same transaction (derived data kept in step: ratings)."""

        async def work(db: Db) -> list[int]:
            counts = []
            for index, (sql, params) in enumerate(statements):
                counts.append(await db.execute(sql, *params))
                if index in must_change and counts[-1] == 0:
                    raise StaleVersion()
            if then is not None:
                await then(db)
            return counts

        return await self.in_transaction(work, doing)

    async def _commit(self, change: Change, then: Job | None, doing: Literal["write", "move"]) -> None:
        """`save`'s writes, in one transaction, then `then`; StaleVersion if the row moved on."""
        statements = [change.update()]
        if change.log is not None:
            statements.append(
                (LOG_ROW, (change.table_id, change.table_id, *change.log[1:3], change.log[0], change.log[3], change.at))
            )

        async def tell_then(db: Db) -> None:  # the outbox rows in one batch
            if change.told:
                await db.executemany(OUTBOX_ROW, change.outbox_rows())
            if then is not None:
                await then(db)

        await self.transaction(
            statements, must_change=(0,), doing=doing, then=tell_then if change.told or then is not None else None
        )

    # --- tables ----------------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        seats: list[int | None],
        options: dict,
        seed: str,
        takebacks: bool = True,
        strong_seats: Sequence[int] = (),
    ) -> TableRecord:
        now = self._now()
        values = (guild_id, channel_id, game, host_id, json.dumps(seats), json.dumps(options), seed, int(takebacks))
        strong = json.dumps(sorted(strong_seats))
        sql = (
            "INSERT INTO tables (guild_id, channel_id, game, status, host_id, seats, options, seed, takebacks,"
            " strong_seats, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *"
        )
        try:
            row = await self.run_job(lambda db: db.fetchrow(sql, *values, strong, now, now))
        except INTEGRITY_ERRORS:
            raise ChannelBusy() from None
        return self._remember(table_of(row))

    async def get_table(self, table_id: int, *, cached: bool = False) -> TableRecord | None:
        """The table's row. With `cached`, the row as this store last read or wrote it, without a
        database read: for changes made under the table's lock, where the save's version check
        catches anything written behind the store's back (change the database only through the
        store while the bot runs)."""
        if cached and table_id in self._records:
            self._records.move_to_end(table_id)
            return self._records[table_id]
        rows = await self.query("SELECT * FROM tables WHERE id = ?", (table_id,))
        if not rows:
            self._records.pop(table_id, None)
            return None
        try:
            return self._remember(table_of(rows[0]))
        except UnreadableTable:
            self._records.pop(table_id, None)
            raise

    def remembers(self, table_id: int) -> bool:
        return table_id in self._records

    def forget(self, table_id: int) -> None:
        """Drop the table's row from memory (read for one look only, such as the clock's sweep)."""
        self._records.pop(table_id, None)

    def _remember(self, table: TableRecord) -> TableRecord:
        known = self._records.get(table.id)
        if known is not None and known.version > table.version:
            return table  # a read that left before a save came back after it: keep the newer row
        self._records[table.id] = table
        self._records.move_to_end(table.id)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)
        return table

    async def open_table_in(self, channel_id: int) -> TableRecord | None:
        rows = await self.query(f"SELECT * FROM tables WHERE channel_id = ? AND {OPEN}", (channel_id,))
        return table_of(rows[0]) if rows else None

    async def open_tables(self) -> list[TableRecord]:
        """Every open table, for start-up. A row that cannot be read is logged and skipped: one
        damaged table must not keep the bot from starting."""
        tables = []
        for row in await self.query(f"SELECT * FROM tables WHERE {OPEN} ORDER BY id"):
            try:
                tables.append(table_of(row))
            except UnreadableTable as error:
                log.error("%s: the row cannot be read; skipping it", error)
        return tables

    async def table_ids(self, statuses: tuple[str, ...] = OPEN_STATUSES) -> list[int]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self.query(f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY id", statuses)
        return [row[0] for row in rows]

    async def save(
        self,
        table: TableRecord,
        changes: dict[str, Any],
        log: tuple[str, int | None, int | None, dict | str] | None = None,
        told: Sequence[tuple[int | None, str, str, str | None]] = (),
        then: Job | None = None,
    ) -> TableRecord:
        """Write `changes` to the table as its next version and, in the same transaction, one log row
        and what the change tells (`told`: outbox rows of user or None for the channel, kind, text,
        via; owed until delivered, see bot/store/outbox.py).

        `table` is the row as this store last gave it; only the changed columns are written (a move
        writes its state, not the seats and options again: fewer JSON encodings). `log` is (kind,
        seat, actor id, action or its JSON text); `then` as for `transaction`. Raises StaleVersion if
        the row moved on since `table`."""
        now = self._now()
        table = table.model_copy(update={**changes, "version": table.version + 1, "updated_at": now})
        columns = {
            name: json.dumps(getattr(table, name)) if name in JSON_COLUMNS else getattr(table, name)
            for name in SAVED_COLUMNS
            if name in changes
        }
        row = None
        if log is not None:
            kind, seat, actor_id, action = log
            row = (kind, seat, actor_id, action if isinstance(action, str) else json.dumps(action))
        change = Change(table.id, table.version, now, columns, row, list(told))
        try:
            await self._commit(change, then, "move" if row is not None and row[0] == "move" else "write")
        except BaseException:
            self._records.pop(table.id, None)  # read it afresh next time
            raise
        saved = self._kept_after_save(table, changes)
        self.changes.tell(table.id)  # committed, and the row kept: its watchers may read it now
        return saved

    def _kept_after_save(self, table: TableRecord, changes: dict[str, Any]) -> TableRecord:
        """The row a save made, remembered. The board's message is set without a version
        (set_board_message): the row this change was made from may not know the latest, so the one
        this store holds is kept; if it holds none (let go meanwhile), the row is left to be read
        afresh."""
        if "board_message_id" not in changes:
            known = self._records.get(table.id)
            if known is None:
                return table
            if known.board_message_id != table.board_message_id:
                table = table.model_copy(update={"board_message_id": known.board_message_id})
        return self._remember(table)

    async def close_damaged(self, channel_id: int) -> int:
        """End the channel's open table without reading its row (it cannot be read): the log keeps
        everything, and the channel is free for a new table. Returns how many rows were closed."""
        (closed,) = await self.transaction(
            [
                (
                    f"UPDATE tables SET status = 'ended', version = version + 1, updated_at = ? WHERE channel_id = ? AND {OPEN}",
                    (self._now(), channel_id),
                )
            ]
        )
        self._records.clear()
        return closed

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Where the table's board is posted: presentation only, so no version bump."""
        await self._write("UPDATE tables SET board_message_id = ? WHERE id = ?", message_id, table_id)
        if table_id in self._records:
            self._records[table_id] = self._records[table_id].model_copy(update={"board_message_id": message_id})

    async def _write(self, sql: str, *params: Any) -> int:
        return await self.run_job(lambda db: db.execute(sql, *params))

    # --- the log ---------------------------------------------------------------------------------

    async def actions(self, table_id: int, kind: str | None = None, since: int = 0) -> list[ActionRecord]:
        """The table's log in order; only rows of `kind`, and only those after seq `since`, if given."""
        return await self.run_job(lambda db: read_actions(db, table_id, kind, since), "read")

    # --- delivery memory -------------------------------------------------------------------------

    async def mark_dms_closed(self, user_id: int, closed: bool) -> None:
        if closed:
            await self._write(
                "INSERT INTO closed_dms (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = excluded.at",
                user_id,
                self._now(),
            )
        else:
            await self._write("DELETE FROM closed_dms WHERE user_id = ?", user_id)

    async def get_meta(self, key: str) -> str | None:
        rows = await self.query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self.query("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            user_id,
            channel_id,
        )

    async def dms_closed(self, user_id: int) -> bool:
        return bool(await self.query("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,)))
