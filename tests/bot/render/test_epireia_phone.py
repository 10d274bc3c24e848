"""Epireia on a phone: the battle reads too, and the Empires' rolls and the buildings left the
picture for the text."""

from bot.games import plugin
from tests.bot.render.playouts import played_game
from tests.bot.render.test_epireia_battle import at_the_battle
from tests.bot.render.test_phone_text import read_on_a_phone
from tests.registry import GAMES


def test_the_battle_before_its_reveal_reads_on_a_phone(monkeypatch):
    state, seat = at_the_battle()
    game = GAMES["epireia"]
    read_on_a_phone("epireia", iter([game.view(state, None), game.view(state, seat)]), monkeypatch)


def test_the_rolls_and_buildings_are_in_the_text():
    epireia = GAMES["epireia"]
    view = epireia.view(played_game(epireia, 2, 30, seed="phone:moved"), None)
    assert view["phase"] in ("develop", "diplomacy", "resolve")
    words = plugin("epireia").presentation.text(view)
    assert "🎲 Empires' favour (alone / two figures): Persia 7+/9+ · " in words and "Macedonia 5+/7+" in words
    for player in view["players"]:
        assert all(building in words for building in player["buildings"])
