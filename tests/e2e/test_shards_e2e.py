"""The real bot's gateway in shards, as Discord requires of a bot in more than 2,500 servers. The
fake recommends two (GET /gateway/bot) and, as Discord does, sends Agora's events on shard 1
(`(guild_id >> 22) % 2`) and what happens in DMs on shard 0 (fakediscord/shards.py). An Ostrakon
table in Agora plays with its stones pressed in DMs; one shard's connection dropping leaves the
other serving; the bot is healthy only while every shard is connected."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot import health

from .fakediscord.faults import BotAway
from .ostrakon_table import OstrakonTable
from .test_discord_faults_e2e import REVEALED, asked, delivered, shown, started

TWO_SHARDS = {"shards": 2, "guild_shard": 1}  # Agora's events on shard 1 of 2
pytestmark = pytest.mark.parametrize("fake_discord", [TWO_SHARDS], indirect=True, ids=["two shards"])


def shards_used(fake, since: int = 0) -> tuple[set[int], set[int]]:
    """The shards the interactions since the `since`-th reached the bot on: in guilds, in DMs (one
    refused while its shard was down never reached it)."""
    interactions = [i for i in list(fake.interactions.values())[since:] if i.shard is not None]
    return ({i.shard for i in interactions if not i.channel.is_dm},
            {i.shard for i in interactions if i.channel.is_dm})


async def everyone_votes(table: OstrakonTable, question, stone: str = "black") -> None:
    for voter in list(table.waiting()):
        await table.vote(voter, stone, question)  # by DM


async def test_a_table_on_shard_1_plays_with_the_stones_pressed_in_dms_on_shard_0(fake_discord, real_bot, monkeypatch):
    fake, client = fake_discord, real_bot.client
    assert ("GET", "/gateway/bot") in fake.requests and client.shard_count == 2  # as Discord recommends
    assert {(s.shard_id, s.shard_count) for s in fake.shards.current.values()} == {(0, 2), (1, 2)}
    assert client.get_guild(fake.guild.id).shard_id == 1

    table = await started(fake, monkeypatch)
    question = await asked(table)
    await everyone_votes(table, question)
    assert len(shown(fake, REVEALED)) == 1
    await asked(table, 2)  # the next turn: the table plays on
    await delivered(real_bot, table)
    in_guild, in_dms = shards_used(fake)
    assert in_guild == {1} and in_dms == {0}, (in_guild, in_dms)


@pytest.mark.parametrize("down", [1, 0], ids=["the guild's shard down", "the DMs' shard down"])
async def test_one_shard_resuming_leaves_the_other_serving(fake_discord, real_bot, monkeypatch, down):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    question = await asked(table)
    first, second, *others = table.waiting()
    up = fake.shards.current[1 - down]
    seen, acted = len(fake.faults.gateway_log), len(fake.interactions)

    async with fake.gateway_outage(shard=down):
        # a stone from where the connection is up: a DM (shard 0), or the channel's "My hand & moves"
        await table.vote(first, "white", question, by_dm=down == 1)
        with pytest.raises(BotAway):  # from where it is down
            await table.vote(second, "white", question, by_dm=down == 0)

    session = fake.shards.current[down].session_id
    assert [entry[:2] for entry in fake.faults.gateway_log[seen:]] == [("RESUME", session), ("RESUMED", session)]
    assert fake.shards.current[1 - down] is up and fake.faults.count("IDENTIFY") == 2  # the other never left
    in_guild, in_dms = shards_used(fake, acted)
    assert (in_guild, in_dms) == (({1}, set()) if down == 0 else (set(), {0}))

    await everyone_votes(table, question)  # the rest, and the stone refused while its shard was down
    assert len(shown(fake, REVEALED)) == 1
    await asked(table, 2)
    await delivered(real_bot, table)


@pytest.fixture
def quick_heartbeat(monkeypatch) -> float:
    """Heartbeats every 50 ms (set before the bot starts: its loop reads HEARTBEAT between beats)."""
    monkeypatch.setattr(health, "HEARTBEAT", 0.05)
    return health.HEARTBEAT


def last_beat(db) -> str | None:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        row = connection.execute("SELECT value FROM meta WHERE key = ?", (health.KEY,)).fetchone()
    return row and row[0]


async def test_the_heartbeat_stops_while_one_shard_is_down(quick_heartbeat, fake_discord, real_bot):
    fake, client = fake_discord, real_bot.client
    db = client.settings.bot_db_path
    await fake.wait_until(lambda: health.check(db)[0], what="the first heartbeat")
    assert health.connected(client)
    async with fake.gateway_outage(shard=1):
        await asyncio.sleep(2 * quick_heartbeat)  # a beat that was being written is done
        before = last_beat(db)
        await asyncio.sleep(5 * quick_heartbeat)
        assert last_beat(db) == before and not health.connected(client)
    await fake.wait_until(lambda: last_beat(db) != before, what="a heartbeat once shard 1 is back")
    assert health.connected(client)


@pytest.fixture
def three_shards_set(monkeypatch) -> None:
    monkeypatch.setenv("BOT_SHARD_COUNT", "3")  # read by the real_bot fixture's settings


async def test_a_shard_count_set_is_used_instead_of_discords_recommendation(three_shards_set, fake_discord, real_bot):
    fake, client = fake_discord, real_bot.client
    assert ("GET", "/gateway/bot") not in fake.requests and client.shard_count == 3
    assert {(s.shard_id, s.shard_count) for s in fake.shards.current.values()} == {(0, 3), (1, 3), (2, 3)}
    alice = fake.add_user("alice")
    opened = await alice.slash("table new", game="ostrakon")
    assert opened.reply is not None and opened.shard == (fake.guild.id >> 22) % 3
    assert client.get_guild(fake.guild.id).shard_id == opened.shard
