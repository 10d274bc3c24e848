"""What a job sees of the database, whichever store runs it: `Db`.

Code outside bot/store reads and writes beyond the store's own methods through jobs: `async def
job(db: Db)`, run by `store.run_job(job)` or in a change's own transaction (`then=job`). SQL is
written once, with `?` placeholders, in the form both SQLite and PostgreSQL accept (`INSERT ... ON
CONFLICT`, `IS NOT DISTINCT FROM`, `COUNT(*) FILTER (WHERE ...)`, `CASE` rather than the two-argument
`MAX`); a row reads by index and by column name on both (sqlite3.Row, asyncpg.Record).

On SQLite a job runs on the connection's own thread, stepped to its end without an event loop
(`run_to_end`): its awaits are plain sqlite3 calls that never suspend, so a move's transaction, its
jobs included, is still one hop to that thread. On PostgreSQL the same coroutine runs on the event
loop, on a connection of the pool, inside an asyncpg transaction (bot/store/postgres.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Callable, Literal, Protocol, TypeVar

T = TypeVar("T")
Row = Any  # sqlite3.Row or asyncpg.Record: by index, by column name, iterated, dict(row)


class Db(Protocol):
    dialect: Literal["sqlite", "postgres"]

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any:
        """The first column of the first row, or None if there is none."""

    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """A part of the transaction undone alone if it raises (the error is raised on)."""

    async def lock(self, key: str) -> None:
        """Until the transaction ends, other transactions that lock `key` wait (PostgreSQL's
        advisory lock; on SQLite, whose one connection runs one transaction at a time, nothing)."""


Job = Callable[[Db], Coroutine[Any, Any, Any]]  # work on the database, run by the store


def in_turn(jobs: Sequence[Job]) -> Job | None:
    """Jobs run one after another, as one."""
    if len(jobs) <= 1:
        return jobs[0] if jobs else None

    async def all_of(db: Db) -> list[Any]:
        return [await job(db) for job in jobs]

    return all_of


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """A job's coroutine run to its end at once, without an event loop: it must never suspend (a
    SqliteDb's awaits do not). One that does is closed, and that is a bug of the job."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("a job on SQLite's thread awaited something that suspends; a job may await only its Db")


class SqliteDb:
    """`Db` on an sqlite3 connection, on the connection's own thread."""

    dialect: Literal["sqlite", "postgres"] = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        self._savepoints = 0

    async def execute(self, sql: str, *params: Any) -> int:
        return self._connection.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._connection.executemany(sql, rows)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return self._connection.execute(sql, params).fetchall()

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        return self._connection.execute(sql, params).fetchone()

    async def fetchval(self, sql: str, *params: Any) -> Any:
        row = self._connection.execute(sql, params).fetchone()
        return None if row is None else row[0]

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        self._savepoints += 1
        name = f"job_{self._savepoints}"
        self._connection.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            if self._connection.in_transaction:  # not rolled back by SQLite itself (a full disk)
                self._connection.execute(f"ROLLBACK TO {name}")
                self._connection.execute(f"RELEASE {name}")
            raise
        self._connection.execute(f"RELEASE {name}")

    async def lock(self, key: str) -> None:
        return None
