"""Which Philosophia moves their player may take back (`Game.undoable`, bot/tables/takeback.py).

Moving to a location, and keeping the location token found there, while it is still that player's
turn and no card, oracle, request or Moirai card was drawn or dealt: where a philosopher goes and
which token they keep are public. Everything else may draw, bid, argue or hand the turn on: never
taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State


def _hidden(state: State) -> tuple[object, ...]:
    """What the players cannot all see: the decks and everyone's cards (compared before and after)."""
    return (
        state.sophistry,
        state.syllogism,
        state.oracle_decks,
        state.requests,
        state.moirai_deck,
        [(p.hand, p.oracles) for p in state.players],
    )


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    quiet = action.kind == "move" or (action.kind == "bonus" and action.keep)
    return (
        quiet
        and after.turn == seat
        and after.phase in ("bonus", "act")
        and after.round == before.round
        and _hidden(after) == _hidden(before)
        and tells_only(seat, events)
    )
