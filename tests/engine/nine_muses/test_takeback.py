"""Nine Muses' take-backs (engine/nine_muses/takeback.py): a card played is said to be shown."""

from engine.nine_muses import GAME
from engine.nine_muses.takeback import refusal

from .test_cards import play, table


def test_a_card_played_says_everyone_has_seen_it():
    before = table()
    action = GAME.actions.validate_python({"kind": "exchange", "card": "Aesop", "option": 0})
    step = play(before, 0, action)
    assert GAME.undoable(before, step.state, 0, action, step.events) is False
    assert refusal(before, step.state, 0, action, step.events) == (
        "it showed something new: everyone has seen the Aesop card you played"
    )
