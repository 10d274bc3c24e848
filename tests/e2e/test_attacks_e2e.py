"""Attacks against the real bot: every kind of custom id it sends (lobby, board, moves by button and
select, groups, menu pages, /table log pages, Rematch, /rules pages) and the Ostrakon question
form, harvested from what it really sent and forged from another server, another channel, by a
member who is not seated, from another user's DM, and mangled (attacks.py). Each must be refused
privately with a reason (or, for what anyone may read anyway, shown privately), change nothing,
and log no error; and no message the bot sends in the whole test may let player-written text ping
anyone (@everyone, @here, a role, or a member named in a question).

One table per scenario serves every attack; an attack that changed something rebuilds it.
"""

from __future__ import annotations

import pytest

from .attacks import EVERYWHERE_JUNK, Attacks, Harvested, World, form_fields, harvest, open_form, report, stray_pings
from .game_table import Menu, seeded_tables
from .ostrakon_table import ASK, HAND, Question, draw_without_encoding

OSTRAKON_SEED = "a1"  # the first speaker is the host, a person (not a stand-in)
GRUDGEMATCH_SEED = "grudgematch-two"


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
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    alice, bob = world.fake.add_users("alice", "bob")

    async def build() -> dict[str, Harvested]:
        # startable: alice, bob and three stand-ins; Start, Leave and Join all change the table
        lobby = await seat(world, "ostrakon", alice, [bob], start=False, stand_ins=4)
        ids = harvest(lobby, alice, "lobby")
        ids["lobby Join"].owner, ids["lobby Leave"].owner = world.spectator, bob
        rules = (await alice.slash("rules", game="ostrakon", channel=world.table_channel)).reply
        return ids | harvest(rules, alice, "rules")

    attacks = Attacks(world, build)
    attacks.ids = await build()
    assert {h.kind for h in attacks.ids.values()} == {"lobby", "rules"}
    await attack_all(attacks, *attacks.ids)
    for variant, custom_id in EVERYWHERE_JUNK.items():
        await attacks.send("lobby Start", variant, custom_id=custom_id)
        await attacks.send("lobby Start", f"{variant} in a DM", custom_id=custom_id, channel=alice.dm_channel)
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def ask_phase(world: World, players) -> dict[str, Harvested]:
    """An Ostrakon table waiting on its first speaker (the host): the board, the speaker's
    "My hand & moves" with its Ask button, and the form that button opens."""
    speaker, *others = players
    await seat(world, "ostrakon", speaker, others, stand_ins=4)
    assert HAND in board(world).button_labels() and f"Waiting on {speaker.mention}" in board(world).content
    hand = (await speaker.click(board(world), HAND)).reply
    return harvest(board(world), speaker, "board") | harvest(hand, speaker, "speaker's hand") | \
        {"form": await open_form(speaker, hand, ASK, "form")}


async def test_the_board_the_ask_button_and_the_form_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    players = world.fake.add_users("alice", "bob", "carol")
    attacks = Attacks(world, lambda: ask_phase(world, players))
    attacks.spectator_view = lambda: spectator_view(world)
    attacks.ids = await ask_phase(world, players)
    assert {h.kind for h in attacks.ids.values()} == {"hand", "move", "form"}
    await attack_all(attacks, *attacks.ids)

    # The speaker's own form, in the right place, but too long for its fields, or with fields it has not.
    fields = attacks.ids["form"].fields
    await attacks.send("form", "4,000 characters", fields=world.form_text(fields, length=4000))
    await attacks.send("form", "fields it does not have", fields={"question": "?", "junk": "!"})
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def test_a_question_full_of_mentions_pings_nobody(world, monkeypatch):
    """The speaker's question, asked the right way, is posted for all to read: @everyone, @here, a
    role and a member who does not play, written in it, ping nobody, wherever it is shown."""
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    fake = world.fake
    alice, bob, carol = players = fake.add_users("alice", "bob", "carol")
    await ask_phase(world, players)
    mentions = world.mass_mentions()
    asked = Question(1, f"{mentions} sea or mountains?", f"sea {mentions}"[:80], f"peaks {mentions}"[:80])
    opened = await alice.click((await alice.click(board(world), HAND)).reply, ASK)
    done = await alice.submit_modal(dict(zip(form_fields(opened.modal), (asked.text, asked.white, asked.black))))
    assert done.reply.ephemeral and done.reply.content.startswith("✅"), done.reply.content
    assert any(asked.text in m.content for m in world.table_channel.messages()), "the question was not posted"
    # shown again: the status board, a spectator's "My hand & moves", the voters' stones by DM
    await world.spectator.slash("table status", channel=world.table_channel)
    await world.spectator.click(board(world), HAND)
    words = "sea or mountains?"  # private views show the question with its mentions escaped
    assert any(words in m.content for m in bob.dms())
    written = {"everyone", "here", f"role:{world.role.id}", f"user:{world.spectator.id}", f"user:{world.mallory.id}"}
    shown = [r for r in fake.message_requests() if words in (r.content or "")]
    assert len(shown) >= 3 and not [r for r in shown if r.pings & written], [r for r in shown if r.pings & written]
    assert not stray_pings(world), stray_pings(world)


