"""The bot's own permissions in a table's channel (bot/discord_app/permissions.py), against the real bot.

`/table new` where the bot lacks one it needs refuses privately, naming it, and opens nothing. A
table whose channel loses one mid-game goes on (every move is committed and answered), its
players are told by DM once, and once the permission is back the catch-up shows what was missed."""

from __future__ import annotations

import pytest

from bot.discord_app.delivery import hooks
from bot.discord_app.permissions import SHOWN
from bot.store import outbox
from tests.registry import a_game

from .game_table import GameTable, draw_without_encoding, first, seeded_tables
from .test_one_pass_e2e import two_taking_turns

CLOSED = "I can't post in"


async def tables(real_bot) -> int:
    return (await real_bot.client.store.query("SELECT COUNT(*) FROM tables"))[0][0]


@pytest.mark.parametrize("missing", ["view_channel", "send_messages", "attach_files", "read_message_history"])
async def test_table_new_names_the_permission_the_bot_lacks_and_opens_nothing(fake_discord, real_bot, missing):
    fake = fake_discord
    alice = fake.add_user("alice")
    fake.deny_bot(fake.channel, missing)
    done = await alice.slash("table new", game=a_game())
    assert done.reply.ephemeral and done.reply.ephemeral_to is alice
    assert done.reply.content == f"🚫 I can't open a table here: I need **{SHOWN[missing]}** in this channel."
    assert fake.channel.messages() == [] and await tables(real_bot) == 0
    fake.allow_bot(fake.channel, missing)  # a moderator lets it: the same command opens the table
    opened = await alice.slash("table new", game=a_game())
    assert not opened.reply.ephemeral and opened.reply.buttons() and await tables(real_bot) == 1


async def test_every_missing_permission_is_named_on_one_line(fake_discord, real_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    fake.deny_bot(fake.channel, "attach_files", "read_message_history")
    done = await alice.slash("table new", game=a_game())
    assert done.reply.content == (
        "🚫 I can't open a table here: I need **Attach Files** and **Read Message History** in this channel."
    )
    assert await tables(real_bot) == 0


async def test_a_thread_needs_send_messages_in_threads_not_send_messages(fake_discord, real_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    thread = fake.add_channel("game-night", thread_of=fake.channel)
    fake.deny_bot(fake.channel, "send_messages_in_threads")
    done = await alice.slash("table new", game=a_game(), channel=thread)
    assert done.reply.content == "🚫 I can't open a table here: I need **Send Messages in Threads** in this thread."
    assert thread.messages() == [] and await tables(real_bot) == 0
    fake.allow_bot(fake.channel, "send_messages_in_threads")
    fake.deny_bot(fake.channel, "send_messages")  # no effect in a thread
    opened = await alice.slash("table new", game=a_game(), channel=thread)
    assert opened.reply.channel is thread and not opened.reply.ephemeral and await tables(real_bot) == 1


def told(user) -> list[str]:
    return [m.content for m in user.dms() if CLOSED in m.content]


@pytest.mark.parametrize("missing", ["view_channel", "send_messages", "attach_files"])
async def test_a_channel_closed_mid_game_is_told_once_and_the_table_catches_up(
    fake_discord, real_bot, monkeypatch, missing
):
    fake = fake_discord
    fake.settle_quiet = 0.01
    monkeypatch.setattr(hooks, "LIVES", 0)  # the bot's own requests, as after a press's 15 minutes
    seeded_tables(monkeypatch, "closed-channel")
    draw_without_encoding(monkeypatch)
    alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, two_taking_turns(), [alice, bob])
    await table.seat_everyone()
    store, publisher = real_bot.client.store, real_bot.client.publisher
    shown = [(m.id, m.content) for m in fake.channel.messages()]

    fake.deny_bot(fake.channel, missing)
    (player,) = table.waiting()
    await table.turn(player, first)  # committed and answered privately, though the board cannot go out
    assert (fake.channel, missing) in fake.missing_permissions
    assert [(m.id, m.content) for m in fake.channel.messages()] == shown
    for user in (alice, bob):
        (text,) = told(user)
        assert f"<#{fake.channel.id}>" in text and f"**{SHOWN[missing]}**" in text and "\n" not in text
        assert text.count("**") == 4, text  # the game's title and the one permission taken away
    assert len(await outbox.tables_owed(store)) == 1

    # play goes on from "My hand & moves"; the catch-up tries again; nobody is told twice
    other = next(user for user in (alice, bob) if user is not player)
    await table.choose(other, await table.hand(other), first)
    fake.advance_clock(6 * 60)  # past a DM nonce's five minutes: only the bot's own record keeps it quiet
    await publisher.catch_up_all()
    assert all(len(told(user)) == 1 for user in (alice, bob))
    assert len(await outbox.tables_owed(store)) == 1 and [m.id for m in fake.channel.messages()] == [
        i for i, _ in shown
    ]

    # a moderator gives it back: the catch-up shows what was missed, with a board waiting on the right player
    fake.allow_bot(fake.channel, missing)
    await publisher.catch_up_all()
    await fake.settle()
    assert await outbox.tables_owed(store) == []
    row = (await store.query("SELECT id FROM tables"))[0][0]
    waiting = real_bot.client.service.waiting_on(await real_bot.client.service.get(row))
    assert [user.id for user in table.waiting()] == waiting and table.board().files()
    assert all(len(told(user)) == 1 for user in (alice, bob))

    # closed again after it caught up: a new blockage, told again
    fake.deny_bot(fake.channel, missing)
    (player,) = table.waiting()
    await table.turn(player, first)
    assert all(len(told(user)) == 2 for user in (alice, bob))


async def test_vacation_and_rematch_in_a_channel_the_bot_may_not_post_in(fake_discord, real_bot, monkeypatch):
    """/table vacation answers through its interaction, which needs no permission in the channel;
    a Rematch there would open a table nobody can see, so it is refused like /table new."""
    fake = fake_discord
    seeded_tables(monkeypatch, "closed-channel")
    draw_without_encoding(monkeypatch)
    alice, bob = fake.add_users("alice", "bob")
    moderator = fake.add_user("mod", moderator=True)
    table = GameTable(fake, two_taking_turns(), [alice, bob])
    await table.seat_everyone()
    fake.deny_bot(fake.channel, "send_messages")
    done = await alice.slash("table vacation", days=2)
    assert done.reply.ephemeral and done.reply.content.startswith("✅")
    assert "is on vacation" in fake.channel.messages()[-1].content
    fake.allow_bot(fake.channel, "send_messages")
    await moderator.slash("table end")
    summary = fake.channel.messages()[-1]
    assert "Rematch" in summary.button_labels()
    fake.deny_bot(fake.channel, "attach_files")
    refused = await bob.click(summary, "Rematch")
    assert refused.reply.ephemeral and refused.reply.content == (
        "🚫 I can't open a table here: I need **Attach Files** in this channel."
    )
    assert await tables(real_bot) == 1
