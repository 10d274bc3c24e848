"""The fake refuses the bot what a channel's overwrites take away from it, as Discord does: 50001
without View Channel, 50013 without Send Messages (in a thread, Send Messages in Threads), Attach
Files for files, Read Message History to fetch a message; embeds are dropped without Embed Links.
Interaction responses and followups are not checked (they go through the interaction's webhook),
and each interaction carries the bot's permissions where it was made (`app_permissions`)."""

from __future__ import annotations

import discord
import pytest

from .fakediscord import FakeDiscord, FakeInteraction
from .fakediscord.interactions import COMMAND
from .test_fake_refusals import raw

EMBED = {"title": "A board", "description": "the board, as an embed"}


def messages_path(channel) -> str:
    return f"/channels/{channel.id}/messages"


async def test_without_send_messages_a_post_is_refused_and_nothing_is_made(fake_discord: FakeDiscord):
    fake = fake_discord
    fake.deny_bot(fake.channel, "send_messages")
    status, body = await raw(fake, "POST", messages_path(fake.channel), body={"content": "hello"})
    assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
    assert fake.channel.messages() == [] and fake.missing_permissions == [(fake.channel, "send_messages")]
    assert fake.violations == []  # a bot must expect it: not a broken rule
    fake.allow_bot(fake.channel, "send_messages")
    status, _ = await raw(fake, "POST", messages_path(fake.channel), body={"content": "hello"})
    assert status == 200 and [m.content for m in fake.channel.messages()] == ["hello"]


async def test_without_view_channel_everything_is_missing_access(fake_discord: FakeDiscord):
    fake = fake_discord
    status, made = await raw(fake, "POST", messages_path(fake.channel), body={"content": "before"})
    fake.deny_bot(fake.channel, "view_channel")
    for method, path, body in [
        ("POST", messages_path(fake.channel), {"content": "hello"}),
        ("GET", messages_path(fake.channel), None),
        ("GET", f"{messages_path(fake.channel)}/{made['id']}", None),
        ("PATCH", f"{messages_path(fake.channel)}/{made['id']}", {"content": "after"}),
    ]:
        status, answer = await raw(fake, method, path, body=body)
        assert (status, answer["code"]) == (403, 50001), (method, path)
    assert [m.content for m in fake.channel.messages()] == ["before"]


async def test_files_need_attach_files_and_edits_do_not_need_send_messages(fake_discord: FakeDiscord):
    fake = fake_discord
    fake.deny_bot(fake.channel, "attach_files")
    status, body = await raw(
        fake, "POST", messages_path(fake.channel), body={"content": "a board"}, files={"board.png": b"png"}
    )
    assert (status, body["code"]) == (403, 50013) and fake.channel.messages() == []
    status, made = await raw(fake, "POST", messages_path(fake.channel), body={"content": "a board"})
    assert status == 200
    fake.deny_bot(fake.channel, "send_messages")  # its own message can still be edited, without files
    status, _ = await raw(fake, "PATCH", f"{messages_path(fake.channel)}/{made['id']}", body={"content": "edited"})
    assert status == 200 and fake.channel.last_message().content == "edited"
    status, body = await raw(
        fake, "PATCH", f"{messages_path(fake.channel)}/{made['id']}", body={"content": "x"}, files={"board.png": b"png"}
    )
    assert (status, body["code"]) == (403, 50013) and fake.channel.last_message().content == "edited"


async def test_without_embed_links_embeds_are_dropped_or_an_embed_alone_refused(fake_discord: FakeDiscord):
    fake = fake_discord
    fake.deny_bot(fake.channel, "embed_links")
    status, made = await raw(fake, "POST", messages_path(fake.channel), body={"content": "see", "embeds": [EMBED]})
    assert status == 200 and made["embeds"] == [] and fake.channel.last_message().embeds == []
    status, body = await raw(fake, "POST", messages_path(fake.channel), body={"embeds": [EMBED]})
    assert (status, body["code"]) == (403, 50013) and len(fake.channel.messages()) == 1
    fake.allow_bot(fake.channel, "embed_links")
    status, made = await raw(fake, "POST", messages_path(fake.channel), body={"embeds": [EMBED]})
    assert status == 200 and made["embeds"] == [EMBED]


async def test_reading_history_needs_read_message_history(fake_discord: FakeDiscord):
    fake = fake_discord
    status, made = await raw(fake, "POST", messages_path(fake.channel), body={"content": "a board"})
    fake.deny_bot(fake.channel, "read_message_history")
    status, body = await raw(fake, "GET", f"{messages_path(fake.channel)}/{made['id']}")
    assert (status, body["code"]) == (403, 50013)
    status, listed = await raw(fake, "GET", messages_path(fake.channel))
    assert (status, listed) == (200, [])  # Discord returns no messages rather than refusing
    fake.allow_bot(fake.channel, "read_message_history")
    status, listed = await raw(fake, "GET", messages_path(fake.channel))
    assert [m["id"] for m in listed] == [made["id"]]


async def test_a_thread_takes_its_parents_overwrite_but_needs_send_messages_in_threads(fake_discord: FakeDiscord):
    fake = fake_discord
    thread = fake.add_channel("game-night", thread_of=fake.channel)
    with pytest.raises(ValueError, match="parent"):
        fake.deny_bot(thread, "send_messages")
    fake.deny_bot(fake.channel, "send_messages")  # no effect in a thread
    status, _ = await raw(fake, "POST", messages_path(thread), body={"content": "in the thread"})
    assert status == 200
    fake.allow_bot(fake.channel, "send_messages")
    fake.deny_bot(fake.channel, "send_messages_in_threads")
    status, body = await raw(fake, "POST", messages_path(thread), body={"content": "again"})
    assert (status, body["code"]) == (403, 50013) and [m.content for m in thread.messages()] == ["in the thread"]
    status, _ = await raw(fake, "POST", messages_path(fake.channel), body={"content": "in the channel"})
    assert status == 200


async def test_interactions_carry_the_bots_permissions_and_are_not_refused(fake_discord: FakeDiscord, tiny_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    fake.deny_bot(fake.channel, "send_messages", "attach_files")
    shown = await alice.slash("snapshot")  # a response with a file: through the interaction's webhook
    assert shown.reply.content == "snap" and shown.reply.files() and not shown.reply.ephemeral
    granted = discord.Permissions(int(shown.payload()["app_permissions"]))
    assert not granted.send_messages and not granted.attach_files and granted.view_channel and granted.embed_links
    in_dm = FakeInteraction(fake, type=COMMAND, user=alice, channel=alice.dm_channel, data={})
    assert discord.Permissions(int(in_dm.payload()["app_permissions"])).attach_files  # what an app gets in a DM
    # the bot's cache learned the overwrite (CHANNEL_UPDATE): discord.py computes the same
    channel = tiny_bot.client.get_channel(fake.channel.id)
    me = channel.guild.me
    assert not channel.permissions_for(me).send_messages and channel.permissions_for(me).read_message_history
    # the bot's own post of a file fails with Discord's error, which the tiny bot does not catch
    with fake.expecting(50013):
        picture = await alice.slash("picture")
    assert picture.reply.content.startswith("here it is") and fake.missing_permissions[-1] == (
        fake.channel,
        "send_messages",
    )
