"""Several processes (docs/scaling.md): BOT_SHARD_IDS names the shards a process opens, and it owns
the tables of those shards' servers; its clock and its deliveries look at those only, on either
store, through the same SQL condition. `exclusively` keeps a block to one process at a time."""

from __future__ import annotations

import asyncio

import pytest

from bot.settings import SettingsError, load_settings
from bot.store.opening import open_store
from bot.store.outbox import tables_owed
from bot.tables.ownership import Ownership

URL = "postgresql://bot@db/bot"


def guild_on(shard: int, count: int, n: int = 1) -> int:
    return (((n * count) + shard) << 22) | 12345  # Discord's rule: (guild_id >> 22) % count


@pytest.mark.parametrize(
    ("ids", "count", "url", "shards"),
    [("1", 2, URL, {1}), ("0-2,5", 6, URL, {0, 1, 2, 5}), ("0, 1", 2, None, {0, 1})],
)
def test_shard_ids_are_read_as_a_list_or_ranges(ids, count, url, shards):
    settings = load_settings(bot_shard_ids=ids, bot_shard_count=count, bot_database_url=url)
    assert settings.shard_ids == frozenset(shards)


@pytest.mark.parametrize(
    ("ids", "count", "url", "says"),
    [
        ("1", None, URL, "BOT_SHARD_IDS needs BOT_SHARD_COUNT"),
        ("2", 2, URL, "names shard 2, but shards are numbered 0 to 1"),
        ("one", 2, URL, "is not a list of shard numbers"),
        ("3-1", 4, URL, "is not a list of shard numbers"),
        ("1", 2, None, "set BOT_DATABASE_URL"),  # the other shard's process could not share a SQLite file
    ],
)
def test_a_wrong_shard_setting_is_refused_with_its_reason(ids, count, url, says):
    with pytest.raises(SettingsError, match=says):
        load_settings(bot_shard_ids=ids, bot_shard_count=count, bot_database_url=url)


def test_a_process_owns_the_servers_of_its_shards_and_dms_are_shard_0s():
    mine = Ownership(frozenset({1}), 3)
    assert mine.owns(guild_on(1, 3)) and not mine.owns(guild_on(0, 3)) and not mine.owns(guild_on(2, 3))
    assert not mine.owns(None) and Ownership(frozenset({0}), 3).owns(None)
    assert Ownership().owns(guild_on(2, 3)) and Ownership(frozenset({0, 1}), 2).everything


async def test_the_owned_condition_picks_the_same_tables_in_sql(store_target):
    store = await open_store(store_target)
    try:
        made = {}
        for shard in range(3):
            table = await store.create_table(
                guild_id=guild_on(shard, 3),
                channel_id=100 + shard,
                game="g",
                host_id=1,
                seats=[1],
                options={},
                seed="s",
            )
            await store.transaction([("UPDATE tables SET version = 1 WHERE id = ?", (table.id,))])  # owes its channel
            made[shard] = table.id
        for shards in ({0}, {1, 2}, {0, 1, 2}):
            owned = Ownership(frozenset(shards), 3)
            assert await tables_owed(store, owned.where("guild_id")) == sorted(made[s] for s in shards)
    finally:
        await store.close()


async def test_an_exclusive_block_runs_alone_across_stores_of_one_database(store_target, store_kind):
    """On PostgreSQL, two stores (two processes); a SQLite file has one process, so one store."""
    first = await open_store(store_target)
    second = first if store_kind == "sqlite" else await open_store(store_target)
    inside: list[str] = []

    async def block(store, name: str) -> None:
        async with store.exclusively("sync slash commands"):
            inside.append(f"{name} in")
            await asyncio.sleep(0.2)
            inside.append(f"{name} out")

    try:
        await asyncio.gather(block(first, "a"), block(second, "b"))
    finally:
        await first.close()
        if second is not first:
            await second.close()
    assert inside in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
