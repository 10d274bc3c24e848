"""Which Philosophy Grudgematch moves their team may take back (`Game.undoable`, bot/tables/takeback.py).

A line-up while the other team has not chosen theirs (it stays secret until both are in), setting
the ball down, and runs with the dice already rolled, as long as no card was drawn or played and no
die rolled since (the bot refuses any move that rolled). Kicks, tackles and blocks show a card, and
the bonuses draw or roll: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .state import State

QUIET = ("place", "run", "stop_running")


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    if action.kind == "lineup":
        return after.phase == "lineup" and tells_only(seat, events)
    return (
        action.kind in QUIET
        and after.phase not in ("lineup", "over")
        and after.hands == before.hands
        and after.deck == before.deck
        and after.discard == before.discard
        and tells_only(seat, events)
    )
