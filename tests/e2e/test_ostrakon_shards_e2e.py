"""An Ostrakon table across the gateway's shards (test_shards_e2e.py): its channel on shard 1, its stones in DMs on shard 0."""

from __future__ import annotations

import pytest

from .fakediscord.faults import BotAway
from .ostrakon_table import OstrakonTable
from .test_ostrakon_faults_e2e import REVEALED, asked, delivered, shown, started
from .test_shards_e2e import ON_TWO_SHARDS

pytestmark = ON_TWO_SHARDS


def shards_used(fake, since: int = 0) -> tuple[set[int], set[int]]:
    """The shards the interactions since the `since`-th reached the bot on: in guilds, in DMs (one
    refused while its shard was down never reached it)."""
    interactions = [i for i in list(fake.interactions.values())[since:] if i.shard is not None]
    return ({i.shard for i in interactions if not i.channel.is_dm}, {i.shard for i in interactions if i.channel.is_dm})


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
    speaker = table.waiting()[0]
    question = await asked(table)
    # two voters whose stones came by DM (the speaker's came with the answer to their question)
    first, second, *others = [voter for voter in table.waiting() if voter is not speaker]
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
