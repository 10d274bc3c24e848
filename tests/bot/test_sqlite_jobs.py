"""The store's jobs go to SQLite's thread together (bot/store/jobs.py): those queued meanwhile share
one hop, run in the order they were queued, and each keeps its own result, error and transaction."""

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
    results = await asyncio.gather(*(store.run_job(lambda connection, n=n: ran.append(n) or n * n) for n in range(20)))
    assert results == [n * n for n in range(20)] and ran == list(range(20))
    assert len(hops) == 1
    await store.run_job(lambda connection: ran.append("later"))
    assert len(hops) == 2 and ran[-1] == "later"


async def test_a_job_s_error_is_its_own_and_the_others_commit(store):
    def insert(key):
        return lambda connection: connection.execute("INSERT INTO meta (key, value) VALUES (?, 'x')", (key,))

    def broken(connection):
        connection.execute("INSERT INTO no_such_table VALUES (1)")

    results = await asyncio.gather(
        store.run_job(insert("first")), store.run_job(broken), store.run_job(insert("second")), return_exceptions=True
    )
    assert isinstance(results[1], sqlite3.OperationalError)
    assert not isinstance(results[0], BaseException) and not isinstance(results[2], BaseException)
    assert await store.get_meta("first") == "x" and await store.get_meta("second") == "x"


async def test_a_cancelled_caller_leaves_the_others_their_results(store):
    first = asyncio.ensure_future(store.run_job(lambda connection: "first"))
    second = asyncio.ensure_future(store.run_job(lambda connection: "second"))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == "second"
    assert first.cancelled()


async def test_jobs_after_the_close_fail_rather_than_wait(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    await store.close()
    with pytest.raises(ValueError):
        await asyncio.wait_for(store.run_job(lambda connection: 1), timeout=5)
