"""What the set-up tells the table (`Game.opening`): public texts that no secret changes, and each
seat's dealt cards to that seat alone."""
import pytest

from engine import GAMES, Chance
from engine.nine_muses import GAME as NINE_MUSES
from engine.ostrakon import GAME as OSTRAKON


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_opening_tells_no_secret_and_speaks_privately_only_to_seats(key):
    game = GAMES[key]
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(4):
            state = game.setup(seats, game.Options(), Chance.seeded(f"opening:{seed}"))
            events = game.opening(state)
            public = [e.text for e in events if e.to is None]
            for shadow_seed in range(3):
                shadow = game.shuffle_secrets(state, Chance.seeded(f"shadow:{shadow_seed}"), keep=None)
                assert [e.text for e in game.opening(shadow) if e.to is None] == public
            assert all(e.to is None or 0 <= e.to < seats for e in events)
            assert all(0 < len(e.text) <= 2000 for e in events)


def test_ostrakon_opens_with_the_start_space_and_the_first_subject_and_speaker():
    state = OSTRAKON.setup(7, None, Chance.scripted())
    first, second = OSTRAKON.opening(state)
    assert first.to is None and second.to is None
    assert first.text == "🌅 Day 1 of 5: the council gathers on space 2 of the path, 15 spaces from the Temple of Wisdom."
    view = OSTRAKON.view(state, None)
    speaker, after = view["names"][view["speaker"]], view["names"][view["next_speaker"]]
    assert second.text == f"🗣️ **Sport**: **{speaker}** asks. Next: a free subject, **{after}**."


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
