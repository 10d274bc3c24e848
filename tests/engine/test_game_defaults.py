"""A Game is a complete configuration: the defaults of its optional pieces are given by `Game`
itself (engine/core.py), so code that uses a game never fills one in. The engine knows nothing of
how a game is shown: its presentation is paired with it by the bot's registry (bot/games.py)."""

from dataclasses import MISSING, fields

import pytest

from engine import Chance, Game, NotYourTurn, referee
from engine.core import never_undoable, no_refusal, plain_reason, tells_nothing
from tests.registry import GAMES

CONTRACT = ("key", "title", "min_seats", "max_seats", "Options", "State", "actions", "setup")
CONTRACT += ("to_move", "legal_actions", "apply", "view", "outcome")


def bare(game: Game) -> Game:
    """The game with only its required pieces declared: every optional one left to `Game`."""
    required = [f.name for f in fields(Game) if f.default is MISSING and f.default_factory is MISSING]
    return Game(**{name: getattr(game, name) for name in required})


def test_the_contract_is_required_and_the_presentation_is_no_part_of_a_game():
    names = {f.name for f in fields(Game)}
    assert set(CONTRACT) <= names and "presentation" not in names
    required = {f.name for f in fields(Game) if f.default is MISSING and f.default_factory is MISSING}
    assert set(CONTRACT) <= required


@pytest.mark.parametrize("key", sorted(GAMES))
def test_an_undeclared_piece_is_a_value_or_a_function_to_call(key):
    game = bare(GAMES[key])
    assert (game.waiting_reason, game.opening) == (plain_reason, tells_nothing)
    assert (game.undoable, game.undo_refusal) == (never_undoable, no_refusal)
    assert (game.pace, game.written_moves, game.sides) == (None, (), None)
    chance = Chance.seeded("defaults")
    state = game.setup(game.min_seats, game.Options(), chance)
    assert game.opening(state) == ()
    seat = sorted(game.to_move(state))[0]
    step = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance)
    played = (state, step.state, seat, game.stand_in(state, seat, chance), step.events)
    assert game.undoable(*played) is False and game.undo_refusal(*played) is None
    waiting = [other for other in range(game.min_seats) if other not in game.to_move(state)]
    for other in waiting[:1]:
        with pytest.raises(NotYourTurn, match="^It is not your turn.$"):
            referee.play(game, state, other, game.stand_in(state, seat, chance), chance)
