"""Each player is told who they are in the game by name, never as a bare seat number. The names a
game gives its seats are checked in its own file (tests/bot/test_<package>_who_you_are.py)."""

from __future__ import annotations

import pytest

from bot.discord_app.delivery.messages import who_you_are
from engine import Chance
from tests.registry import GAMES


def new_game(key: str) -> tuple[object, list[dict]]:
    """A new game of two seats (or the game's fewest), and each seat's own view of it."""
    game = GAMES[key]
    seats = max(2, game.min_seats)
    state = game.setup(seats, None, Chance.seeded("names"))
    return state, [game.view(state, seat) for seat in range(seats)]


def names_told(views: list[dict]) -> list[str]:
    """The name each seat's own view gives it."""
    return [view["names"][seat] for seat, view in enumerate(views)]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_names_its_seats(key):
    state, views = new_game(key)
    names = names_told(views)
    assert len(set(names)) == len(views) and all(names)
    assert who_you_are(views[0]) == f"You are **{names[0]}**."
    assert GAMES[key].view(state, None)["names"] == names  # public: spectators and the lobby see them too
