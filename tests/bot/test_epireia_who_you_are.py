"""An Epireia seat is told its number until it has chosen its city, then the city
(tests/bot/test_who_you_are.py)."""

from bot.discord_app.delivery.messages import who_you_are
from engine import Chance, referee
from engine.epireia.actions import ChooseCity
from tests.registry import GAMES

from .test_who_you_are import names_told, new_game


def test_a_new_games_first_seat_is_seat_1():
    assert names_told(new_game("epireia")[1])[0] == "Seat 1"  # until the seat has chosen its city


def test_an_epireia_seat_is_its_city_once_chosen():
    game = GAMES["epireia"]
    state = game.setup(2, None, Chance.seeded("names"))
    while game.view(state, 0)["phase"] != "city" or 0 not in game.to_move(state):
        seat = min(game.to_move(state))
        state = referee.play(
            game, state, seat, game.stand_in(state, seat, Chance.seeded("s")), Chance.seeded("c")
        ).state
    city = next(action.city for action in game.legal_actions(state, 0) if isinstance(action, ChooseCity))
    state = referee.play(game, state, 0, ChooseCity(city=city), Chance.seeded("c")).state
    assert who_you_are(game.view(state, 0)) == f"You are **{city}**."
