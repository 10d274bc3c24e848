"""The PostgreSQL store (`BOT_DATABASE_URL=postgresql://...`), through asyncpg.

The same tables, the same migrations (bot/store/schema.py, their types named for PostgreSQL in
bot/store/pgsql.py) and the same guarantees as the SQLite store (bot/store/base.py has what they
share): each change is one transaction with its log row and its outbox rows, behind a version
compare-and-set; table ids come from an identity column's sequence. Jobs (bot/store/db.py) run on
the event loop, on a connection of asyncpg's pool, each transaction an asyncpg transaction. As on
SQLite, a job whose caller is cancelled still runs to its end (commit or rollback), never half.

The schema's version is kept in `schema_version`; migrations run in one transaction each, under an
advisory lock, so two bots starting on one database at once migrate it once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

import asyncpg

from bot.store.base import Doing, TableStore
from bot.store.db import Job
from bot.store.errors import StorageFailed, StoreUnavailable
from bot.store.pgsql import PostgresDb, postgres_fault, schema, shown
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)
POOL_SIZE = 10  # connections at most; PostgreSQL runs their transactions side by side
CONNECT_TIMEOUT = 10.0  # seconds to reach the server at start-up
MIGRATION_LOCK = "bot schema migrations"


class PostgresStore(TableStore):
    """The store on a PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool, now: Callable[[], float] = time.time, url: str = "") -> None:
        super().__init__(now)
        self._pool = pool
        self._url = shown(url)  # for messages: never the password

    @classmethod
    async def open(cls, url: str, now: Callable[[], float] = time.time) -> "PostgresStore":
        """Connect to the database and bring its schema up to date. Raises StoreUnavailable if the
        server cannot be reached or the schema cannot be set up."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT)
        except Exception as error:
            raise cls._unavailable(shown(url), error) from error
        store = cls(pool, now, url)
        try:
            await store._migrate()
        except BaseException as error:
            await pool.close()
            if isinstance(error, Exception) and postgres_fault(error) is not None:
                raise cls._unavailable(store._url, error) from error
            if isinstance(error, asyncpg.PostgresError):
                raise StoreUnavailable(f"{store._url} cannot be set up: PostgreSQL says {error}") from error
            raise
        return store

    @staticmethod
    def _unavailable(url: str, error: BaseException) -> StoreUnavailable:
        fault = postgres_fault(error)
        if fault is not None:
            return StoreUnavailable(f"{url} {fault[1]} ({type(error).__name__}: {error})")
        return StoreUnavailable(f"{url} cannot be set up: {type(error).__name__}: {error}")

    async def _migrate(self) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", MIGRATION_LOCK)
            await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            current = await connection.fetchval("SELECT version FROM schema_version")
            if current is None:
                await connection.execute("INSERT INTO schema_version (version) VALUES (0)")
                current = 0
            for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
                async with connection.transaction():
                    await connection.execute(schema(script))
                    await connection.execute("UPDATE schema_version SET version = $1", number)

    async def check_writable(self) -> None:
        """Write once and roll it back: raises StoreUnavailable if the database cannot be written
        (a read-only standby, a user without the right), so that the bot stops at start-up."""
        try:
            async with self._pool.acquire() as connection:
                transaction = connection.transaction()
                await transaction.start()
                try:
                    await connection.execute(
                        "INSERT INTO meta (key, value) VALUES ('write check', '')"
                        " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                    )
                finally:
                    await transaction.rollback()
        except Exception as error:
            if isinstance(error, asyncpg.PostgresError) or postgres_fault(error) is not None:
                raise self._unavailable(self._url, error) from error
            raise

    async def close(self) -> None:
        await self._pool.close()

    async def run_job(self, work: Job, doing: Doing = "write") -> Any:
        async def job() -> Any:
            async with self._pool.acquire() as connection:
                return await work(PostgresDb(connection))

        return await self._finished(job(), doing)

    async def in_transaction(self, work: Job, doing: Doing = "write") -> Any:
        async def job() -> Any:
            async with self._pool.acquire() as connection, connection.transaction():
                return await work(PostgresDb(connection))

        return await self._finished(job(), doing)

    async def _finished(self, job: Any, doing: Doing) -> Any:
        """The job's result, run to its end even if the caller is cancelled meanwhile (as a job
        on SQLite's thread is); a fault of the server raised as StorageFailed, worded for `doing`."""
        task = asyncio.ensure_future(job)
        # a cancelled caller no longer awaits it: its error, if any, is taken here (not logged as
        # never retrieved); the caller that still waits gets it all the same
        task.add_done_callback(lambda done: done.cancelled() or done.exception())
        try:
            return await asyncio.shield(task)
        except Exception as error:
            fault = postgres_fault(error)
            if fault is None:
                raise
            log.error("storage fault in a %s of %s: %s", doing, self._url, error)
            raise StorageFailed(fault[0], doing) from error
