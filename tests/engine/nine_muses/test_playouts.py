"""Nine Muses over whole seeded games: every offered move is accepted and reads well, Knowledge is
never created or lost, and a game always ends after five rounds."""

from collections import Counter

import pytest

from engine import Chance, referee
from engine.nine_muses import GAME
from engine.nine_muses.data import POOL


def totals(state):
    return {k: state.pool[k] + sum(p.knowledge[k] for p in state.players) for k in state.pool}


@pytest.mark.parametrize("seed", range(12))
def test_seeded_games_keep_every_token_and_offer_only_good_moves(seed):
    seats = 2 + seed % 3
    chance = Chance.seeded(f"muses:{seed}")
    state = GAME.setup(seats, None, chance)
    moves = 0
    while GAME.outcome(state) is None:
        assert totals(state) == POOL[seats]
        [seat] = GAME.to_move(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and len(legal) <= 120
        labels = Counter((a.kind, GAME.label(a)) for a in legal)
        assert all(count == 1 and len(text) <= 80 for (_, text), count in labels.items())
        if moves % 7 == 0:  # every offered move is accepted
            for action in legal:
                referee.play(GAME, state, seat, action, Chance.seeded("try"))
        action = GAME.stand_in(state, seat, chance) if chance.roll(2) == 1 else chance.pick(legal)
        state = referee.play(GAME, state, seat, action, chance).state
        moves += 1
    assert state.round == 5 and not state.muse_deck and moves < 400
    assert totals(state) == POOL[seats]
