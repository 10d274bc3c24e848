"""The fake keeps Discord's nonce rule: a message created again with the same nonce (and
`enforce_nonce`) by the same author in the same channel within five minutes is answered with the
message that exists, and nothing new is created. A bot relies on it to send again after a crash."""

from __future__ import annotations

import discord

from .fakediscord.nonces import NONCE_WINDOW
from .test_fake_refusals import raw


async def test_the_same_nonce_again_returns_the_message_that_exists(fake_discord, tiny_bot):
    fake = fake_discord
    channel = tiny_bot.client.get_channel(fake.channel.id)
    first = await channel.send("the board, version 7", nonce="table-1-v7")
    again = await channel.send("the board, version 7, sent again after a crash", nonce="table-1-v7")
    assert again.id == first.id and again.content == "the board, version 7"  # the existing message
    assert [m.content for m in fake.channel.messages()] == ["the board, version 7"]
    assert fake.channel.messages()[0].nonce == "table-1-v7" and first.nonce == "table-1-v7"
    (repeat,) = fake.nonces.repeats
    assert repeat.message.id == first.id and repeat.body["enforce_nonce"] is True  # discord.py always sends it
    # a message without a nonce of its own gets one from discord.py, so it is never deduplicated
    await channel.send("hello")
    await channel.send("hello")
    assert [m.content for m in fake.channel.messages()] == ["the board, version 7", "hello", "hello"]


async def test_a_nonce_holds_in_its_own_channel_only(fake_discord, tiny_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    other = fake.add_channel("other")
    await fake.settle()  # the bot hears of the new channel
    client = tiny_bot.client
    here = await client.get_channel(fake.channel.id).send("here", nonce="n1")
    there = await client.get_channel(other.id).send("there", nonce="n1")
    dm = await (await client.fetch_user(alice.id)).send("in a DM", nonce="n1")
    assert len({here.id, there.id, dm.id}) == 3
    assert [m.content for m in other.messages()] == ["there"] and [m.content for m in alice.dms()] == ["in a DM"]
    again = await (await client.fetch_user(alice.id)).send("in a DM, again", nonce="n1")
    assert again.id == dm.id and [m.content for m in alice.dms()] == ["in a DM"]


async def test_a_nonce_is_forgotten_after_five_minutes(fake_discord, tiny_bot):
    fake = fake_discord
    channel = tiny_bot.client.get_channel(fake.channel.id)
    first = await channel.send("first", nonce="n2")
    fake.advance_clock(NONCE_WINDOW - 1)
    assert (await channel.send("within the window", nonce="n2")).id == first.id
    fake.advance_clock(2)
    later = await channel.send("after the window", nonce="n2")
    assert later.id != first.id
    assert [m.content for m in fake.channel.messages()] == ["first", "after the window"]


async def test_without_enforce_nonce_a_repeat_is_a_new_message(fake_discord):
    fake = fake_discord
    path = f"/channels/{fake.channel.id}/messages"
    status, first = await raw(fake, "POST", path, body={"content": "one", "nonce": "n3"})
    assert status == 200 and first["nonce"] == "n3"
    status, second = await raw(fake, "POST", path, body={"content": "two", "nonce": "n3", "enforce_nonce": False})
    assert status == 200 and second["id"] != first["id"]
    status, third = await raw(fake, "POST", path, body={"content": "three", "nonce": "n3", "enforce_nonce": True})
    assert status == 200 and third["id"] == second["id"]  # the latest message with that nonce
    assert [m.content for m in fake.channel.messages()] == ["one", "two"]


async def test_a_nonce_longer_than_25_characters_is_refused(fake_discord, tiny_bot):
    channel = tiny_bot.client.get_channel(fake_discord.channel.id)
    with fake_discord.expecting(50035):
        try:
            await channel.send("x", nonce="n" * 26)
        except discord.HTTPException as error:
            assert error.code == 50035
        else:
            raise AssertionError("a 26-character nonce was accepted")
    assert fake_discord.channel.messages() == []
