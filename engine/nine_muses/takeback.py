"""Which Nine Muses moves their player may take back (`Game.undoable`, bot/tables/takeback.py), and
why not (`refusal`, the game's `undo_refusal`: the reason the player reads).

Only the choice of whom a Muse steals from, while the turn goes on: everything it moves is public.
A Philosopher card played has been seen by everyone, and the next turn or round may deal cards or a
new Muse: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State


def refusal(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> str | None:
    """Why `seat` may not take this move back, as the end of "That move cannot be taken back: ...";
    None if they may."""
    if action.kind != "collect":
        return f"it showed something new: everyone has seen the {action.card} card you played"
    if after.phase == "over":
        return "it ended the game"
    if after.round != before.round:
        return "it ended the round"
    if after.phase not in ("collect", "play") or after.turn != seat:
        return "it ended your turn"
    if after.deck != before.deck or [p.hand for p in after.players] != [p.hand for p in before.players]:
        return "it showed something new: cards were dealt"
    if not tells_only(seat, events):
        return "it showed another player something only they may see"
    return None


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    """`Game.undoable`: whether `refusal` finds nothing."""
    return refusal(before, after, seat, action, events) is None
