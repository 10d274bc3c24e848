"""`health` across processes: each shard's heartbeat names the process holding it, and the check
says which shards are connected, healthy only when every shard asked about (a process's own, or
all of them) beat recently."""

import time

from bot.discord_app import health
from bot.store.sqlite import Store


async def beat(path, shards, count, at):
    store = await Store.open(path)
    try:
        await health.beat(store, now=at, shards=shards, count=count)
    finally:
        await store.close()


async def test_every_shard_connected_is_healthy_and_named(tmp_path, monkeypatch):
    path, now = tmp_path / "bot.sqlite3", time.time()
    monkeypatch.setattr(health, "this_process", lambda: "host-a:11")
    await beat(path, [0], 2, now - 5)
    monkeypatch.setattr(health, "this_process", lambda: "host-b:22")
    await beat(path, [1], 2, now - 3)
    healthy, text = health.check(path, now=now)
    assert healthy, text
    first, *shards = text.splitlines()
    assert first == "healthy: connected 5 s ago"
    assert shards == ["shard 0: connected 5 s ago, held by host-a:11", "shard 1: connected 3 s ago, held by host-b:22"]


async def test_a_silent_shard_is_unhealthy_for_all_but_not_for_the_other_process(tmp_path):
    path, now = tmp_path / "bot.sqlite3", time.time()
    await beat(path, [0], 2, now - 2)
    await beat(path, [1], 2, now - 10 * health.HEARTBEAT)  # its process died long ago
    healthy, text = health.check(path, now=now)
    assert (
        not healthy
        and text.splitlines()[0].startswith("unhealthy: the bot has not been connected")
        and "shard 1" in text
    )
    assert health.check(path, now=now, shards=[0])[0]  # shard 0's own process is fine
    assert not health.check(path, now=now, shards=[1])[0]


async def test_a_shard_that_never_connected_is_named(tmp_path):
    path, now = tmp_path / "bot.sqlite3", time.time()
    await beat(path, [0], 3, now)
    healthy, text = health.check(path, now=now)
    assert not healthy and text.splitlines()[0] == "unhealthy: shard 1 has not connected to Discord yet"
    assert "shard 2: never connected" in text


async def test_shards_of_an_older_count_do_not_count(tmp_path):
    path, now = tmp_path / "bot.sqlite3", time.time()
    await beat(path, [0, 1, 2], 3, now - 10 * health.HEARTBEAT)  # once three shards
    await beat(path, [0, 1], 2, now)  # now two
    healthy, text = health.check(path, now=now)
    assert healthy and "shard 2" not in text, text
