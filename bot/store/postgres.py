"""The PostgreSQL store (`BOT_DATABASE_URL=postgresql://...`), through asyncpg.

The same tables, the same migrations (bot/store/schema.py, their types named for PostgreSQL in
bot/store/pgsql.py) and the same guarantees as the SQLite store (bot/store/base.py has what they
share): each change is one transaction with its log row and its outbox rows, behind a version
compare-and-set; table ids come from an identity column's sequence. Jobs (bot/store/db.py) run on
the event loop, on a connection of asyncpg's pool, each transaction an asyncpg transaction. As on
SQLite, a job whose caller is cancelled still runs to its end (commit or rollback), never half.

A server that cannot be reached (stopped, restarting) is waited for: a read, or a job of which
nothing reached the server, tries again for up to OUTAGE_WAIT seconds, as SQLite waits out another
program's lock, and then fails as StorageFailed (logged as a warning: no fault of the data). asyncpg's
pool drops the broken connections and connects anew once the server is back.

The schema's version is kept in `schema_version`; migrations run in one transaction each, under an
advisory lock, so two bots starting on one database at once migrate it once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable
from typing import Any, Callable, Literal, cast

import asyncpg

from bot.store.base import Change, Doing, TableStore
from bot.store.changes import CHANNEL
from bot.store.db import Db, Job
from bot.store.errors import StaleVersion, StorageFailed, StoreUnavailable
from bot.store.pgsql import CONNECTION_ERRORS, UNREACHABLE, PostgresDb, postgres_fault, schema, shown
from bot.store.schema import MIGRATIONS

log = logging.getLogger(__name__)
POOL_SIZE = 10  # connections at most; PostgreSQL runs their transactions side by side
CONNECT_TIMEOUT = 10.0  # seconds to reach the server at start-up
MIGRATION_LOCK = "bot schema migrations"
# seconds a job waits for a server it cannot reach (a restart) before it fails: short enough that a
# press is still answered within Discord's 3 seconds; between tries, RETRY_FIRST doubling to RETRY_MOST
OUTAGE_WAIT = 1.5
RETRY_FIRST, RETRY_MOST = 0.05, 0.4
OUTAGE_STATES = ("57P01", "57P02", "57P03")  # the server shut down (by its administrator, a crash); starting
LISTEN_AGAIN_AFTER = 1.0  # seconds before listening again, the connection lost


def unsent(error: BaseException) -> bool:
    """Whether asyncpg refused a statement before sending it, its connection found broken: the server
    ended it (its last words read, the connection's close not yet), so nothing of the statement ran."""
    return isinstance(error, asyncpg.InternalClientError) and str(error).startswith(
        ("cannot switch to state", "not connected")
    )


def outage(error: BaseException) -> bool:
    """Whether `error` says the server cannot be reached now (down, shutting down, starting: a
    restart) or the connection to it broke, rather than anything wrong with the database."""
    if isinstance(error, asyncpg.PostgresError):
        state = getattr(error, "sqlstate", "") or ""
        return state in OUTAGE_STATES or state.startswith("08")
    return isinstance(error, CONNECTION_ERRORS) or unsent(error)


class _Try:
    """One try of a job: its Db once it has its connection (and its transaction), each call of the
    job's on that connection counted. Nothing of the job reached the server while it had none, or if
    its first statement was refused unsent."""

    def __init__(self) -> None:
        self.connection: asyncpg.Connection | None = None
        self.calls = 0

    def db(self, connection: asyncpg.Connection) -> PostgresDb:
        self.connection = connection
        return PostgresDb(cast(asyncpg.Connection, self))

    def __getattr__(self, name: str) -> Any:  # the job's calls, passed on to its connection
        self.calls += 1
        return getattr(self.connection, name)

    def ran_nothing(self, error: BaseException) -> bool:
        return self.connection is None or (self.calls <= 1 and unsent(error))


class _OneLine(logging.Filter):
    """asyncpg's pool logs each failed try to restore its floor of connections while the server is
    down with a whole traceback: one line says it (the store's own warnings say the rest)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and outage(error):
            record.msg, record.args = f"{record.getMessage()} ({type(error).__name__}: {error})", ()
            record.exc_info, record.exc_text = None, None
        return True


logging.getLogger("asyncpg.pool").addFilter(_OneLine())


def in_one_statement(change: Change, notify: str | None = None) -> tuple[str, tuple]:
    """`TableStore.save`'s writes as one statement, with a count of the rows moved (0: the version
    check failed, and nothing was written): the update, then the log row and the outbox rows only
    for a row it moved. One statement is one transaction, and one round trip instead of five.
    `notify`: this process's name, to tell the others of the change (NOTIFY `CHANNEL`, sent by
    PostgreSQL when the transaction commits, and only if it moved the row)."""
    update, params = change.update()
    parts, values = [f"moved AS ({update} RETURNING id)"], list(params)
    if change.log is not None:
        kind, seat, actor_id, action = change.log
        parts.append(
            "logged AS (INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at) SELECT id,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = moved.id),"
            " ?::bigint, ?::bigint, ?::text, ?::text, ?::double precision FROM moved)"
        )
        values += [seat, actor_id, kind, action, change.at]
    if change.told:
        parts.append(
            "told AS (INSERT INTO outbox (table_id, version, n, user_id, kind, text, via)"
            " SELECT moved.id, ?::bigint, o.n, o.user_id, o.kind, o.text, o.via FROM moved,"
            " unnest(?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[]) AS o (n, user_id, kind, text, via))"
        )
        users, kinds, texts, vias = (list(column) for column in zip(*change.told))
        values += [change.version, list(range(len(change.told))), users, kinds, texts, vias]
    if notify is None:
        return f"WITH {', '.join(parts)} SELECT COUNT(*) FROM moved", tuple(values)
    parts.append("notified AS (SELECT pg_notify(?::text, moved.id::text || ?::text) FROM moved)")
    values += [CHANNEL, f" {notify}"]
    return f"WITH {', '.join(parts)} SELECT COUNT(*) FROM moved, notified", tuple(values)


def heard_from(payload: str, origin: str) -> int | None:
    """The table a notification on `CHANNEL` names, unless this process (`origin`) sent it."""
    table, _, sender = payload.partition(" ")
    if sender == origin or not table.isdigit():
        return None
    return int(table)


async def keep_session(connection: asyncpg.Connection) -> None:
    """What the pool does to a connection given back, beyond rolling back a transaction left open
    (which asyncpg always does): nothing. Its default resets the session (locks, LISTEN, settings)
    in one more round trip a job, and no job leaves any of those (`connect` is for them)."""


class PostgresStore(TableStore):
    """The store on a PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool, now: Callable[[], float] = time.time, url: str = "") -> None:
        super().__init__(now)
        self._pool = pool
        self._url = shown(url)  # for messages: never the password
        self._dsn = url
        # this process's name in its notifications of changes (its own are not heard again)
        self._origin = uuid.uuid4().hex[:12]
        self._hearing: asyncio.Task[None] | None = None  # set once this store shares its changes

    @classmethod
    async def open(cls, url: str, now: Callable[[], float] = time.time) -> "PostgresStore":
        """Connect to the database and bring its schema up to date. Raises StoreUnavailable if the
        server cannot be reached or the schema cannot be set up."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT, reset=keep_session
            )
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
        if self._hearing is not None:
            self._hearing.cancel()
            await asyncio.gather(self._hearing, return_exceptions=True)
        await self._pool.close()

    # --- changes, between processes ----------------------------------------------------------------

    async def share_changes(self) -> None:
        """From now on each save notifies the other processes (NOTIFY in its own statement, so sent
        when it commits), and this process hears theirs (LISTEN on a connection of its own)."""
        if self._hearing is None:
            self._hearing = asyncio.create_task(self._hear(), name="store: hear other processes' changes")

    async def tell_change(self, table_id: int) -> None:
        await super().tell_change(table_id)
        if self._hearing is None:
            return
        payload = f"{table_id} {self._origin}"
        try:
            await self.run_job(lambda db: db.execute("SELECT pg_notify(?, ?)", CHANNEL, payload))
        except Exception as error:  # a page shows the old deadlines until the table's next change
            log.warning("table %s: other processes could not be told of its change (%s)", table_id, error)

    async def _hear(self) -> None:
        """Other processes' changes; each time listening (re)starts, every watched table is looked
        at again (what changed meanwhile was not heard)."""
        await self.listen({CHANNEL: self._heard}, self.changes.tell_every, "other processes' changes")

    async def listen(self, listeners: dict[str, Callable[..., None]], then: Callable[[], None], what: str) -> None:
        """LISTEN on each channel (its callback as asyncpg calls it), on a connection of its own,
        again whenever the connection is lost; `then` runs each time listening (re)starts. Never
        returns: cancel it to stop."""
        while True:
            lost = asyncio.Event()
            try:
                connection = await self.connect()
            except Exception as error:
                log.warning("cannot listen for %s (%s); trying again", what, error)
                await asyncio.sleep(LISTEN_AGAIN_AFTER)
                continue
            try:
                connection.add_termination_listener(lambda _: lost.set())
                for channel, heard in listeners.items():
                    await connection.add_listener(channel, heard)
                then()
                await lost.wait()
                log.warning("the connection listening for %s was lost; listening again", what)
            except Exception as error:
                log.warning("listening for %s failed (%s); trying again", what, error)
            finally:
                with contextlib.suppress(Exception):
                    await connection.close(timeout=1)
            await asyncio.sleep(LISTEN_AGAIN_AFTER)

    def _heard(self, connection: object, pid: int, channel: str, payload: str) -> None:
        table_id = heard_from(payload, self._origin)
        if table_id is not None:
            self.changes.tell(table_id)

    @contextlib.asynccontextmanager
    async def exclusively(self, name: str) -> AsyncIterator[None]:
        """PostgreSQL's advisory lock, held for the block by a connection of its own (closing it
        lets the lock go, whatever happens): every process on this database waits for it."""
        connection = await self.connect()
        try:
            await connection.execute("SELECT pg_advisory_lock(hashtext($1))", name)
            yield
        finally:
            await connection.close()

    async def connect(self) -> asyncpg.Connection:
        """A connection of its own, outside the pool: for a session's state (an advisory lock
        held, LISTEN: bot/discord_app/handovers.py), which the pool's connections never keep."""
        return await asyncpg.connect(self._dsn, timeout=CONNECT_TIMEOUT)

    async def _commit(self, change: Change, then: Job | None, doing: Literal["write", "move"]) -> None:
        """`save`'s writes in one statement (`in_one_statement`), then `then` in the same
        transaction if there is one."""
        sql, values = in_one_statement(change, self._origin if self._hearing is not None else None)

        async def work(db: Db) -> None:
            if await db.fetchval(sql, *values) == 0:
                raise StaleVersion()
            if then is not None:
                await then(db)

        await (self.run_job(work, doing) if then is None else self.in_transaction(work, doing))

    async def run_job(self, work: Job, doing: Doing = "write") -> Any:
        async def job(attempt: _Try) -> Any:
            async with self._pool.acquire() as connection:
                return await work(attempt.db(connection))

        return await self._finished(self._waiting_out_outages(job, doing), doing)

    async def in_transaction(self, work: Job, doing: Doing = "write") -> Any:
        async def job(attempt: _Try) -> Any:
            async with self._pool.acquire() as connection, connection.transaction():
                return await work(attempt.db(connection))

        return await self._finished(self._waiting_out_outages(job, doing), doing)

    async def _waiting_out_outages(self, job: Callable[[_Try], Awaitable[Any]], doing: Doing) -> Any:
        """`job(attempt)`'s result. A job that failed because the server cannot be reached is tried
        again for up to OUTAGE_WAIT seconds if it is a read, or if nothing of it reached the server
        (_Try); a write cut off once under way is not run again (it may have been done)."""
        loop = asyncio.get_running_loop()
        give_up, pause = loop.time() + OUTAGE_WAIT, RETRY_FIRST
        while True:
            attempt = _Try()
            try:
                return await job(attempt)
            except Exception as error:
                again = (
                    outage(error) and (doing == "read" or attempt.ran_nothing(error)) and not self._pool.is_closing()
                )
                if not again or loop.time() + pause > give_up:
                    raise
            await asyncio.sleep(pause)
            pause = min(2 * pause, RETRY_MOST)

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
            fault = postgres_fault(error) or (UNREACHABLE if unsent(error) else None)
            if fault is None:
                raise
            # a server down or restarting is a warning: no fault of the data, and the caller is told
            (log.warning if outage(error) else log.error)("storage fault in a %s of %s: %s", doing, self._url, error)
            raise StorageFailed(fault[0], doing) from error
