"""Positions to draw: a game played by stand-ins for some moves, the same for every render test."""

from engine import Chance, Game, referee


def played_game(game: Game, seats: int, actions: int | None, seed: str = "render"):
    """`game` after `actions` stand-in moves (None: to the end)."""
    chance = Chance.seeded(seed)
    state = game.setup(seats, None, chance)
    while game.outcome(state) is None and actions != 0:
        seat = min(game.to_move(state))
        state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
        actions = None if actions is None else actions - 1
    return state
