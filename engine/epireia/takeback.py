"""Which Epireia moves their player may take back (`Game.undoable`, bot/tables/takeback.py).

Building, donating, trading with the treasury and withdrawing from it during one's own development
turn, while it goes on: each is public and rolls nothing. Producing draws a hidden token, and the
set-up picks, diplomacy and battles are shown to others or decided by dice: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .rules import to_move
from .state import State

QUIET = ("build", "donate", "trade", "withdraw")


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    return (
        action.kind in QUIET
        and after.phase == "develop"
        and to_move(after) == frozenset({seat})
        and not after.prompts
        and after.pools == before.pools
        and after.augurs == before.augurs
        and after.roll == before.roll
        and tells_only(seat, events)
    )
