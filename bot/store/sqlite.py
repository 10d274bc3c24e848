"""The SQLite store: one writer connection, its jobs run on the connection's thread (bot/store/jobs.py).

Every accepted action is one transaction (log row, new state, version bump, outbox rows, and the
jobs that keep derived data in step), run on that thread in one hop (bot/store/base.py has what the
stores share). A fault of the file or the disk (full, read-only, locked, damaged) is rolled back and
raised as `StorageFailed`; a database that cannot be opened raises `StoreUnavailable`.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable

import aiosqlite

from bot.priority import behind_the_loop
from bot.store.base import Doing, TableStore
from bot.store.checkpoints import CHECKPOINT_EVERY, WAL_BACKSTOP_PAGES, Checkpointer
from bot.store.db import Job, SqliteDb, run_to_end
from bot.store.errors import StorageFailed, StoreUnavailable
from bot.store.faults import storage_fault
from bot.store.jobs import Jobs
from bot.store.paths import FolderProblem, prepare_folder
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)


def roll_back(connection: sqlite3.Connection) -> None:
    """End a failed transaction, unless SQLite has already rolled it back itself (it does on a full
    disk and on some I/O errors): a ROLLBACK then fails with "no transaction is active" and would
    hide the error that matters."""
    if connection.in_transaction:
        try:
            connection.execute("ROLLBACK")
        except sqlite3.Error as error:
            log.error("ROLLBACK failed after a failed transaction: %s", error)


class Store(TableStore):
    """The SQLite store (the bot's default: a file, `BOT_DB_PATH`)."""

    def __init__(
        self, db: aiosqlite.Connection, now: Callable[[], float] = time.time, path: str | Path = ":memory:"
    ) -> None:
        super().__init__(now)
        self._db = db
        self._jobs = Jobs(db)
        self._path = path  # for messages
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
            await self._db.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def _on_thread(self, work: Callable[[sqlite3.Connection], Any], doing: Doing) -> Any:
        """`work(connection)` on the connection's worker thread, in one hop with the jobs queued
        meanwhile (bot/store/jobs.py; aiosqlite's `execute` costs a hop per call). A fault of the
        file or the disk is raised as StorageFailed, its message worded for `doing`."""
        try:
            return await self._jobs.run(work)
        except sqlite3.Error as error:
            raise self._failed(error, doing) from error

    async def run_job(self, work: Job, doing: Doing = "write") -> Any:
        return await self._on_thread(lambda connection: run_to_end(work(SqliteDb(connection))), doing)

    async def in_transaction(self, work: Job, doing: Doing = "write") -> Any:
        def job(connection: sqlite3.Connection) -> Any:
            connection.execute("BEGIN IMMEDIATE")
            try:
                result = run_to_end(work(SqliteDb(connection)))
                connection.execute("COMMIT")
                return result
            except BaseException:
                roll_back(connection)
                raise

        result = await self._on_thread(job, doing)
        self._commits += 1
        if self._checkpoints is not None and self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoints.start()
        return result

    def _failed(self, error: sqlite3.Error, doing: Doing) -> Exception:
        """StorageFailed for a fault of the file or the disk; any other error as it is."""
        fault = storage_fault(error)
        if fault is None:
            return error
        log.error("storage fault in a %s of %s: %s", doing, self._path, error)
        return StorageFailed(fault[0], doing)
