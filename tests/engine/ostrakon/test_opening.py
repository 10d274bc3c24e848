"""Ostrakon's opening texts: the start space, the first subject and speaker (the generic opening
checks are tests/engine/test_openings.py)."""

from engine import Chance
from engine.ostrakon import GAME as OSTRAKON


def test_ostrakon_opens_with_the_start_space_and_the_first_subject_and_speaker():
    state = OSTRAKON.setup(7, None, Chance.scripted())
    first, second = OSTRAKON.opening(state)
    assert first.to is None and second.to is None
    assert (
        first.text == "🌅 Day 1 of 5: the council gathers on space 2 of the path, 15 spaces from the Temple of Wisdom."
    )
    view = OSTRAKON.view(state, None)
    speaker, after = view["names"][view["speaker"]], view["names"][view["next_speaker"]]
    assert second.text == f"🗣️ **Sport**: **{speaker}** asks. Next: a free subject, **{after}**."
