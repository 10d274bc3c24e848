"""A whole game of every game through the real bot: one person against strong stand-ins
(`/table new stand_ins:N level:strong`), at the fewest seats that make it a game against them (at
least two). The person plays each game's own way (tests/e2e/plans.py); the strong stand-ins answer
from their search, off the event loop. The game ends, and the channel says so."""

from __future__ import annotations

import pytest

from tests.registry import GAMES, every_game

from .game_table import GameTable, draw_without_encoding, seeded_tables
from .plans import plan_for


@pytest.mark.parametrize("key", every_game())
async def test_one_person_plays_a_whole_game_against_strong_stand_ins(key, fake_discord, real_bot, monkeypatch):
    fake_discord.settle_quiet = 0.01
    seeded_tables(monkeypatch, f"strong-{key}")
    draw_without_encoding(monkeypatch)
    seats = max(2, GAMES[key].min_seats)
    alice = fake_discord.add_user("alice")
    table = GameTable(fake_discord, key, [alice], writes=bool(GAMES[key].written_moves))  # a question to write
    lobby = await table.open(alice, stand_ins=seats - 1, level="strong")
    assert lobby.content.count("🤖 strong stand-in") == seats - 1
    await alice.click(lobby, "Start")
    table.read_names()
    strategy = plan_for(key).strategy()
    moves = await table.play_until(table.over, lambda player: strategy, most=2000)
    assert table.over() and moves > 0
    assert not await real_bot.client.service.open_tables()  # the table is over, not waiting on anyone
