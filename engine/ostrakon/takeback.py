"""Which Ostrakon moves their player may take back (`Game.undoable`, bot/tables/takeback.py).

A question, a follow and a stone, while the vote is still open: the question and the follow are
public, and a stone is secret until all are down (the table saw only "X has voted"). The last
stone reveals the vote, and corrupting, consulting and deciding show stones: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    return action.kind in ("ask", "follow", "vote") and after.phase == "vote" and tells_only(seat, events)
