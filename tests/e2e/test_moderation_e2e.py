"""Moderation against the real bot: refusals for everyone else, pause, resume, skip, replace,
rollback, end, the moderator role, `/table log` page by page, spectators, the end-of-game
summary with its Rematch button, `/stats`, a table in a thread, and the replay command."""

from __future__ import annotations

import os
import re

import discord
import pytest

HAND = "My hand & moves"


def table_id(message) -> int:
    return int(re.match(r"pt:\w+:(\d+)", message.buttons()[0]["custom_id"]).group(1))


async def refused(user, action, reason: str) -> None:
    done = await action
    assert done.reply is not None and done.reply.ephemeral and done.reply.ephemeral_to is user, done.reply
    assert done.reply.content.startswith("🚫") and reason in done.reply.content, done.reply.content


async def snapshot(fake, real_bot, table: int, channel=None) -> tuple:
    row = await real_bot.client.service.get(table)
    shown = (channel or fake.channel).messages()
    return row.version, row.status, row.seats, row.state, [(m.id, m.content, m.button_labels()) for m in shown]


async def open_game(fake, host, others, game="grudgematch", channel=None, **options):
    lobby = (await host.slash("table new", game=game, channel=channel, **options)).reply
    for player in others:
        await player.click(lobby, "Join")
    await host.click(lobby, "Start")
    return lobby


def boards(channel) -> list:
    return [m for m in channel.messages() if HAND in m.button_labels()]


async def first_move(player, moves):
    """Press the first move offered: a button, or the first option of the first select menu."""
    if moves.buttons():
        return await player.click(moves, moves.button_labels()[0])
    menu = moves.selects()[0]
    return await player.select(moves, [menu["options"][0]["value"]], select=menu["custom_id"])


@pytest.fixture
def helpers_role(fake_discord):
    """A role without Manage Channels, made before the bot connects (so its guild cache knows it)."""
    return fake_discord.add_role("Table helpers", discord.Permissions(send_messages=True))


