"""The real bot's gateway in shards, as Discord requires of a bot in more than 2,500 servers. The
fake recommends two (GET /gateway/bot) and, as Discord does, sends Agora's events on shard 1
(`(guild_id >> 22) % 2`) and what happens in DMs on shard 0 (fakediscord/shards.py). The bot is
healthy only while every shard is connected, and uses a shard count it is given. A table playing
across the shards, one of them dropping, is a game's own scenario (`ON_TWO_SHARDS` is for it)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.discord_app import health
from tests.registry import a_game

TWO_SHARDS = {"shards": 2, "guild_shard": 1}  # Agora's events on shard 1 of 2
ON_TWO_SHARDS = pytest.mark.parametrize("fake_discord", [TWO_SHARDS], indirect=True, ids=["two shards"])
pytestmark = ON_TWO_SHARDS


@pytest.fixture
def quick_heartbeat(monkeypatch) -> float:
    """Heartbeats every 50 ms (set before the bot starts: its loop reads HEARTBEAT between beats)."""
    monkeypatch.setattr(health, "HEARTBEAT", 0.05)
    return health.HEARTBEAT


def last_beat(db, shard: int) -> str | None:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        row = connection.execute("SELECT value FROM meta WHERE key = ?", (health.key_of(shard),)).fetchone()
    return row and row[0]


async def test_the_heartbeat_of_a_shard_stops_while_it_is_down(quick_heartbeat, fake_discord, real_bot):
    fake, client = fake_discord, real_bot.client
    db = client.settings.bot_db_path
    await fake.wait_until(lambda: health.check(db)[0], what="the first heartbeat")
    assert health.connected(client)
    async with fake.gateway_outage(shard=1):
        await asyncio.sleep(2 * quick_heartbeat)  # a beat that was being written is done
        before, other = last_beat(db, 1), last_beat(db, 0)
        await asyncio.sleep(5 * quick_heartbeat)
        assert last_beat(db, 1) == before and not health.connected(client)
        assert last_beat(db, 0) != other  # shard 0 still beats
    await fake.wait_until(lambda: last_beat(db, 1) != before, what="a heartbeat once shard 1 is back")
    assert health.connected(client)


@pytest.fixture
def three_shards_set(monkeypatch) -> None:
    monkeypatch.setenv("BOT_SHARD_COUNT", "3")  # read by the real_bot fixture's settings


async def test_a_shard_count_set_is_used_instead_of_discords_recommendation(three_shards_set, fake_discord, real_bot):
    fake, client = fake_discord, real_bot.client
    assert ("GET", "/gateway/bot") not in fake.requests and client.shard_count == 3
    assert {(s.shard_id, s.shard_count) for s in fake.shards.current.values()} == {(0, 3), (1, 3), (2, 3)}
    alice = fake.add_user("alice")
    opened = await alice.slash("table new", game=a_game())
    assert opened.reply is not None and opened.shard == (fake.guild.id >> 22) % 3
    assert client.get_guild(fake.guild.id).shard_id == opened.shard
