"""Refusals against the real bot: strangers, players who are not the host, a failing command, a
move the database cannot save. Each gets a private reason, and nothing changes: not the table, not
the channel. Also /table status and /rules, as anyone may call them. A game's own refusals (a
stale button of its own, its form) are in test_<game>_table_refusals_e2e.py."""

from __future__ import annotations

import re

from bot.discord_app.pages import rules_pages
from tests.registry import GAMES, a_game, every_game

from .game_table import HAND, GameTable, first


def table_id(message) -> int:
    """The table a lobby or board names in its buttons' custom ids."""
    return int(re.match(r"pt:\w+:(\d+)", message.buttons()[0]["custom_id"]).group(1))


async def snapshot(fake, real_bot, table: int, channel=None) -> tuple:
    """What anyone could notice: the table's row, and every message of the channel as it reads now."""
    row = await real_bot.client.service.get(table)
    shown = (channel or fake.channel).messages()
    return (
        row.version,
        row.status,
        row.seats,
        row.state,
        [(m.id, m.content, m.button_labels(), len(m.history)) for m in shown],
    )


async def refused(user, action, reason: str) -> None:
    done = await action
    assert done.reply is not None and done.reply.ephemeral and done.reply.ephemeral_to is user, done.reply
    assert done.reply.content.startswith("🚫") and reason in done.reply.content, done.reply.content
    assert done.modal is None


async def first_move(player, moves):
    """Press the first move offered: a button, or the first option of the first select menu."""
    if moves.buttons():
        return await player.click(moves, moves.button_labels()[0])
    menu = moves.selects()[0]
    return await player.select(moves, [menu["options"][0]["value"]], select=menu["custom_id"])


async def rules_pages_shown(user, game: str) -> list[str]:
    """/rules: privately, one page at a time within Discord's limits, turned with its buttons to
    the last (a page that holds it all has neither buttons nor page numbers). Returns the pages."""
    rules = (await user.slash("rules", game=game)).reply
    assert rules.ephemeral and len(rules.embeds) == 1 and rules.embeds[0]["title"] == GAMES[game].title
    pages = [rules.embeds[0]["description"]]
    if "footer" not in rules.embeds[0]:
        assert rules.button_labels() == [] and len(pages[0]) <= 4096
        return pages
    total = int(re.match(r"Page 1 of (\d+)", rules.embeds[0]["footer"]["text"]).group(1))
    assert total > 1 and rules.button_labels() == ["Next ▶"]
    for page in range(2, total + 1):
        await user.click(rules, "Next ▶")
        assert rules.embeds[0]["footer"]["text"] == f"Page {page} of {total}"
        pages.append(rules.embeds[0]["description"])
    assert rules.button_labels() == ["◀ Previous"]
    assert all(len(page) <= 4096 for page in pages)
    return pages


async def test_strangers_and_players_cannot_run_someone_elses_lobby(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    game = next(key for key in every_game() if GAMES[key].min_seats > 2)  # two are too few to start
    lobby = (await alice.slash("table new", game=game)).reply
    await bob.click(lobby, "Join")
    table = table_id(lobby)
    before = await snapshot(fake, real_bot, table)

    await refused(mallory, mallory.click(lobby, "Start"), "Only the host or a moderator can start")
    await refused(bob, bob.slash("table start"), "Only the host or a moderator can start")
    await refused(
        alice, alice.click(lobby, "Start"), f"needs {GAMES[game].min_seats} to {GAMES[game].max_seats} players"
    )
    await refused(mallory, mallory.slash("table end"), "Only the host or a moderator can end this table")
    await refused(mallory, mallory.slash("table kick", member=bob), "Only a moderator")
    await refused(mallory, mallory.click(lobby, "Leave"), "You are not at this table")
    await refused(bob, bob.click(lobby, "Join"), "already at this table")
    assert await snapshot(fake, real_bot, table) == before

    # The host may close her own lobby; the lobby message says so and offers no buttons.
    closed = await alice.slash("table end")
    assert not closed.reply.ephemeral and f"ended by {alice.mention}" in closed.reply.content
    assert lobby.content == f"**{GAMES[game].title}** table closed." and lobby.buttons() == []


async def test_status_posts_the_picture_and_rules_fit_discord(fake_discord, real_bot):
    fake = fake_discord
    players = fake.add_users("alice", "bob")
    nobody = await players[0].slash("table status")
    assert nobody.reply.ephemeral and "no table in this channel" in nobody.reply.content

    game = a_game()
    lobby = (await players[0].slash("table new", game=game, stand_ins=GAMES[game].min_seats - 1)).reply
    await players[0].click(lobby, "Start")
    status = await players[1].slash("table status")  # anyone may show the board to the channel
    reply = status.reply
    assert not reply.ephemeral and reply in fake.channel.messages()
    ((name, png),) = reply.files().items()
    assert name.endswith(".jpg") and png.startswith(b"\xff\xd8\xff")
    assert f"**{GAMES[game].title}**" in reply.content and reply.button_labels() == [HAND]

    # /rules: every game's, privately, one page at a time within Discord's limits
    for key in every_game():
        assert len(await rules_pages_shown(players[1], key)) == len(rules_pages(key))


async def test_a_failure_inside_a_command_is_logged_and_the_user_told(fake_discord, real_bot, monkeypatch):
    alice = fake_discord.add_user("alice")

    async def broken(**_):
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(real_bot.client.service, "create", broken)
    with fake_discord.expecting("bot-error") as seen:
        done = await alice.slash("table new", game=a_game())
    assert done.reply.ephemeral and "Something went wrong" in done.reply.content
    assert "the disk is on fire" in seen.seen[0].message and fake_discord.channel.messages() == []


async def test_a_move_the_database_cannot_save_is_refused_and_nothing_is_lost(fake_discord, real_bot):
    """A read-only database (for real: SQLite's query_only, which root cannot bypass as it does
    file modes): the move is not played, the player is told so privately, and nothing changes."""
    fake = fake_discord
    table = GameTable(fake, a_game(seats=2), fake.add_users("alice", "bob"))
    await table.seat_everyone()
    row = table_id(table.lobby)
    player = table.waiting()[0]
    moves = await table.moves_of(player)
    before = await snapshot(fake, real_bot, row)
    store = real_bot.client.store
    await store.run_job(lambda db: db.execute("PRAGMA query_only = ON"))
    with fake.expecting("bot-error"):  # the store logs the fault
        done = await first_move(player, moves)
    assert done.reply.ephemeral and done.reply.ephemeral_to is player
    assert "could not save that move" in done.reply.content and "so it was not played" in done.reply.content
    assert await snapshot(fake, real_bot, row) == before
    await store.run_job(lambda db: db.execute("PRAGMA query_only = OFF"))
    await table.choose(player, await table.moves_of(player), first)  # the table plays on
