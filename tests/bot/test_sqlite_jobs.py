"""The store's jobs go to SQLite's thread together (bot/store/jobs.py): those queued meanwhile share
one hop, run in the order they were queued, and each keeps its own result, error and transaction.
A job is a coroutine on a `Db` (bot/store/db.py), run there to its end without suspending."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store.sqlite import Store


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    yield store
    await store.close()


def counting_hops(store: Store) -> list[int]:
    hops = []
    execute = store._db._execute

    async def counted(function, *args, **kwargs):
        hops.append(1)
        return await execute(function, *args, **kwargs)

    store._db._execute = counted
    return hops


async def test_jobs_queued_together_share_a_hop_and_keep_their_order(store):
    hops, ran = counting_hops(store), []

    def job(n):
        async def work(db):
            ran.append(n)
            return await db.fetchval("SELECT ? * ?", n, n)

        return work

    results = await asyncio.gather(*(store.run_job(job(n)) for n in range(20)))
    assert results == [n * n for n in range(20)] and ran == list(range(20))
    assert len(hops) == 1
    await store.run_job(job("later"))
    assert len(hops) == 2 and ran[-1] == "later"


async def test_a_change_with_its_jobs_is_one_hop(store):
    hops = counting_hops(store)
    table = await store.create_table(
        guild_id=1, channel_id=2, game="g", host_id=3, seats=[3], options={}, seed="s", takebacks=True
    )
    hops.clear()

    async def derived(db):
        await db.execute("INSERT INTO meta (key, value) VALUES ('derived', ?)", str(table.id))
        async with db.savepoint():
            await db.execute("INSERT INTO meta (key, value) VALUES ('kept', 'x')")

    await store.save(table, {"state": "{}"}, ("note", None, 3, {}), [(None, "text", "hello", None)], then=derived)
    assert len(hops) == 1
    assert await store.get_meta("derived") == str(table.id) and await store.get_meta("kept") == "x"


async def test_a_job_that_suspends_is_refused_and_rolled_back(store):
    async def suspends(db):
        await db.execute("INSERT INTO meta (key, value) VALUES ('half', 'x')")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="suspends"):
        await store.in_transaction(suspends)
    assert await store.get_meta("half") is None


async def test_a_job_s_error_is_its_own_and_the_others_commit(store):
    def insert(key):
        return lambda db: db.execute("INSERT INTO meta (key, value) VALUES (?, 'x')", key)

    async def broken(db):
        await db.execute("INSERT INTO no_such_table VALUES (1)")

    results = await asyncio.gather(
        store.run_job(insert("first")), store.run_job(broken), store.run_job(insert("second")), return_exceptions=True
    )
    assert isinstance(results[1], sqlite3.OperationalError)
    assert not isinstance(results[0], BaseException) and not isinstance(results[2], BaseException)
    assert await store.get_meta("first") == "x" and await store.get_meta("second") == "x"


async def test_a_cancelled_caller_leaves_the_others_their_results(store):
    first = asyncio.ensure_future(store.run_job(lambda db: db.fetchval("SELECT 'first'")))
    second = asyncio.ensure_future(store.run_job(lambda db: db.fetchval("SELECT 'second'")))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == "second"
    assert first.cancelled()


async def test_jobs_after_the_close_fail_rather_than_wait(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    await store.close()
    with pytest.raises(ValueError):
        await asyncio.wait_for(store.run_job(lambda db: db.fetchval("SELECT 1")), timeout=5)
