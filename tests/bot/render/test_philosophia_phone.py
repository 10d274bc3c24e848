"""Philosophia on a phone: each player's wisdom and builders left the picture for the text."""

from bot.games import plugin
from tests.bot.render.playouts import played_game
from tests.registry import GAMES


def test_wisdom_and_builders_are_in_the_text():
    philosophia = GAMES["philosophia"]
    view = philosophia.view(played_game(philosophia, 3, 20, seed="phone:moved"), None)
    words = plugin("philosophia").presentation.text(view)
    assert words.count(" · wisdom ") == words.count(" · builders ") == len(view["players"])
