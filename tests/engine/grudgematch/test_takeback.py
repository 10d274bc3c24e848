"""Philosophy Grudgematch's take-backs (engine/grudgematch/takeback.py): what may be taken back, and the
true reason for the rest: a card shown is said to be shown, a choice that showed nothing is not."""

from engine.grudgematch import GAME
from engine.grudgematch.takeback import refusal

from .test_helpers import F, G, play, position


def verdict(before, seat, action):
    parsed = GAME.actions.validate_python(action)
    step = play(before, seat, action)
    found = (
        GAME.undoable(before, step.state, seat, parsed, step.events),
        refusal(before, step.state, seat, parsed, step.events),
    )
    return found, step.state


def test_letting_the_ball_pass_shows_nothing_and_says_why_it_stays():
    state = position({"Hegel": "F5", "Husserl": "F9", "Nietzsche": "F2"}, "F6", [["3S", "4H"], []])
    state = play(state, G, {"kind": "kick", "who": "Hegel", "card": "3S", "direction": "S"}).state
    assert state.phase == "block"
    (undoable, reason), after = verdict(state, G, {"kind": "no_block"})
    assert after.phase == "place" and after.hands == state.hands and after.deck == state.deck
    assert not undoable and reason.startswith("letting the ball pass is final: it flies on at once")
    assert "showed something new" not in reason
    assert verdict(after, G, {"kind": "place", "to": "F10"})[0] == (True, None)  # setting it down may be


def test_a_tackle_says_it_showed_its_card():
    spots = {"Hegel": "F5", "Sartre": "G6", "Nietzsche": "F2"}
    state = position(spots, "F6", [["7S", "9S"], ["8S", "2D"]])
    state = play(state, G, {"kind": "kick", "who": "Hegel", "card": "7S", "direction": "S"}).state
    (undoable, reason), _ = verdict(state, F, {"kind": "tackle", "who": "Sartre", "card": "8S"})
    assert not undoable and reason == "it showed something new: the card you tackled with"
