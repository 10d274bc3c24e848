"""The lobby's count of players (bot/text.py `lobby_text`): "2 players" when a game takes exactly
that many (it read "2-2 players"), else "2–4 players"."""

from types import SimpleNamespace

import pytest

from bot.store.records import TableRecord
from bot.text import lobby_text
from tests.registry import GAMES


def lobby(game: str) -> TableRecord:
    return TableRecord(
        id=1, guild_id=1, channel_id=5, game=game, status="lobby", host_id=100, seats=[100], options={}, seed="s",
        version=1, state=None, deadline=None, board_message_id=None, created_at=0.0, updated_at=0.0,
    )  # fmt: skip


def first_line(key: str) -> str:
    return lobby_text(GAMES[key], lobby(key)).split("\n")[0]


EXACT = sorted(key for key, game in GAMES.items() if game.min_seats == game.max_seats)
RANGED = sorted(key for key, game in GAMES.items() if game.min_seats < game.max_seats)


@pytest.mark.parametrize("key", EXACT)
def test_a_game_of_one_count_of_players_names_it_once(key):
    game = GAMES[key]
    assert first_line(key).endswith(f": {game.min_seats} player{'' if game.min_seats == 1 else 's'}.")


@pytest.mark.parametrize("key", RANGED)
def test_a_game_of_a_range_of_players_names_it_with_a_dash(key):
    game = GAMES[key]
    assert first_line(key).endswith(f": {game.min_seats}–{game.max_seats} players.")


def test_a_game_for_one_says_player():
    solo = SimpleNamespace(title="Solitaire", min_seats=1, max_seats=1)
    assert lobby_text(solo, lobby("solitaire")).split("\n")[0].endswith(": 1 player.")
