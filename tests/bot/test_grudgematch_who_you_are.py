"""The first seat of a new Philosophy Grudgematch game is told its team (tests/bot/test_who_you_are.py)."""

from .test_who_you_are import names_told, new_game


def test_the_first_seat_is_the_germans():
    assert names_told(new_game("grudgematch")[1])[0] == "the Germans"
