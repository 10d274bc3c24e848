"""Every registered game through the real bot, as its players meet it on Discord: a table opened,
its seats taken, the game started with its picture, and its first moves played from the menus
(a form filled in where a move asks for text) until the game is over or twelve moves were made.
A short game (the test run's toy) is played to its end, summary included. The games' own files
play whole games with their strategies."""

from __future__ import annotations

import pytest

from tests.registry import GAMES

from .game_table import GameTable, draw_without_encoding, first, seeded_tables

MOVES = 12


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_every_game_opens_starts_and_plays(fake_discord, real_bot, monkeypatch, key):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, f"every-game-{key}")
    game = GAMES[key]
    players = fake.add_users(*(f"player{n}" for n in range(game.min_seats)))
    table = GameTable(fake, key, players, writes=True)
    await table.seat_everyone()
    assert game.title in table.lobby.content
    table.assert_real_picture(table.board())
    draw_without_encoding(monkeypatch)

    played = await table.play_until(table.over, lambda user: first, most=MOVES)
    assert played >= MOVES or table.over(), played
    table.assert_boards_have_pictures()
    if table.over():
        _, summary = table.final()
        assert f"**{game.title}** finished" in summary.content
