"""The fake Discord against a tiny discord.py bot: what users can do and see, and every way the
fake fails a test when the bot breaks a Discord rule."""

from __future__ import annotations

import pytest

from .fakediscord import UserCannot


async def test_slash_command_with_options_answers_ephemerally_with_buttons(fake_discord, tiny_bot):
    alice, bob = fake_discord.add_users("alice", "bob")
    done = await alice.slash("echo", text="hi", times=2, tone="Loud")
    reply = done.reply
    assert reply.content == "HIHI"
    assert reply.ephemeral and alice.ephemerals() == [reply]
    assert reply.button_labels() == ["DM me", "Ask", "Boom"]
    assert [s.get("placeholder") for s in reply.selects()] == ["Pick a colour", "Seat someone"]
    assert bob.ephemerals() == [] and fake_discord.channel.messages() == []


async def test_clicking_a_button_sends_a_dm_and_closed_dms_are_refused(fake_discord, tiny_bot):
    alice, bob = fake_discord.add_users("alice", "bob")
    mine = (await alice.slash("echo", text="a")).reply
    told = await alice.click(mine, "DM me")
    assert told.reply.content == "sent you a DM" and told.reply.ephemeral
    assert [m.content for m in alice.dms()] == ["psst, a secret"]
    read = await alice.click(alice.last_dm(), "Got it")
    assert read.reply is alice.last_dm() and read.reply.content == "psst, a secret (read in a DM)"
    assert read.reply.buttons() == []

    fake_discord.close_dms(bob)
    his = (await bob.slash("echo", text="b")).reply
    refused = await bob.click(his, "DM me")
    assert refused.reply.content == "your DMs are closed"
    assert bob.dms() == [] and [user for user, _ in fake_discord.refused_dms] == [bob]


async def test_users_only_see_and_click_their_own_ephemeral_messages(fake_discord, tiny_bot):
    alice, bob = fake_discord.add_users("alice", "bob")
    mine = (await alice.slash("echo", text="a")).reply
    with pytest.raises(UserCannot, match="ephemeral"):
        await bob.click(mine, "DM me")
    with pytest.raises(UserCannot, match="no buttons"):
        await alice.click(mine, "Join")


