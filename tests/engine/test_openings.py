"""What the set-up tells the table (`Game.opening`): public texts that no secret changes, and each
seat's dealt cards to that seat alone. What a game's opening says is tested with its own rules
(tests/engine/<package>/)."""

import pytest

from engine import Chance
from tests.registry import GAMES


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
