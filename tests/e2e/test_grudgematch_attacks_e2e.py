"""Attacks on Philosophy Grudgematch's move menus: the line-ups by DM, a select of groups, a group's
selects and the button back (the generic attacks and their world: test_attacks_e2e.py,
attacks.py)."""

from __future__ import annotations

from .attacks import Attacks, Harvested, World, harvest, report, stray_pings
from .game_table import HAND, Menu, seeded_tables
from .test_attacks_e2e import attack_all, board, seat, world  # noqa: F401 (world: the fixture)

GRUDGEMATCH_SEED = "grudgematch-two"


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


async def test_menus_and_pages_forged_onto_the_public_board(world, monkeypatch):
    """A modified client sends a private menu's ids, or a page's, "from" the public board of its
    own table: once the move was played and the private hand replaced the board for everyone."""
    seeded_tables(monkeypatch, GRUDGEMATCH_SEED)
    players = world.fake.add_users("alice", "bob")

    async def build() -> dict[str, Harvested]:
        ids = await menus_phase(world, players)
        bob = players[1]
        ids |= harvest((await bob.slash("rules", game="grudgematch", channel=world.table_channel)).reply, bob, "rules")
        # a log's and a leaderboard's first page, in the formats cogs/ writes: this log has one page,
        # without buttons, and no game is rated yet
        table = max(world.tables)
        return ids | {
            slot: Harvested(slot, custom_id, bob, world.table_channel)
            for slot, custom_id in (("log page", f"pt:log:{table}:0"), ("ranks page", "pt:ranks:grudgematch:0"))
        }

    attacks = Attacks(world, build)
    attacks.ids = await build()
    assert {h.kind for h in attacks.ids.values()} >= {"move", "group", "pick", "menu", "log", "rules", "ranks"}
    for slot in list(attacks.ids):
        await attacks.onto(board(world), slot)
    assert attacks.sent >= 2 * len(attacks.ids) - 2  # the line-up DM's ids are no spectator's to see
    assert not attacks.failures and not stray_pings(world), report(attacks)
