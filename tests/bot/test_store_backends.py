"""The store's guarantees, the same on SQLite and on PostgreSQL (tests/stores.py): a change is one
transaction with its log and outbox rows, behind a version compare-and-set; table ids come from the
database; jobs (bot/store/db.py) read and write in the SQL both accept, and their errors are their own."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store.base import TableStore
from bot.store.db import Db
from bot.store.errors import INTEGRITY_ERRORS, ChannelBusy, StaleVersion, StorageFailed, StoreUnavailable
from bot.store.opening import is_database_url, open_store
from bot.store.schema import MIGRATIONS
from tests.stores import with_database

DISCORD_ID = 1_234_567_890_123_456_789  # Discord's ids need 64 bits


@pytest.fixture
async def store(store_target):
    store = await open_store(store_target)
    yield store
    await store.close()


async def new_table(store: TableStore, channel: int = DISCORD_ID):
    return await store.create_table(
        guild_id=DISCORD_ID, channel_id=channel, game="g", host_id=DISCORD_ID, seats=[DISCORD_ID], options={}, seed="s"
    )


async def test_ids_come_from_the_database_and_hold_discord_ids(store):
    first, second = await new_table(store, 1), await new_table(store, 2)
    assert 0 < first.id < second.id
    assert (first.guild_id, first.host_id, first.seats) == (DISCORD_ID, DISCORD_ID, [DISCORD_ID])
    assert await store.get_table(first.id) == first
    with pytest.raises(ChannelBusy):
        await new_table(store, 1)  # one open table a channel
    assert (await new_table(store, 3)).id > second.id


async def test_a_change_its_log_and_its_outbox_rows_are_written_together_or_not_at_all(store):
    table = await new_table(store)
    told = [(None, "text", "hello", None), (DISCORD_ID, "text", "psst", None)]
    saved = await store.save(table, {"state": "{}"}, ("note", None, DISCORD_ID, {"a": 1}), told)
    assert saved.version == 1
    with pytest.raises(StaleVersion):  # made from the old row: refused, nothing of it written
        await store.save(table, {"state": "[]"}, ("note", None, DISCORD_ID, {"b": 2}), [(None, "text", "lost", None)])

    async def fails(db: Db) -> None:
        raise RuntimeError("a bug in a job")

    with pytest.raises(RuntimeError):  # its job fails: nothing of the change is written either
        await store.save(saved, {"state": "[]"}, ("note", None, None, {}), [(None, "text", "lost", None)], then=fails)
    assert [row.action for row in await store.actions(table.id)] == [{"a": 1}]
    assert [tuple(row) for row in await store.query("SELECT version, n, text FROM outbox ORDER BY n")] == [
        (1, 0, "hello"),
        (1, 1, "psst"),
    ]
    assert (await store.get_table(table.id)).version == 1


async def test_a_job_reads_and_writes_in_the_sql_both_accept(store):
    table = await new_table(store)

    async def work(db: Db) -> tuple:
        await db.executemany("INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)", [(1, 10), (2, 20)])
        changed = await db.execute(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            2,
            DISCORD_ID,
        )
        row = await db.fetchrow("SELECT user_id, channel_id FROM dm_channels WHERE user_id = ?", 2)
        missing = await db.fetchrow("SELECT * FROM dm_channels WHERE user_id = ?", 3)
        count = await db.fetchval("SELECT COUNT(*) FROM dm_channels WHERE channel_id IS NOT DISTINCT FROM ?", 10)
        return changed, dict(row), missing, count, await db.fetchval("SELECT '?' FROM tables WHERE id = ?", table.id)

    assert await store.in_transaction(work) == (1, {"user_id": 2, "channel_id": DISCORD_ID}, None, 1, "?")
    assert await store.dm_channel(2) == DISCORD_ID


async def test_a_savepoint_undoes_its_part_alone(store):
    async def work(db: Db) -> None:
        await db.execute("INSERT INTO meta (key, value) VALUES ('kept', 'x')")
        with pytest.raises(RuntimeError):
            async with db.savepoint():
                await db.execute("INSERT INTO meta (key, value) VALUES ('undone', 'x')")
                raise RuntimeError("a bug")
        await db.lock("some key")

    await store.in_transaction(work)
    assert await store.get_meta("kept") == "x" and await store.get_meta("undone") is None


async def test_a_job_s_error_is_its_own(store):
    async def broken(db: Db) -> None:
        await db.execute("INSERT INTO actions (table_id, seq, kind, action, at) VALUES (?, 1, 'x', '{}', 0)", 999)

    results = await asyncio.gather(
        store.set_meta("first", "x"),
        store.in_transaction(broken),
        store.set_meta("second", "x"),
        return_exceptions=True,
    )
    assert isinstance(results[1], INTEGRITY_ERRORS)  # a constraint passes through as it is
    assert await store.get_meta("first") == "x" and await store.get_meta("second") == "x"


async def test_a_cancelled_caller_s_change_is_still_whole(store):
    table = await new_table(store)
    saving = asyncio.ensure_future(
        store.save(table, {"state": "{}"}, ("note", None, None, {}), [(None, "text", "t", None)])
    )
    await asyncio.sleep(0)
    saving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await saving
    await asyncio.sleep(0.2)
    version = (await store.get_table(table.id)).version
    log, outbox = await store.actions(table.id), await store.query("SELECT * FROM outbox")
    assert (version, len(log), len(outbox)) in ((0, 0, 0), (1, 1, 1))  # all of it or none


async def test_the_schema_is_migrated_once_and_the_same_on_both(store_target):
    first = await open_store(store_target)
    table = await new_table(first)
    await first.close()
    again = await open_store(store_target)  # already up to date: nothing migrated twice
    try:
        assert await again.get_table(table.id) == table
        if is_database_url(store_target):
            assert await again.query("SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
        else:
            assert [tuple(row) for row in await again.query("PRAGMA user_version")] == [(len(MIGRATIONS),)]
        columns = await again.query("SELECT * FROM tables WHERE id = ?", (table.id,))
        assert list(dict(columns[0])) == [
            "id",
            "guild_id",
            "channel_id",
            "game",
            "status",
            "host_id",
            "seats",
            "options",
            "seed",
            "version",
            "state",
            "deadline",
            "board_message_id",
            "created_at",
            "updated_at",
            "announced",
            "takebacks",
            "strong_seats",
        ]
    finally:
        await again.close()


@pytest.mark.stores("postgres")
async def test_an_unreachable_server_is_told_without_its_password():
    with pytest.raises(StoreUnavailable) as raised:
        await open_store("postgresql://bot:secret@127.0.0.1:1/bot")
    assert "secret" not in str(raised.value)
    assert str(raised.value).startswith("postgresql://bot@127.0.0.1:1/bot cannot be reached")


@pytest.mark.stores("postgres")
async def test_a_read_only_database_is_a_storage_fault_and_unwritable_at_start_up(store_target):
    store = await open_store(store_target)
    try:
        table = await new_table(store)
        admin = await asyncpg.connect(with_database(store_target, "postgres"))
        try:
            await admin.execute(
                f"ALTER DATABASE {store_target.rsplit('/', 1)[1]} SET default_transaction_read_only = on"
            )
        finally:
            await admin.close()
        await store._pool.expire_connections()  # the setting holds for new connections
        with pytest.raises(StoreUnavailable, match="is read-only"):
            await store.check_writable()
        with pytest.raises(StorageFailed, match="the database is read-only"):
            await store.save(table, {"state": "{}"}, ("note", None, None, {}))
        assert (await store.get_table(table.id)).version == 0  # reading goes on
    finally:
        await store.close()


async def test_two_stores_on_one_database_cannot_both_write_from_one_version(store_target):
    """Two bot processes on one database: whichever saves second from the same row is refused."""
    first = await open_store(store_target)
    second = await open_store(store_target)
    try:
        table = await new_table(first)
        seen = await second.get_table(table.id)
        await first.save(table, {"state": "{}"}, ("note", None, None, {"by": "first"}))
        with pytest.raises(StaleVersion):
            await second.save(seen, {"state": "[]"}, ("note", None, None, {"by": "second"}))
        assert [row.action for row in await second.actions(table.id)] == [{"by": "first"}]
    finally:
        await first.close()
        await second.close()
