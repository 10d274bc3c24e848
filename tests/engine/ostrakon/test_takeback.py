"""Ostrakon's take-backs (engine/ostrakon/takeback.py): a stone until the vote closes, and the true
reason for the rest (the bot's side: tests/bot/test_ostrakon_takeback.py)."""

import pytest

from engine.ostrakon import GAME
from engine.ostrakon.takeback import refusal

from .positions import QUESTION, build, play


def last_stone(rule: str):
    """Everyone but seat 7 has voted on a day of `rule`; seat 7's stone is the last. Returns the
    position before it, the stone and the step it makes."""
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule=rule)
    state = play(state, GAME.view(state, None)["speaker"], QUESTION).state
    for seat in range(7):
        state = play(state, seat, {"kind": "vote", "stone": "black"}).state
    stone = GAME.actions.validate_python({"kind": "vote", "stone": "white"})
    return state, stone, play(state, 7, stone)


def verdict(before, seat, action, step):
    return (
        GAME.undoable(before, step.state, seat, action, step.events),
        refusal(before, step.state, seat, action, step.events),
    )


@pytest.mark.parametrize(
    "rule, reason",
    [
        ("corruption", "yours was the last stone: it closed the vote, and the speaker now corrupts"),
        ("oracle", "yours was the last stone: it closed the vote, and the speaker now consults the Oracle"),
    ],
)
def test_a_last_stone_that_reveals_nothing_says_it_closed_the_vote(rule, reason):
    before, stone, step = last_stone(rule)
    assert step.state.phase in ("corrupt", "consult")
    assert "Mountains" not in "\n".join(e.text for e in step.events if e.to is None)  # no stone shown
    assert verdict(before, 7, stone, step) == (False, reason)


def test_a_last_stone_that_reveals_the_vote_says_so():
    before, stone, step = last_stone("regular")
    assert any("The stones are revealed" in e.text for e in step.events)
    assert verdict(before, 7, stone, step) == (
        False,
        "yours was the last stone: it showed something new, the vote revealed",
    )


def test_a_stone_while_others_still_vote_may_be_taken_back():
    before, stone, _ = last_stone("regular")
    before.votes.pop(6)
    step = play(before, 7, stone)
    assert step.state.phase == "vote" and verdict(before, 7, stone, step) == (True, None)
