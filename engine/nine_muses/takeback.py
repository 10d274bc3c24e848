"""Which Nine Muses moves their player may take back (`Game.undoable`, bot/tables/takeback.py).

Only the choice of whom a Muse steals from, while the turn goes on: everything it moves is public.
A Philosopher card played has been seen by everyone, and the next turn or round may deal cards or a
new Muse: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    return (
        action.kind == "collect"
        and after.phase in ("collect", "play")
        and after.turn == seat
        and after.round == before.round
        and after.deck == before.deck
        and [p.hand for p in after.players] == [p.hand for p in before.players]
        and tells_only(seat, events)
    )
