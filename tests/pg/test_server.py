"""The session's PostgreSQL server (tests/pg/server.py) is a real one, with what several bot
processes sharing one database will lean on: transactions, LISTEN/NOTIFY and advisory locks."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest

TIMEOUT = 5.0  # seconds for anything the server should do at once


@contextlib.asynccontextmanager
async def connections(dsn: str, count: int) -> AsyncIterator[list[asyncpg.Connection]]:
    """`count` connections of their own, closed at the end (cut, if closing hangs)."""
    opened: list[asyncpg.Connection] = []
    try:
        for _ in range(count):
            opened.append(await asyncpg.connect(dsn, timeout=TIMEOUT))
        yield opened
    finally:
        for connection in opened:
            try:
                await connection.close(timeout=TIMEOUT)
            except Exception:
                connection.terminate()


async def test_a_transaction_commits_or_rolls_back_as_a_whole(pg_dsn):
    table = f"moves_{uuid.uuid4().hex}"
    async with connections(pg_dsn, 2) as (writer, reader):
        await writer.execute(f"CREATE TABLE {table} (id serial PRIMARY KEY, what text NOT NULL)")
        try:
            async with writer.transaction():
                await writer.execute(f"INSERT INTO {table} (what) VALUES ('open'), ('pass')")
                assert await reader.fetchval(f"SELECT count(*) FROM {table}") == 0  # not committed yet
            assert await reader.fetchval(f"SELECT count(*) FROM {table}") == 2

            with pytest.raises(asyncpg.NotNullViolationError):
                async with writer.transaction():
                    await writer.execute(f"INSERT INTO {table} (what) VALUES ('lost')")
                    await writer.execute(f"INSERT INTO {table} (what) VALUES (NULL)")
            assert [row["what"] for row in await reader.fetch(f"SELECT what FROM {table} ORDER BY id")] == [
                "open",
                "pass",
            ]
        finally:
            await writer.execute(f"DROP TABLE {table}")


async def test_listen_notify_delivers_a_notification_at_commit(pg_dsn):
    channel = f"tables_{uuid.uuid4().hex}"
    async with connections(pg_dsn, 2) as (listener, sender):
        heard: asyncio.Future[tuple[int, str, str]] = asyncio.get_running_loop().create_future()

        def on_notification(connection, pid, channel, payload):
            if not heard.done():
                heard.set_result((pid, channel, payload))

        await listener.add_listener(channel, on_notification)
        async with sender.transaction():
            await sender.execute("SELECT pg_notify($1, $2)", channel, "table 7 moved")
            await asyncio.sleep(0.1)
            assert not heard.done()  # notifications go out when the transaction commits
        assert await asyncio.wait_for(heard, TIMEOUT) == (sender.get_server_pid(), channel, "table 7 moved")
        await listener.remove_listener(channel, on_notification)


async def test_an_advisory_lock_excludes_a_second_connection(pg_dsn):
    key = uuid.uuid4().int >> 65  # fits a bigint
    async with connections(pg_dsn, 2) as (first, second):
        assert await first.fetchval("SELECT pg_try_advisory_lock($1)", key) is True
        assert await second.fetchval("SELECT pg_try_advisory_lock($1)", key) is False

        waiting = asyncio.ensure_future(second.execute("SELECT pg_advisory_lock($1)", key))
        try:
            await asyncio.sleep(0.2)
            assert not waiting.done()  # the second waits for as long as the first holds it
            assert await first.fetchval("SELECT pg_advisory_unlock($1)", key) is True
            await asyncio.wait_for(waiting, TIMEOUT)
        finally:
            waiting.cancel()
        assert await first.fetchval("SELECT pg_try_advisory_lock($1)", key) is False  # the second holds it now
        assert await second.fetchval("SELECT pg_advisory_unlock($1)", key) is True
