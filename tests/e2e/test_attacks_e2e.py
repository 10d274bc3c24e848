"""Attacks against the real bot: every kind of custom id it sends (lobby, /table log pages, Rematch,
/rules pages) harvested from what it really sent and forged from another server, another channel,
by a member who is not seated, from another user's DM, and mangled (attacks.py). Each must be
refused privately with a reason (or, for what anyone may read anyway, shown privately), change
nothing, and log no error; and no message the bot sends in the whole test may let player-written
text ping anyone (@everyone, @here, a role, or a member named in it). The ids only some games send
(moves and their menus, DMs, a written move's form) are attacked in test_<game>_attacks_e2e.py.

One table per scenario serves every attack; an attack that changed something rebuilds it.
"""

from __future__ import annotations

import pytest

from bot.discord_app.pages import rules_pages
from tests.registry import GAMES, a_game, games_with

from .attacks import EVERYWHERE_JUNK, Attacks, Harvested, World, harvest, report, stray_pings
from .game_table import HAND, draw_without_encoding, seeded_tables

SEED = "a1"
LOG_PAGES_AFTER = 25  # moves skipped: a log of more than one page


@pytest.fixture
def world(fake_discord, real_bot, monkeypatch) -> World:
    fake_discord.settle_quiet = 0.01
    draw_without_encoding(monkeypatch)
    return World.make(fake_discord, real_bot)


def next_channel(world: World):
    """#general for the first table, a fresh channel for each rebuilt one (a channel holds one table)."""
    fake = world.fake
    channel = fake.channel if world.table_channel is None else fake.add_channel(f"table-{len(world.tables) + 1}")
    world.table_channel = channel
    return channel


async def seat(world: World, game: str, host, others, *, start: bool = True, **options):
    """Open a table in a fresh channel, seat `others` by Join, and start it."""
    channel = next_channel(world)
    lobby = (await host.slash("table new", game=game, channel=channel, **options)).reply
    for player in others:
        await player.click(lobby, "Join")
    if start:
        await host.click(lobby, "Start")
    world.tables.add((await world.bot.client.service.table_in(channel.id)).id)
    world.players |= {host.id} | {p.id for p in others}
    return lobby


def board(world: World):
    return [m for m in world.table_channel.messages() if HAND in m.button_labels()][-1]


async def spectator_view(world: World) -> str:
    """What a member who is not seated is shown by "My hand & moves" on the real board."""
    return (await world.spectator.click(board(world), HAND)).reply.content


async def attack_all(attacks: Attacks, *slots: str) -> None:
    """Every id from every place; mangled, one id of each kind and origin (a DM, a channel) is enough."""
    mangled = set()
    for slot in slots:
        await attacks.every_place(slot)
        h = attacks.ids[slot]
        if (h.kind, h.origin.is_dm) not in mangled:
            mangled.add((h.kind, h.origin.is_dm))
            await attacks.mangle(slot)


async def test_lobby_buttons_rules_pages_and_junk_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, SEED)
    alice, bob = world.fake.add_users("alice", "bob")
    # a seat left for someone to Join, and rules of several pages (a page has buttons)
    game = next(key for key in games_with(seats=3) if len(rules_pages(key)) > 1)
    stand_ins = max(0, GAMES[game].min_seats - 2)

    async def build() -> dict[str, Harvested]:
        # startable: alice, bob and the stand-ins the game needs; Start, Leave and Join all change the table
        lobby = await seat(world, game, alice, [bob], start=False, stand_ins=stand_ins)
        ids = harvest(lobby, alice, "lobby")
        ids["lobby Join"].owner, ids["lobby Leave"].owner = world.spectator, bob
        rules = (await alice.slash("rules", game=game, channel=world.table_channel)).reply
        return ids | harvest(rules, alice, "rules")

    attacks = Attacks(world, build)
    attacks.ids = await build()
    assert {h.kind for h in attacks.ids.values()} == {"lobby", "rules"}
    await attack_all(attacks, *attacks.ids)
    for variant, custom_id in EVERYWHERE_JUNK.items():
        await attacks.send("lobby Start", variant, custom_id=custom_id)
        await attacks.send("lobby Start", f"{variant} in a DM", custom_id=custom_id, channel=alice.dm_channel)
    lobby = [m for m in world.table_channel.messages() if "Join" in m.button_labels()][-1]
    await attacks.onto(lobby, *attacks.ids)  # a rules page "from" the lobby
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def running(world: World) -> bool:
    return (await world.bot.client.service.table_in(world.table_channel.id)).status == "running"


async def log_phase(world: World, game: str, players, moderator) -> dict[str, Harvested]:
    """A log long enough for pages (a moderator skips turns), then the game ended: its summary's
    Rematch button."""
    alice, bob = players
    await seat(world, game, alice, [bob])
    for _ in range(LOG_PAGES_AFTER):
        if await running(world):  # a game that ends sooner is summed up already
            await moderator.slash("table skip", channel=world.table_channel)
    log = (await bob.slash("table log", channel=world.table_channel)).reply
    ids = harvest(log, bob, "last log page")
    await bob.click(log, "◀ Older")
    ids |= harvest(log, bob, "older log page")
    if await running(world):
        await moderator.slash("table end", channel=world.table_channel)
    summary = world.table_channel.messages()[-1]
    return ids | harvest(summary, alice, "summary")


async def test_log_pages_and_rematch_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, SEED)
    players = world.fake.add_users("alice", "bob")
    moderator = world.fake.add_user("mod", moderator=True)
    game = a_game(seats=2)
    attacks = Attacks(world, lambda: log_phase(world, game, players, moderator))
    attacks.ids = await log_phase(world, game, players, moderator)
    assert {h.kind for h in attacks.ids.values()} == {"log", "rematch"}
    await attack_all(attacks, *attacks.ids)
    await attacks.onto(world.table_channel.messages()[-1], *attacks.ids)  # a log page "from" the summary
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def test_options_past_their_bounds_and_other_servers_tables(world, monkeypatch):
    """A modified client sends options the Discord client would not: a table number past any the
    store holds, an options text far past its length. Each is refused with a
    reason and changes nothing. (Another server's tables, existing or not, get the same words as a
    number with no table: tests/bot/test_moderation.py; commands are synced to this server only.)"""
    seeded_tables(monkeypatch, SEED)
    alice, bob = world.fake.add_users("alice", "bob")
    await seat(world, a_game(seats=2), alice, [bob])
    table = max(world.tables)
    before = await world.snapshot()
    answers = {}
    for number in (table + 1, 2**63, 10**30):
        done = await bob.forge_slash("table log", channel=world.side, table=number)
        answers[number] = done.reply.content.replace(str(number), "N")
    assert set(answers.values()) == {"🚫 There is no table N in this server."}, answers
    # an options text past its length (a game's own long option: its attack tests)
    done = await alice.forge_slash("table new", channel=world.side, game=a_game(seats=2), options="x=1, " * 400)
    assert done.reply.content.startswith("🚫") and done.reply.ephemeral, done.reply.content
    assert await world.bot.client.service.table_in(world.side.id) is None
    assert await world.snapshot() == before