async def vote_phase(world: World, players) -> dict[str, Harvested]:
    """The speaker has asked; the others' stones come by DM, or in "My hand & moves"."""
    speaker, voter, other = players
    await ask_phase(world, players)
    await speaker.slash("ostrakon ask", question=f"Sea or mountains? {world.mass_mentions()}", white="Sea",
                        black="Mountains", channel=world.table_channel)
    stones = [m for m in voter.dms() if m.buttons()][-1]
    hand = (await other.click(board(world), HAND)).reply
    return harvest(board(world), other, "board") | harvest(stones, voter, "voter's DM") | \
        harvest(hand, other, "voter's hand")


async def test_stones_by_dm_and_in_the_hand_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    players = world.fake.add_users("alice", "bob", "carol")
    attacks = Attacks(world, lambda: vote_phase(world, players))
    attacks.spectator_view = lambda: spectator_view(world)
    attacks.ids = await vote_phase(world, players)
    assert [h.origin.is_dm for h in attacks.ids.values()].count(True) == 2  # the two stones by DM
    await attack_all(attacks, *attacks.ids)
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def menus_phase(world: World, players) -> dict[str, Harvested]:
    """Grudgematch: the line-ups by DM (buttons); then the runner's long list of moves: a select
    of groups and a button of its own, and once a group is picked, its moves in selects and a
    button back to the groups (pressed for real, both screens' ids stay valid)."""
    alice, bob = players
    await seat(world, "grudgematch", alice, [bob])
    lineups = {p: [m for m in p.dms() if Menu(m).moves()][-1] for p in players}
    ids = harvest(lineups[bob], bob, "line-up DM")
    await alice.click(lineups[alice], "Line-up: Attack")
    await bob.click(lineups[bob], "Line-up: Defence")
    (runner,) = [p for p in players if f"Waiting on {p.mention}" in board(world).content]
    menu = (await runner.click(board(world), HAND)).reply
    ids |= harvest(menu, runner, "groups")
    await runner.select(menu, [Menu(menu).groups()[0]], select=Menu(menu).group_select()["custom_id"])
    return ids | harvest(menu, runner, "one group")


async def test_move_menus_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, GRUDGEMATCH_SEED)
    players = world.fake.add_users("alice", "bob")
    attacks = Attacks(world, lambda: menus_phase(world, players))
    attacks.ids = await menus_phase(world, players)
    assert {h.kind for h in attacks.ids.values()} == {"move", "group", "pick", "menu"}
    await attack_all(attacks, *attacks.ids)
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def log_phase(world: World, players, moderator) -> dict[str, Harvested]:
    """A log long enough for pages (a moderator skips turns), then the game ended: its summary's
    Rematch button."""
    alice, bob = players
    await seat(world, "grudgematch", alice, [bob])
    for _ in range(25):
        await moderator.slash("table skip", channel=world.table_channel)
    log = (await bob.slash("table log", channel=world.table_channel)).reply
    ids = harvest(log, bob, "last log page")
    await bob.click(log, "◀ Older")
    ids |= harvest(log, bob, "older log page")
    await moderator.slash("table end", channel=world.table_channel)
    summary = world.table_channel.messages()[-1]
    return ids | harvest(summary, alice, "summary")


async def test_log_pages_and_rematch_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, GRUDGEMATCH_SEED)
    players = world.fake.add_users("alice", "bob")
    moderator = world.fake.add_user("mod", moderator=True)
    attacks = Attacks(world, lambda: log_phase(world, players, moderator))
    attacks.ids = await log_phase(world, players, moderator)
    assert {h.kind for h in attacks.ids.values()} == {"log", "rematch"}
    await attack_all(attacks, *attacks.ids)
    assert not attacks.failures and not stray_pings(world), report(attacks)
