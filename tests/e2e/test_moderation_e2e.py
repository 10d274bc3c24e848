"""Moderation against the real bot: refusals for everyone else, pause, resume, skip, replace,
rollback, end, the moderator role, `/table log`, spectators, the summary of an ended game, and a
table in a thread. A game's own (a whole game skipped to its end, a long log that keeps a game's
secrets) are in test_<game>_moderation_e2e.py."""

from __future__ import annotations

import discord
import pytest

from tests.registry import a_game

from .game_table import HAND
from .test_table_refusals_e2e import first_move, refused, snapshot, table_id


async def open_game(fake, host, others, game: str, channel=None, **options):
    lobby = (await host.slash("table new", game=game, channel=channel, **options)).reply
    for player in others:
        await player.click(lobby, "Join")
    await host.click(lobby, "Start")
    return lobby


async def secret_lines(player, other, channel=None) -> set[str]:
    """What `player`'s "My hand & moves" says that the other player's does not (past its first line,
    which names the seat): the player's secrets."""
    mine, theirs = [(await user.slash("hand", channel=channel)).reply.content for user in (player, other)]
    return set(mine.splitlines()[1:]) - set(theirs.splitlines())


def boards(channel) -> list:
    return [m for m in channel.messages() if HAND in m.button_labels()]


@pytest.fixture
def helpers_role(fake_discord):
    """A role without Manage Channels, made before the bot connects (so its guild cache knows it)."""
    return fake_discord.add_role("Table helpers", discord.Permissions(send_messages=True))


