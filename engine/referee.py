"""The referee: the one path by which any action reaches a game's rules."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from .chance import Chance
from .core import ActionT, Game, GameOver, NotYourTurn, OptionsT, StateT, Step, UnknownAction


def parse_action(game: Game[StateT, OptionsT, ActionT], action: object) -> ActionT:
    """Turn a dict into one of the game's actions, or refuse it clearly. An action that is already
    one of the game's own models (from `legal_actions`, or validated when it was made) is taken as
    it is."""
    if isinstance(action, game.action_types):
        return action
    try:
        if isinstance(action, BaseModel):
            action = action.model_dump()
        return game.actions.validate_python(action)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        detail = f" ({where}: {first['msg']})" if where else f" ({first['msg']})"
        raise UnknownAction(f"That is not a move in {game.title}{detail}.") from None


def play(game: Game[StateT, OptionsT, ActionT], state: StateT, seat: int, action: object, chance: Chance) -> Step:
    """Check that the game goes on and that `seat` may act, then apply the action."""
    return play_parsed(game, state, seat, action, chance)[1]


def play_parsed(
    game: Game[StateT, OptionsT, ActionT],
    state: StateT,
    seat: int,
    action: object,
    chance: Chance,
    *,
    over: bool | None = None,
) -> tuple[ActionT, Step]:
    """`play`, also returning the action as parsed (for the log, without parsing it twice). `over`:
    whether the game is over, if the caller knows it already (else its outcome is computed)."""
    if over if over is not None else game.outcome(state) is not None:
        raise GameOver("This game is over.")
    if seat not in game.to_move(state):
        raise NotYourTurn(game.waiting_reason(state, seat) or "It is not your turn.")
    parsed = parse_action(game, action)
    return parsed, game.apply(state, seat, parsed, chance)
