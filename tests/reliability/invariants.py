"""Game invariants the reliability tests check after every accepted action: the contract's
generic promises for every game, and the game's own `invariants(state)` (Game.invariants:
problems found, empty when all is well), such as cards and tokens being conserved.
"""

from __future__ import annotations

import json

from pydantic import BaseModel

from engine import Game


def generic(game: Game, state: BaseModel, seats: int) -> list[str]:
    problems = []
    if game.State.model_validate_json(state.model_dump_json()) != state:
        problems.append("the state does not survive a JSON round trip")
    movers = game.to_move(state)
    if not movers <= set(range(seats)):
        problems.append(f"to_move names seats that do not exist: {sorted(movers)}")
    over = game.outcome(state) is not None
    if over == bool(movers):
        problems.append("the game is over but someone may move" if over else "nobody may move but the game goes on")
    for viewer in [None, *range(seats)]:
        try:
            json.dumps(game.view(state, viewer))
        except (TypeError, ValueError):
            problems.append(f"the view of {viewer} is not JSON")
    return problems


def problems(game: Game, state: BaseModel, seats: int) -> list[str]:
    return generic(game, state, seats) + game.invariants(state)
