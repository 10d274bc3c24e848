"""A PostgresStore outlives its server's restart (bot/store/postgres.py): a job while the server is
down waits for it up to OUTAGE_WAIT seconds and goes through if it is back by then; past that it
fails as StorageFailed, worded as every storage fault is for the player ("... so it was not played"),
logged as a warning, with nothing of it written; once the server is back the pool connects anew
and the store goes on, with everything saved before the restart still there. A read cut off by the
shutdown is run again; a write cut off is not (it may have been done), unless nothing of it reached
the server (asyncpg refused its statement unsent, on a connection the server had just ended).

The tests have a server of their own (`pg_own_server`, each test a fresh database on it:
`pg_own_dsn`), halted and resumed on the same data and port, so the session's server goes on serving
every other test.
"""

from __future__ import annotations

import asyncio
import logging
import time

import asyncpg
import pytest

from bot.store import postgres
from bot.store.db import Db
from bot.store.errors import StorageFailed
from bot.store.opening import open_store
from bot.store.pgsql import UNREACHABLE
from bot.store.postgres import PostgresStore
from bot.store.records import ActionRecord, TableRecord
from tests.pg.server import pg_own_dsn, pg_own_server

__all__ = ["pg_own_dsn", "pg_own_server"]

DOWN_BRIEFLY = 0.3  # seconds with no server in a restart the store rides out
RIDES_OUT = 10.0  # OUTAGE_WAIT where a test waits out a restart: a busy machine's slow start is no failure


async def opened(dsn: str) -> PostgresStore:
    store = await open_store(dsn)
    assert isinstance(store, PostgresStore)
    return store


async def a_table(store: PostgresStore) -> TableRecord:
    return await store.create_table(
        guild_id=1, channel_id=2, game="g", host_id=3, seats=[3, None], options={}, seed="restart"
    )


async def move(store: PostgresStore, table: TableRecord, number: int) -> TableRecord:
    """One move, its log row and its outbox row: what a player is told was played once it returns."""
    return await store.save(
        table, {"state": str(number)}, ("move", 0, 3, {"n": number}), [(None, "text", f"move {number}", None)]
    )


def moves_in(rows: list[ActionRecord]) -> list[int]:
    return [row.action["n"] for row in rows if row.kind == "move"]


async def test_a_save_while_the_server_restarts_waits_for_it_and_goes_through(pg_own_server, pg_own_dsn, monkeypatch):
    monkeypatch.setattr(postgres, "OUTAGE_WAIT", RIDES_OUT)
    store = await opened(pg_own_dsn)
    try:
        table = await move(store, await a_table(store), 1)
        await asyncio.to_thread(pg_own_server.halt)
        saving = asyncio.ensure_future(move(store, table, 2))  # made while the server is down
        await asyncio.sleep(DOWN_BRIEFLY)
        assert not saving.done(), f"the save did not wait for the server: {saving}"
        await asyncio.to_thread(pg_own_server.resume)
        table = await asyncio.wait_for(saving, RIDES_OUT)
        assert table.version == 2
        table = await move(store, table, 3)  # and on it goes
        assert moves_in(await store.actions(table.id)) == [1, 2, 3]
    finally:
        await store.close()


