"""Which Ostrakon moves their player may take back (`Game.undoable`, bot/tables/takeback.py), and why
not (`refusal`, the game's `undo_refusal`: the reason the player reads).

A question, a follow and a stone, while the vote is still open: the question and the follow are
public, and a stone is secret until all are down (the table saw only "X has voted"). The last
stone closes the vote (and on most days reveals it), and corrupting, consulting and deciding show
or score stones: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State

BY_KIND = {
    "corrupt": "it showed something new: the stones of the philosophers you corrupted",
    "consult": "it showed something new: the stones you chose for the Oracle to show everyone",
    "decide": "it settled the vote, and the stones were scored",
}
CLOSED = {
    "corrupt": "yours was the last stone: it closed the vote, and the speaker now corrupts",
    "consult": "yours was the last stone: it closed the vote, and the speaker now consults the Oracle",
}


def refusal(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> str | None:
    """Why `seat` may not take this move back, as the end of "That move cannot be taken back: ...";
    None if they may."""
    if action.kind not in ("ask", "follow", "vote"):
        return BY_KIND[action.kind]
    if after.phase != "vote":
        return CLOSED.get(after.phase, "yours was the last stone: it showed something new, the vote revealed")
    if not tells_only(seat, events):
        return "it showed another player something only they may see"
    return None


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    """`Game.undoable`: whether `refusal` finds nothing."""
    return refusal(before, after, seat, action, events) is None
