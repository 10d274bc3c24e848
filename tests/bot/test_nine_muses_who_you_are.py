"""The first seat of a new Nine Muses game is told its name (tests/bot/test_who_you_are.py)."""

from .test_who_you_are import names_told, new_game


def test_the_first_seat_is_thales():
    assert names_told(new_game("nine-muses")[1])[0] == "Thales"
