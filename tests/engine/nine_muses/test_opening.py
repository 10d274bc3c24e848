"""Nine Muses' opening texts: the five Muses, the starting Craft and each hand, privately (the
generic opening checks are tests/engine/test_openings.py)."""

import pytest

from engine import Chance
from engine.nine_muses import GAME as NINE_MUSES


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_nine_muses_opens_with_the_five_muses_the_starting_craft_and_each_hand_privately(seats):
    state = NINE_MUSES.setup(seats, None, Chance.seeded(f"muses:{seats}"))
    events = NINE_MUSES.opening(state)
    public = [e.text for e in events if e.to is None]
    assert len(public) == 1
    assert all(f"**{muse}**" in public[0] for muse in state.centre) and len(state.centre) == 5
    assert "2 Craft" in public[0] and f"**{state.names[state.first]}** starts" in public[0]
    private = {e.to: e.text for e in events if e.to is not None}
    assert sorted(private) == list(range(seats))
    for seat, text in private.items():
        assert text == f"Your Philosopher cards: {', '.join(state.players[seat].hand)}."