async def test_every_moderator_command_refuses_players_and_strangers(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    lobby = await open_game(fake, alice, [bob])
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
    lobby = await open_game(fake, alice, [bob], game="nine-muses")
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
    assert skipped.reply.ephemeral and skipped.reply.content == "✅ Skipped: the default move was played for everyone the table waited on."
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
    from bot import replay
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
    assert "Your Philosopher cards" not in text


async def test_the_log_pages_back_and_forth_and_shows_no_secret(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    alice, bob = fake.add_users("alice", "bob")
    moderator = fake.add_user("mod", moderator=True)
    await open_game(fake, alice, [bob])
    for _ in range(25):
        await moderator.slash("table skip")
    last = (await bob.slash("table log")).reply
    assert last.ephemeral and re.search(r"log page (\d+) of \1\b", last.content), last.content
    assert last.button_labels() == ["◀ Older"]
    await bob.click(last, "◀ Older")
    pages = int(re.search(r"of (\d+)", last.content).group(1))
    assert f"log page {pages - 1} of {pages}" in last.content and "Newer ▶" in last.button_labels()
    seen = [last.content]
    while "◀ Older" in last.button_labels():
        await bob.click(last, "◀ Older")
        seen.append(last.content)
    assert "log page 1 of" in last.content and "The game begins with 2 players" in last.content
    await bob.click(last, "Newer ▶")
    assert f"log page 2 of {pages}" in last.content
    everything = "\n".join(seen)
    secrets = [line for user in (alice, bob) for m in user.dms() for line in m.content.splitlines()
               if line.startswith(("🫵", "Your line-up", "You draw"))]
    assert secrets and not [line for line in secrets if line in everything]
    assert all(len(page) <= 2000 for page in seen)


async def test_the_moderator_role_from_table_config(fake_discord, helpers_role, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    helper = fake.add_user("helper", roles=(helpers_role,))
    admin = fake.add_user("admin", roles=(fake.add_role("Admins", discord.Permissions(manage_guild=True)),))
    await open_game(fake, alice, [bob])
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
    await open_game(fake, alice, [bob])
    board = boards(fake.channel)[-1]
    for shown in ((await mallory.slash("hand")).reply, (await mallory.click(board, HAND)).reply):
        assert shown.ephemeral and shown.content.startswith("You are watching this table.")
        assert shown.buttons() == [] and "🫵" not in shown.content and "Your hand" not in shown.content
    mine = (await alice.slash("hand")).reply
    assert "🫵 Your hand" in mine.content
    public = mine.content.split("\n", 1)[1]
    spectator = (await mallory.slash("hand")).reply.content.split("\n", 1)[1]
    assert set(spectator.splitlines()) < set(mine.content.splitlines()) | set(public.splitlines())


async def test_the_end_of_a_game_reveals_sums_up_counts_and_offers_a_rematch(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    alice, bob, carol = fake.add_users("alice", "bob", "carol")
    moderator = fake.add_user("mod", moderator=True)
    lobby = await open_game(fake, alice, [bob], game="nine-muses", pace="2h")
    row = table_id(lobby)
    for _ in range(200):  # the moderator skips every turn until the game ends
        if (await real_bot.client.service.get(row)).status != "running":
            break
        await moderator.slash("table skip")
    summary = fake.channel.messages()[-1]
    board = next(m for m in reversed(fake.channel.messages()) if m.files())
    assert "🏁 The game is over" in board.content and board.buttons() == []
    assert summary.content.startswith("🏁 **Nine Muses** finished after")
    assert re.search(r"\((\d+) moves\)", summary.content) and ("🏆 Winner" in summary.content or "No player" in summary.content)
    assert "🔓 **What was hidden:**" in summary.content and "Cards in hand: " in summary.content
    assert "Your" not in summary.content  # a public message speaks of the seats, not to them
    assert summary.button_labels() == ["Rematch"] and summary.extra["allowed_mentions"]["parse"] == []

    # The replay command rebuilds the same game from the bot's own file.
    from bot.replay_cli import print_replay
    from bot.terminal import plain
    printed: list[str] = []
    assert await print_replay(os.environ["BOT_DB_PATH"], row, out=printed.append) == 0
    winner_line = next(line for line in summary.content.splitlines() if "Winner" in line or "No player" in line)
    assert plain(winner_line) in printed  # as a terminal shows it: mentions as @ids, no Markdown

    # /stats: the two players' games and the server's.
    mine = (await alice.slash("stats")).reply
    assert "**Nine Muses**: 1 played" in mine.content
    server = (await carol.slash("stats", server=True)).reply
    assert "1 table finished" in server.content and "Nine Muses 1" in server.content
    assert "has not finished a game" in (await carol.slash("stats", member=moderator)).reply.content

    # Rematch: only a player of that game may call it; a new lobby opens with the others invited.
    await refused(carol, carol.click(summary, "Rematch"), "Only the players")
    rematch = await bob.click(summary, "Rematch")
    new_lobby = rematch.reply
    assert not new_lobby.ephemeral and "Nine Muses" in new_lobby.content and alice.mention in new_lobby.content
    assert new_lobby.extra["allowed_mentions"]["users"] == [alice.id]
    assert new_lobby.button_labels() == ["Join", "Leave", "Start"]
    assert "⏰ 2h per move" in new_lobby.content  # the same pace as the game before
    await alice.click(new_lobby, "Join")
    await bob.click(new_lobby, "Start")
    new_row = table_id(new_lobby)
    new = await real_bot.client.service.get(new_row)
    assert new_row != row and new.status == "running" and new.host_id == bob.id and set(new.seats) == {alice.id, bob.id}
    assert new.options == (await real_bot.client.service.get(row)).options
    await refused(alice, alice.click(summary, "Rematch"), "already has a table")


async def test_an_ended_game_is_summed_up_too(fake_discord, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    moderator = fake.add_user("mod", moderator=True)
    await open_game(fake, alice, [bob])
    await moderator.slash("table end")
    summary = fake.channel.messages()[-1]
    assert "ended after" in summary.content and "ended before its finish" in summary.content
    assert "🃏 Hand (" in summary.content and "Your" not in summary.content and summary.button_labels() == ["Rematch"]
    log = (await alice.slash("table log")).reply  # the channel's last table, after its end
    assert f"The table was ended by {moderator.mention}" in log.content


async def test_a_table_lives_in_a_thread(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, carol, dave = fake.add_users("alice", "bob", "carol", "dave")
    moderator = fake.add_user("mod", moderator=True)
    thread = fake.add_channel("game-night", thread_of=fake.channel)
    lobby = await open_game(fake, alice, [bob], channel=thread)
    assert lobby.channel is thread and boards(thread), [m.content for m in thread.messages()]
    assert fake.channel.messages() == []  # nothing leaks into the parent channel
    assert any(f"<@{u}>" in boards(thread)[-1].content for u in (alice.id, bob.id))
    await refused(carol, carol.slash("table new", game="ostrakon", channel=thread), "already has a table")
    # the parent channel holds its own table at the same time
    other = (await carol.slash("table new", game="grudgematch")).reply
    await dave.click(other, "Join")
    assert other.channel is fake.channel and "Ready to start" in other.content
    # commands typed in the thread act on the thread's table
    await moderator.slash("table pause", channel=thread)
    assert "⏸️ The table is paused." in thread.messages()[-1].content
    assert (await real_bot.client.service.get(table_id(other))).status == "lobby"
    shown = (await bob.slash("hand", channel=thread)).reply
    assert shown.channel is thread and "🫵 Your hand" in shown.content