async def test_every_moderator_command_refuses_players_and_strangers(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    lobby = await open_game(fake, alice, [bob], a_game(seats=2))
    row = table_id(lobby)
    before = await snapshot(fake, real_bot, row)
    for user in (alice, mallory):  # the host is no moderator once the game runs
        await refused(user, user.slash("table pause"), "Only a moderator")
        await refused(user, user.slash("table resume"), "Only a moderator")
        await refused(user, user.slash("table skip"), "Only a moderator")
        await refused(user, user.slash("table replace", member=mallory, player=bob), "Only a moderator")
        await refused(user, user.slash("table rollback", actions=1), "Only a moderator")
        await refused(user, user.slash("table end"), "Only a moderator")
        await refused(user, user.slash("table kick", member=bob), "Only a moderator")
    moderator = fake.add_user("mod", moderator=True)  # Manage Channels is not Manage Server
    await refused(moderator, moderator.slash("table config", moderator_role=fake.moderator_role), "Manage Server")
    assert await snapshot(fake, real_bot, row) == before
    shown = await mallory.slash("table config")  # anyone may read the setting
    assert shown.reply.ephemeral and "Manage Channels" in shown.reply.content


async def test_a_moderator_pauses_resumes_skips_hands_a_seat_over_and_rolls_back(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    alice, bob, carol = fake.add_users("alice", "bob", "carol")
    moderator = fake.add_user("mod", moderator=True)
    lobby = await open_game(
        fake, alice, [bob], a_game(seats=2, hand=True, together=False)
    )  # one seat waited on at a time
    row = table_id(lobby)
    service = real_bot.client.service

    # Pause: said in the channel, no moves, no deadline; the moves a player had open are refused.
    waiting = service.waiting_on(await service.get(row))
    player = alice if waiting == [alice.id] else bob
    moves = (await player.click(boards(fake.channel)[-1], HAND)).reply
    paused = await moderator.slash("table pause")
    assert paused.reply.ephemeral and "paused" in paused.reply.content
    assert any(f"{moderator.mention} paused the table" in m.content for m in fake.channel.messages())
    assert "⏸️ The table is paused." in fake.channel.messages()[-1].content
    assert (await service.get(row)).deadline is None
    await refused(player, first_move(player, moves), "paused")
    await refused(moderator, moderator.slash("table pause"), "already paused")

    # Resume: the player waited on is pinged again, and the same button works.
    await moderator.slash("table resume")
    board = fake.channel.messages()[-1]
    assert f"{moderator.mention} resumed the table" in board.content
    assert board.extra["allowed_mentions"]["users"] == [player.id]
    await first_move(player, moves)
    assert moves.content.startswith("✅"), moves.content

    # Skip: the default move for whoever is waited on.
    before = (await service.get(row)).version
    waited = service.waiting_on(await service.get(row))
    skipped = await moderator.slash("table skip")
    assert (
        skipped.reply.ephemeral
        and skipped.reply.content == "✅ Skipped: the default move was played for everyone the table waited on."
    )
    assert any(f"{moderator.mention} skipped <@{waited[0]}>" in m.content for m in fake.channel.messages())
    assert (await service.get(row)).version >= before + 2  # the note and the move

    # Replace: Carol takes Bob's seat, gets her seat by DM, and plays it; Bob is out.
    await refused(moderator, moderator.slash("table replace", member=alice, player=bob), "already has a seat")
    handed = await moderator.slash("table replace", member=carol, player=bob)
    assert handed.reply.ephemeral and "Carol holds the seat" in handed.reply.content
    assert any(f"<@{carol.id}> takes over seat 2 from <@{bob.id}>" in m.content for m in fake.channel.messages())
    assert carol.dms() and "You now hold a seat" in carol.dms()[-1].content
    assert (await service.get(row)).seats == [alice.id, carol.id]
    watching = await bob.click(boards(fake.channel)[-1], HAND)
    assert "You are watching this table" in watching.reply.content

    # Rollback: two moves taken back, the position is the one before them, and the log still replays.
    table = await service.get(row)
    log = await real_bot.client.store.actions(row)
    from bot.tables import replay

    standing = replay.kept_moves(table, log)
    target = replay.rebuild(service.game_of(table), table, [r for r in log if r.seq < standing[-2].seq])
    await refused(moderator, moderator.slash("table rollback", actions=999), "moves to take back")
    rolled = await moderator.slash("table rollback", actions=2)
    assert rolled.reply.content == "✅ 2 moves taken back: the game goes on from the position before them."
    assert any(f"{moderator.mention} took back the last 2 moves" in m.content for m in fake.channel.messages())
    table = await service.get(row)
    assert service.state_of(table) == target
    assert replay.check(service.game_of(table), table, await real_bot.client.store.actions(row)).ok

    # The audit trail: every moderator action is in /table log, with who did it.
    shown = (await alice.slash("table log")).reply
    assert shown.ephemeral
    text = shown.content
    for words in ("paused the table", "resumed the table", "skipped", "handed seat 2", "rolled back the last 2 moves"):
        assert words in text and moderator.mention in text, (words, text)
    secrets = await secret_lines(alice, carol)
    assert secrets and not [line for line in secrets if line in text], secrets


async def test_the_moderator_role_from_table_config(fake_discord, helpers_role, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    helper = fake.add_user("helper", roles=(helpers_role,))
    admin = fake.add_user("admin", roles=(fake.add_role("Admins", discord.Permissions(manage_guild=True)),))
    await open_game(fake, alice, [bob], a_game(seats=2))
    await refused(helper, helper.slash("table pause"), "Only a moderator")
    set_role = await admin.slash("table config", moderator_role=helpers_role)
    assert not set_role.reply.ephemeral and f"<@&{helpers_role.id}> now moderate tables" in set_role.reply.content
    paused = await helper.slash("table pause")
    assert paused.reply.content == "✅ The table is paused."
    shown = await bob.slash("table config")
    assert f"<@&{helpers_role.id}>" in shown.reply.content and admin.mention in shown.reply.content
    await real_bot.restart()  # the role is kept
    await helper.slash("table resume")
    assert f"{helper.mention} resumed the table" in fake.channel.messages()[-1].content
    await admin.slash("table config", clear=True)
    await refused(helper, helper.slash("table pause"), "Only a moderator")


async def test_spectators_see_only_the_public_view(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    await open_game(fake, alice, [bob], a_game(seats=2, hand=True))
    board = boards(fake.channel)[-1]
    mine = (await alice.slash("hand")).reply
    secrets = await secret_lines(alice, bob)
    assert secrets, mine.content
    for shown in ((await mallory.slash("hand")).reply, (await mallory.click(board, HAND)).reply):
        assert shown.ephemeral and shown.content.startswith("You are watching this table.")
        assert shown.buttons() == [] and not secrets & set(shown.content.splitlines())
    public = mine.content.split("\n", 1)[1]
    spectator = (await mallory.slash("hand")).reply.content.split("\n", 1)[1]
    assert set(spectator.splitlines()) < set(mine.content.splitlines()) | set(public.splitlines())


async def test_an_ended_game_is_summed_up_too(fake_discord, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    moderator = fake.add_user("mod", moderator=True)
    await open_game(fake, alice, [bob], a_game(seats=2, hand=True))
    await moderator.slash("table end")
    summary = fake.channel.messages()[-1]
    assert "ended after" in summary.content and "ended before its finish" in summary.content
    hidden = summary.content.partition("🔓 **What was hidden:**")[2]  # each seat's secrets, in the third person
    assert all(player.mention in hidden for player in (alice, bob)), summary.content
    assert "Your" not in summary.content and summary.button_labels() == ["Rematch"]
    log = (await alice.slash("table log")).reply  # the channel's last table, after its end
    assert f"The table was ended by {moderator.mention}" in log.content


async def test_a_table_lives_in_a_thread(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, carol, dave = fake.add_users("alice", "bob", "carol", "dave")
    moderator = fake.add_user("mod", moderator=True)
    thread = fake.add_channel("game-night", thread_of=fake.channel)
    game = a_game(seats=2, hand=True)
    lobby = await open_game(fake, alice, [bob], game, channel=thread)
    assert lobby.channel is thread and boards(thread), [m.content for m in thread.messages()]
    assert fake.channel.messages() == []  # nothing leaks into the parent channel
    assert any(f"<@{u}>" in boards(thread)[-1].content for u in (alice.id, bob.id))
    await refused(carol, carol.slash("table new", game=game, channel=thread), "already has a table")
    # the parent channel holds its own table at the same time
    other = (await carol.slash("table new", game=game)).reply
    await dave.click(other, "Join")
    assert other.channel is fake.channel and "Ready to start" in other.content
    # commands typed in the thread act on the thread's table
    await moderator.slash("table pause", channel=thread)
    assert "⏸️ The table is paused." in thread.messages()[-1].content
    assert (await real_bot.client.service.get(table_id(other))).status == "lobby"
    shown = (await bob.slash("hand", channel=thread)).reply
    assert shown.channel is thread and await secret_lines(bob, alice, thread)  # Bob's own hand