async def test_a_save_during_a_longer_outage_fails_as_storage_failed_and_one_after_succeeds(
    pg_own_server, pg_own_dsn, caplog
):
    store = await opened(pg_own_dsn)
    try:
        table = await a_table(store)
        for number in (1, 2):
            table = await move(store, table, number)
        await asyncio.to_thread(pg_own_server.halt)
        began = time.monotonic()
        with caplog.at_level(logging.WARNING), pytest.raises(StorageFailed) as failed:
            await move(store, table, 3)
        waited = time.monotonic() - began
        assert postgres.OUTAGE_WAIT - postgres.RETRY_MOST <= waited < postgres.OUTAGE_WAIT + 2, waited
        # what a player is told, as for any storage fault (a locked SQLite file among them)
        assert (failed.value.cause, failed.value.doing) == (UNREACHABLE[0], "move")
        assert str(failed.value) == StorageFailed.MESSAGES["move"].format(cause=UNREACHABLE[0])
        with caplog.at_level(logging.WARNING), pytest.raises(StorageFailed):  # a read fails alike
            await store.actions(table.id)
        said = [r for r in caplog.records if r.name.startswith(("bot.", "asyncpg"))]
        assert any(r.name == "bot.store.postgres" and r.levelno == logging.WARNING for r in said), said
        assert not [r for r in said if r.levelno >= logging.ERROR or r.exc_info], [r.getMessage() for r in said]

        await asyncio.to_thread(pg_own_server.resume)  # the pool connects anew by itself
        assert moves_in(await store.actions(table.id)) == [1, 2]  # all before it, nothing of the failed one
        assert (await store.get_table(table.id)).version == 2
        table = await move(store, await store.get_table(table.id), 3)
        assert moves_in(await store.actions(table.id)) == [1, 2, 3]
        outbox = await store.query("SELECT text FROM outbox ORDER BY version")
        assert [row["text"] for row in outbox] == ["move 1", "move 2", "move 3"]
    finally:
        await store.close()


async def test_a_job_cut_off_by_the_shutdown_fails_and_is_not_run_again(pg_own_server, pg_own_dsn):
    """A transaction under way when the server shuts down is ended by the server (rolled back): the
    job fails as StorageFailed, and is not tried again (once begun, it might have been done)."""
    store = await opened(pg_own_dsn)
    runs = 0

    async def slow_write(db: Db) -> None:
        nonlocal runs
        runs += 1
        await db.execute("INSERT INTO meta (key, value) VALUES ('cut', 'off')")
        await db.fetchval("SELECT pg_sleep(30)")

    try:
        writing = asyncio.ensure_future(store.in_transaction(slow_write))
        while runs == 0:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # the sleep is under way on the server
        await asyncio.to_thread(pg_own_server.halt)
        with pytest.raises(StorageFailed) as failed:
            await asyncio.wait_for(writing, 10)
        assert failed.value.cause in (UNREACHABLE[0], "the database server is shutting down or starting")
        assert runs == 1
        await asyncio.to_thread(pg_own_server.resume)
        assert await store.get_meta("cut") is None  # rolled back: nothing of it was written
        await store.set_meta("after", "yes")
        assert await store.get_meta("after") == "yes"
    finally:
        await store.close()


async def test_a_read_under_way_when_the_server_shuts_down_is_run_again_once_it_is_back(
    pg_own_server, pg_own_dsn, monkeypatch
):
    monkeypatch.setattr(postgres, "OUTAGE_WAIT", RIDES_OUT)
    store = await opened(pg_own_dsn)
    try:
        await store.set_meta("kept", "yes")
        reading = asyncio.ensure_future(store.query("SELECT value, pg_sleep(0.5) FROM meta WHERE key = 'kept'"))
        await asyncio.sleep(0.1)  # under way on the server
        await asyncio.to_thread(pg_own_server.halt)  # the server ends it
        await asyncio.sleep(DOWN_BRIEFLY)
        assert not reading.done(), f"the read did not wait for the server: {reading}"
        await asyncio.to_thread(pg_own_server.resume)
        assert [row["value"] for row in await asyncio.wait_for(reading, RIDES_OUT)] == ["yes"]
    finally:
        await store.close()


async def test_a_write_refused_unsent_on_a_broken_connection_runs_again(pg_own_dsn):
    """asyncpg refuses a statement, before sending it, on a pooled connection whose server has just
    ended it (the server's last words read, the close not yet): nothing of it ran, so it runs again."""
    store = await opened(pg_own_dsn)
    tries = 0

    async def write(db: Db) -> None:
        nonlocal tries
        tries += 1
        if tries == 1:  # what asyncpg raises there
            raise asyncpg.InternalClientError("cannot switch to state 12; another operation (2) is in progress")
        await db.execute("INSERT INTO meta (key, value) VALUES ('unsent', 'once')")

    try:
        await store.in_transaction(write)
        assert tries == 2 and await store.get_meta("unsent") == "once"
    finally:
        await store.close()
