"""One pass per press: through the real bot, each seat's menu (its view, legal moves, labels and
keys) is computed once per table version, however many times a press, its reply, the board, the
DM prompts and "My hand" read it."""

from __future__ import annotations

from collections import Counter

from bot import menu as menu_module
from bot import service as service_module

from .game_table import GameTable, draw_without_encoding, seeded_tables
from .test_nine_muses_e2e import muse_collector


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
    players = fake.add_users("alice", "bob")
    table = GameTable(fake, "nine-muses", players)
    await table.seat_everyone()
    for _ in range(6):  # three turns each: "My hand", a group, a move; the board and the other's turn
        (player,) = table.waiting()
        await table.turn(player, muse_collector)
        await table.hand(player)  # the same menu again, read from the cache
    assert built and max(built.values()) == 1, [key for key, count in built.items() if count > 1]
