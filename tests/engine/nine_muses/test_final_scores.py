"""Nine Muses ends by giving every player's score, not only the winner's."""

import pytest

from engine import Chance, referee
from engine.nine_muses import GAME


def last_events(state):
    """Play to the end with stand-ins; returns the final state and the last step's public texts."""
    chance = Chance.seeded("final scores")
    while GAME.outcome(state) is None:
        seat = next(iter(GAME.to_move(state)))
        step = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance)
        state = step.state
    return state, [event.text for event in step.events if event.to is None]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_last_round_ends_with_every_players_score_best_first(seats):
    state, texts = last_events(GAME.setup(seats, None, Chance.seeded(f"scores:{seats}")))
    scores = texts[-1].split("\n")
    assert scores[0] == "🏁 Final scores:" and len(scores) == seats + 1
    ranked = sorted(range(seats), key=lambda s: (-state.players[s].points, -len(state.players[s].muses), s))
    for line, seat in zip(scores[1:], ranked):
        player = state.players[seat]
        muses = len(player.muses)
        assert line == f"**{state.names[seat]}**: {player.points} VP, {muses} Muse{'s' if muses != 1 else ''}"
    assert GAME.outcome(state).reason in texts[-2]
