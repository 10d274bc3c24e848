"""One pass per press: through the real bot, each seat's menu (its view, legal moves, labels and
keys) is computed once per table version, however many times a press, its reply, the board, the
DM prompts and "My hand" read it."""

from __future__ import annotations

from collections import Counter

from bot.tables import menu as menu_module
from bot.tables import service as service_module
from tests.registry import GAMES, games_with

from .game_table import GameTable, draw_without_encoding, seeded_tables
from .plans import plan_for


def two_taking_turns() -> str:
    """A game of two seats at its fewest whose positions wait on one seat at a time (the registry
    tells what a game offers at its fewest seats)."""
    return next(key for key in games_with(seats=2, together=False) if GAMES[key].min_seats == 2)


async def test_a_seats_menu_is_computed_once_per_version(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "one-pass")
    draw_without_encoding(monkeypatch)
    built: Counter = Counter()

    def counting(game, table_id, version, state, seat, running):
        built[(table_id, version, seat)] += 1
        return menu_module.build(game, table_id, version, state, seat, running)

    monkeypatch.setattr(service_module, "build", counting)
    key = two_taking_turns()
    players = fake.add_users("alice", "bob")
    table = GameTable(fake, key, players)
    strategy = {player: plan_for(key).strategy() for player in players}  # each game's own way of playing
    await table.seat_everyone()
    # three turns each: "My hand", a group (where the menu has them), a move; the board and the other's turn
    for _ in range(6):
        (player,) = table.waiting()
        await table.turn(player, strategy[player])
        await table.hand(player)  # the same menu again, read from the cache
    assert built and max(built.values()) == 1, [built_for for built_for, count in built.items() if count > 1]