async def test_a_modal_opened_from_a_button_is_submitted_by_field_label(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    mine = (await alice.slash("echo", text="a")).reply
    opened = await alice.click(mine, "Ask")
    assert opened.modal["title"] == "Ask the table" and opened.reply is None
    with pytest.raises(UserCannot, match="required"):
        await alice.submit_modal(detail="no question")
    asked = await alice.submit_modal(question="Is virtue knowledge?", detail="Meno")
    assert asked.reply.content == "**alice** asks: Is virtue knowledge? (Meno)"
    assert fake_discord.channel.messages() == [asked.reply]
    assert asked.reply.interaction.message is mine


async def test_picking_from_a_select_updates_the_message_in_place(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    mine = (await alice.slash("echo", text="a")).reply
    picked = await alice.select(mine, ["Blue"], select="Pick a colour")
    assert picked.reply is mine and mine.content == "You picked blue" and len(mine.history) == 1
    again = await alice.select(
        mine, ["red"], select="Pick a colour"
    )  # the view is still stored under the same message id
    assert again.reply.content == "You picked red"
    with pytest.raises(UserCannot, match="not an option"):
        await alice.select(mine, ["green"], select="Pick a colour")
    bob, carol = fake_discord.add_users("bob", "carol")
    seated = await alice.select(mine, [bob, carol], select="Seat someone")
    assert seated.reply.content == "Seated bob, carol"
    with pytest.raises(UserCannot, match="2 select menus"):
        await alice.select(mine, ["red"])


async def test_subcommands_take_ranges_defaults_and_members(fake_discord, tiny_bot):
    alice, bob = fake_discord.add_users("alice", "bob")
    started = await alice.slash("game start", players=4)
    assert started.reply.content == "Starting a classic game for 4 players" and not started.reply.ephemeral
    poked = await alice.slash("game poke", who=bob)
    assert poked.reply.content == f"{alice.mention} pokes {bob.mention} (bob)"
    assert fake_discord.channel.messages() == [started.reply, poked.reply]
    with pytest.raises(UserCannot, match="out of"):
        await alice.slash("game start", players=7)
    with pytest.raises(UserCannot, match="needs"):
        await alice.slash("game poke")
    with pytest.raises(UserCannot, match="needs a subcommand"):
        await alice.slash("game")
    with pytest.raises(UserCannot, match="no option"):
        await alice.slash("echo", text="a", colour="red")
    with pytest.raises(UserCannot, match="not registered"):
        await alice.slash("table new")


async def test_autocomplete_shows_the_bots_choices(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    shown = await alice.autocomplete("game start", focused="variant", variant="cl", players=3)
    assert shown == [{"name": "Classic", "value": "classic"}, {"name": "Clock", "value": "clock"}]


async def test_a_thread_is_a_channel_users_can_play_in(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    opened = await alice.slash("thread", name="A game at dusk")
    thread = next(c for c in fake_discord.channels.values() if c.parent is fake_discord.channel)
    assert opened.reply.content == f"Opened {thread.mention}"
    assert [m.content for m in thread.messages()] == ["Welcome to A game at dusk"]
    started = await alice.slash("game start", players=2, channel=thread)
    assert started.reply.channel is thread and thread.messages()[-1] is started.reply


async def test_deferred_reply_followup_with_png_and_edits(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    done = await alice.slash("picture")
    reply = done.reply
    assert reply.content == "here it is (edited)" and not reply.loading
    assert list(reply.files()) == ["board.png"] and reply.files()["board.png"].startswith(b"\x89PNG")
    board = fake_discord.channel.messages()[-1]
    assert board.content == "a board, updated" and board.edited_timestamp is not None
    assert len(board.attachments) == 1 and board.history[0]["attachments"][0]["filename"] == "board.png"
    assert fake_discord.channel.messages() == [reply, board]


async def test_a_reply_with_a_picture_and_a_button_that_replaces_it(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    snap = (await alice.slash("snapshot")).reply
    first = snap.files()["board.png"]
    assert snap.content == "snap" and first.startswith(b"\x89PNG")
    redrawn = await alice.click(snap, "Redraw")
    assert redrawn.reply is snap and snap.content == "redrawn"
    assert list(snap.files()) == ["board.png"] and snap.files()["board.png"] != first


async def test_commands_hidden_by_permissions_and_allowed_in_dms(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    mod = fake_discord.add_user("mod", moderator=True)
    with pytest.raises(UserCannot, match="does not see /tidy"):
        await alice.slash("tidy")
    assert (await mod.slash("tidy")).reply.content == "tidied"
    here = await alice.slash("where", channel=alice.dm_channel)
    assert here.reply.content == "you are in a DM" and alice.dms() == [here.reply]
    with pytest.raises(UserCannot, match="DMs"):
        await alice.slash("tidy", channel=alice.dm_channel)


async def test_restart_keeps_what_users_see_and_the_registered_commands(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    first = (await alice.slash("game start", players=2)).reply
    await tiny_bot.restart()
    assert fake_discord.channel.messages() == [first]
    assert (await alice.slash("game start", players=3)).reply.content.endswith("for 3 players")
    assert len(fake_discord.command_syncs) == 4  # this tiny bot syncs global + guild on every start


# The bot breaking Discord's rules fails the test --------------------------------------------------


async def test_a_message_over_2000_characters_is_refused(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    assert len((await alice.slash("long", n=2000)).reply.content) == 2000
    with fake_discord.expecting(50035, 10062) as refused:
        await alice.slash("long", n=2001)
    assert any("content" in v.message and "2001" in v.message for v in refused.seen)


async def test_an_answer_after_the_deadline_is_lost(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    fake_discord.ack_deadline = 0.2
    with fake_discord.expecting(10062) as lost:
        await alice.slash("slow", seconds=0.3)
    assert any("not acknowledged within 0.2 s" in v.message for v in lost.seen)
    assert any("acknowledged after" in v.message for v in lost.seen)


async def test_an_interaction_never_answered_fails_without_waiting_for_the_deadline(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    with pytest.raises(AssertionError, match="10062"):
        await alice.slash("silent")


async def test_an_exception_in_a_view_callback_fails_the_test(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    mine = (await alice.slash("echo", text="a")).reply
    with fake_discord.expecting("bot-error", 10062) as failed:
        await alice.click(mine, "Boom")
    assert any("the view callback blew up" in v.message for v in failed.seen)
