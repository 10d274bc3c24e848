"""Each player is told who they are in the game by name, never as a bare seat number."""
from __future__ import annotations

import pytest

from bot.delivery.messages import who_you_are
from engine import GAMES, Chance, referee
from engine.epireia.actions import ChooseCity

EXPECTED = {  # the first seat of a new two- or five-player game
    "ostrakon": None,  # a name dealt at random: checked against the view below
    "nine-muses": "Thales",
    "grudgematch": "the Germans",
    "philosophia": None,
    "epireia": "Seat 1",  # until the seat has chosen its city
}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_names_its_seats(key):
    game = GAMES[key]
    seats = max(2, game.min_seats)
    state = game.setup(seats, None, Chance.seeded("names"))
    views = [game.view(state, seat) for seat in range(seats)]
    names = [view["names"][seat] for seat, view in enumerate(views)]
    assert len(set(names)) == seats and all(names)
    assert EXPECTED.get(key) in (None, names[0])
    assert who_you_are(views[0]) == f"You are **{names[0]}**."
    assert game.view(state, None)["names"] == names  # public: spectators and the lobby see them too


def test_an_epireia_seat_is_its_city_once_chosen():
    game = GAMES["epireia"]
    state = game.setup(2, None, Chance.seeded("names"))
    while game.view(state, 0)["phase"] != "city" or 0 not in game.to_move(state):
        seat = min(game.to_move(state))
        state = referee.play(game, state, seat, game.stand_in(state, seat, Chance.seeded("s")), Chance.seeded("c")).state
    city = next(action.city for action in game.legal_actions(state, 0) if isinstance(action, ChooseCity))
    state = referee.play(game, state, 0, ChooseCity(city=city), Chance.seeded("c")).state
    assert who_you_are(game.view(state, 0)) == f"You are **{city}**."
