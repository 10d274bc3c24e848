"""The SQLite store: tables and their append-only action log, one writer connection.

Every accepted action is one transaction (log row, new state, version bump), run on the
connection's thread in one hop. A write whose expected version is stale is refused with
`StaleVersion`; one that the file or the disk refuses (full, read-only, locked, damaged) is rolled
back and raised as `StorageFailed`; a database that cannot be opened raises `StoreUnavailable`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from bot.priority import behind_the_loop
from bot.store.checkpoints import CHECKPOINT_EVERY, WAL_BACKSTOP_PAGES, Checkpointer
from bot.store.errors import ChannelBusy, StaleVersion, StorageFailed, StoreUnavailable, UnreadableTable
from bot.store.faults import storage_fault
from bot.store.jobs import Job, Jobs  # Job: work run on the connection's thread
from bot.store.paths import FolderProblem, prepare_folder
from bot.store.records import OPEN_STATUSES, ActionRecord, TableRecord
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)
RECORD_CACHE = 5000  # table rows kept in memory (a few kB each), for the tables used most recently
# The columns a save may change (besides version and updated_at), and those stored as JSON text
SAVED_COLUMNS = ("status", "host_id", "seats", "options", "state", "deadline", "board_message_id")
JSON_COLUMNS = frozenset({"seats", "options"})


def roll_back(connection: sqlite3.Connection) -> None:
    """End a failed transaction, unless SQLite has already rolled it back itself (it does on a full
    disk and on some I/O errors): a ROLLBACK then fails with "no transaction is active" and would
    hide the error that matters."""
    if connection.in_transaction:
        try:
            connection.execute("ROLLBACK")
        except sqlite3.Error as error:
            log.error("ROLLBACK failed after a failed transaction: %s", error)


def read_actions(
    connection: sqlite3.Connection, table_id: int, kind: str | None = None, since: int = 0
) -> list[ActionRecord]:
    """`Store.actions` on the worker thread, for a job that reads more than the log."""
    sql = "SELECT * FROM actions WHERE table_id = ? AND seq > ?" + (" AND kind = ?" if kind else "") + " ORDER BY seq"
    rows = connection.execute(sql, (table_id, since, kind) if kind else (table_id, since))
    return [ActionRecord.model_validate({**dict(row), "action": json.loads(row["action"])}) for row in rows]


def _table(row: aiosqlite.Row) -> TableRecord:
    values = dict(row)
    try:
        values["seats"] = json.loads(values["seats"])
        values["options"] = json.loads(values["options"])
        return TableRecord.model_validate(values)
    except (ValueError, TypeError) as error:  # JSONDecodeError and ValidationError are ValueErrors
        raise UnreadableTable(values.get("id"), type(error).__name__) from None


class Store:
    def __init__(self, db: aiosqlite.Connection, now=time.time, path: str | Path = ":memory:") -> None:
        self._db = db
        self._jobs = Jobs(db)
        self._path = path  # for messages
        # One connection, one worker thread: each transaction runs there as one job, so jobs never
        # interleave. The lock only guards multi-step work such as migrations.
        self._write = asyncio.Lock()
        self._now = now
        # Each table's row as this store last read or wrote it, most recently used last (see
        # `get_table(cached=True)`).
        self._records: OrderedDict[int, TableRecord] = OrderedDict()
        self._checkpoints: Checkpointer | None = None
        self._commits = 0

    @classmethod
    async def open(cls, path: str | Path, now=time.time) -> "Store":
        """Open (or create) the database and bring its schema up to date. Raises StoreUnavailable if
        the file cannot be used, after closing the connection: its worker thread is no daemon and
        would keep the process alive."""
        in_memory = str(path) == ":memory:"
        if not in_memory:
            if Path(path).is_dir():
                raise StoreUnavailable(f"{path} is a folder; name a file in it, such as {Path(path) / 'bot.sqlite3'}")
            try:
                prepare_folder(Path(path).parent)
            except FolderProblem as problem:
                raise StoreUnavailable(f"{path} cannot be made: {problem}") from None
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise StoreUnavailable.because(path, error) from error
        store = cls(db, now, path)
        try:
            db.row_factory = aiosqlite.Row
            # busy_timeout first: a lock that another program holds for a moment is waited for, even
            # by the switch to WAL
            for pragma in (
                "busy_timeout = 5000",
                "journal_mode = WAL",
                "synchronous = NORMAL",
                "foreign_keys = ON",
                f"wal_autocheckpoint = {WAL_BACKSTOP_PAGES}",
            ):
                await db.execute(f"PRAGMA {pragma}")
            await store._migrate()
            await db._execute(behind_the_loop)  # SQLite's thread: it never preempts the event loop
        except BaseException as error:
            await db.close()
            if isinstance(error, sqlite3.Error):
                raise StoreUnavailable.because(path, error) from error
            raise
        store._checkpoints = None if in_memory else Checkpointer(str(path))
        return store

    async def check_writable(self) -> None:
        """Write once and roll it back: raises StoreUnavailable if another program holds the write
        lock (after busy_timeout) or the file cannot be written, so that the bot stops at start-up
        rather than at its first move. (Opening only reads a database that is up to date.)"""

        def work(connection: sqlite3.Connection) -> None:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('write check', '')")
            finally:
                roll_back(connection)

        try:
            await self._jobs.run(work)
        except sqlite3.Error as error:
            raise StoreUnavailable.because(self._path, error) from error

    async def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.close()
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = row[0] if row else 0
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self._write:
                await self._db.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def run_job(self, work, doing: Literal["write", "move", "read"] = "write"):
        """Run `work(connection)` on the connection's worker thread, in one hop with the jobs
        queued meanwhile (bot/store/jobs.py; aiosqlite's `execute` costs a hop per call). A fault
        of the file or the disk is raised as StorageFailed, its message worded for `doing`."""
        try:
            return await self._jobs.run(work)
        except sqlite3.Error as error:
            raise self._failed(error, doing) from error

    async def query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        return await self.run_job(lambda connection: connection.execute(sql, params).fetchall(), "read")

    def _failed(self, error: sqlite3.Error, doing: Literal["write", "move", "read"]) -> Exception:
        """StorageFailed for a fault of the file or the disk; any other error as it is."""
        fault = storage_fault(error)
        if fault is None:
            return error
        log.error("storage fault in a %s of %s: %s", doing, self._path, error)
        return StorageFailed(fault[0], doing)

    async def transaction(
        self,
        statements: list[tuple[str, tuple]],
        *,
        must_change: tuple[int, ...] = (),
        doing: Literal["write", "move"] = "write",
        then: Job | None = None,
    ) -> list[int]:
        """Run statements atomically (in one hop); returns each statement's rowcount. If a statement
        listed in `must_change` changes no row, nothing is written and StaleVersion is raised. If the
        file or the disk refuses, nothing is written and StorageFailed is raised. `then(connection)`
        runs after the statements, in the same transaction (derived data kept in step: ratings)."""

        def work(connection: sqlite3.Connection) -> list[int]:
            connection.execute("BEGIN IMMEDIATE")
            try:
                counts = []
                for index, (sql, params) in enumerate(statements):
                    counts.append(connection.execute(sql, params).rowcount)
                    if index in must_change and counts[-1] == 0:
                        raise StaleVersion()
                if then is not None:
                    then(connection)
                connection.execute("COMMIT")
                return counts
            except BaseException:
                roll_back(connection)
                raise

        counts = await self.run_job(work, doing)
        self._commits += 1
        if self._checkpoints is not None and self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoints.start()
        return counts

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
    ) -> TableRecord:
        now = self._now()
        values = (
            guild_id,
            channel_id,
            game,
            host_id,
            json.dumps(seats),
            json.dumps(options),
            seed,
            takebacks,
            now,
            now,
        )

        def work(connection: sqlite3.Connection) -> sqlite3.Row:
            cursor = connection.execute(
                "INSERT INTO tables (guild_id, channel_id, game, status, host_id, seats, options, seed, takebacks,"
                " created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            return connection.execute("SELECT * FROM tables WHERE id = ?", (cursor.lastrowid,)).fetchone()

        try:
            return self._remember(_table(await self.run_job(work)))
        except sqlite3.IntegrityError:
            raise ChannelBusy() from None

    async def get_table(self, table_id: int, *, cached: bool = False) -> TableRecord | None:
        """The table's row. With `cached`, the row as this store last read or wrote it, without a
        database read: for changes made under the table's lock, where the save's version check
        catches anything written behind the store's back (change the file only through the store
        while the bot runs)."""
        if cached and table_id in self._records:
            self._records.move_to_end(table_id)
            return self._records[table_id]
        rows = await self.query("SELECT * FROM tables WHERE id = ?", (table_id,))
        if not rows:
            self._records.pop(table_id, None)
            return None
        try:
            return self._remember(_table(rows[0]))
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
        rows = await self.query(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')", (channel_id,)
        )
        return _table(rows[0]) if rows else None

    async def open_tables(self) -> list[TableRecord]:
        """Every open table, for start-up. A row that cannot be read is logged and skipped: one
        damaged table must not keep the bot from starting."""
        tables = []
        for row in await self.query("SELECT * FROM tables WHERE status IN ('lobby', 'running', 'paused') ORDER BY id"):
            try:
                tables.append(_table(row))
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
        expected_version = table.version
        table = table.model_copy(update={**changes, "version": expected_version + 1, "updated_at": now})
        columns = [name for name in SAVED_COLUMNS if name in changes]
        values = [
            json.dumps(getattr(table, name)) if name in JSON_COLUMNS else getattr(table, name) for name in columns
        ]
        statements = [
            (
                f"UPDATE tables SET {''.join(f'{name} = ?, ' for name in columns)}version = ?, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (*values, table.version, now, table.id, expected_version),
            )
        ]
        if log is not None:
            kind, seat, actor_id, action = log
            action = action if isinstance(action, str) else json.dumps(action)
            statements.append(
                (
                    "INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at)"
                    " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), ?, ?, ?, ?, ?)",
                    (table.id, table.id, seat, actor_id, kind, action, now),
                )
            )
        statements += [
            (
                "INSERT INTO outbox (table_id, version, n, user_id, kind, text, via) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.version, n, *row),
            )
            for n, row in enumerate(told)
        ]
        try:
            await self.transaction(
                statements,
                must_change=(0,),  # the row's version check
                doing="move" if log is not None and log[0] == "move" else "write",
                then=then,
            )
        except BaseException:
            self._records.pop(table.id, None)  # read it afresh next time
            raise
        # The board's message is set without a version (set_board_message): the row this change was
        # made from may not know the latest, so the one this store holds is kept; if it holds none
        # (let go meanwhile), the row is left to be read afresh.
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

        def work(connection: sqlite3.Connection) -> int:
            with connection:
                return connection.execute(
                    "UPDATE tables SET status = 'ended', version = version + 1, updated_at = ?"
                    " WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
                    (self._now(), channel_id),
                ).rowcount

        closed = await self.run_job(work)
        self._records.clear()
        return closed

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Where the table's board is posted: presentation only, so no version bump."""
        await self.run_job(
            lambda connection: connection.execute(
                "UPDATE tables SET board_message_id = ? WHERE id = ?", (message_id, table_id)
            )
        )
        if table_id in self._records:
            self._records[table_id] = self._records[table_id].model_copy(update={"board_message_id": message_id})

    # --- the log ---------------------------------------------------------------------------------

    async def actions(self, table_id: int, kind: str | None = None, since: int = 0) -> list[ActionRecord]:
        """The table's log in order; only rows of `kind`, and only those after seq `since`, if given."""
        return await self.run_job(lambda connection: read_actions(connection, table_id, kind, since), "read")

    # --- delivery memory -------------------------------------------------------------------------

    async def mark_dms_closed(self, user_id: int, closed: bool) -> None:
        sql, params = (
            ("INSERT OR REPLACE INTO closed_dms (user_id, at) VALUES (?, ?)", (user_id, self._now()))
            if closed
            else ("DELETE FROM closed_dms WHERE user_id = ?", (user_id,))
        )
        await self.run_job(lambda connection: connection.execute(sql, params))

    async def get_meta(self, key: str) -> str | None:
        rows = await self.query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self.run_job(
            lambda connection: connection.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value)
            )
        )

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self.query("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self.run_job(
            lambda connection: connection.execute(
                "INSERT OR REPLACE INTO dm_channels (user_id, channel_id) VALUES (?, ?)", (user_id, channel_id)
            )
        )

    async def dms_closed(self, user_id: int) -> bool:
        return bool(await self.query("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,)))
