"""Which Epireia moves their player may take back (`Game.undoable`, bot/tables/takeback.py), and why
not (`refusal`, the game's `undo_refusal`: the reason the player reads).

During one's own Development turn, while it goes on: building (with the Architect too), donating,
trading with the treasury, withdrawing from it, the Archon's extra action, and the choice of a
Prestige bonus resource or of the figure a Prytaneion recruits. During one's own Diplomacy turn,
while it goes on: sending a figure. Each is public and rolls nothing, even when it reaches a
Prestige bonus and asks for its choice. Producing draws a hidden token; the set-up picks, the
decisions about a roll and the Great Battle are final: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import Action
from .rules import SETUP_PHASES, to_move
from .state import State

DEVELOPMENT = ("build", "architect", "donate", "trade", "withdraw", "archon", "bonus_resource", "recruit")
DIPLOMACY = ("move",)
ONLY = "only the moves of your own Development and Diplomacy turns can be taken back"
PLAN = ("place", "strongest", "confirm_front", "reopen", "station")
BY_KIND = {
    "produce": "it showed something new: producing draws a hidden token",
    "bonus_unit": "it showed something new: producing the bonus unit draws a hidden token",
    "end_development": "it ended your Development turn",
    "end_diplomacy": "it ended your Diplomacy turn",
    "reroll": "it showed something new: it rolled the die again",
    "boost": f"a decision about a roll is final ({ONLY})",
    "accept": f"a decision about a roll is final ({ONLY})",
    "confirm_plan": "it showed something new: your league's plan is confirmed, and everyone saw its count of tokens",
    "auto_deploy": "it showed something new: your league's plan is finished and confirmed, and everyone saw its "
    "count of tokens",
    "engage": f"a choice in the Great Battle is final ({ONLY})",
}


def refusal(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> str | None:
    """Why `seat` may not take this move back, as the end of "That move cannot be taken back: ...";
    None if they may."""
    if action.kind in SETUP_PHASES:
        return f"the set-up picks are final ({ONLY})"
    if action.kind in PLAN or action.kind == "confirm_plan" and action.ask:  # asking confirms nothing
        return f"the Great Battle's orders are final ({ONLY}); until your league confirms its plan, change it there"
    if action.kind not in DEVELOPMENT + DIPLOMACY:
        return BY_KIND.get(action.kind, ONLY)
    phase, turn = ("develop", "Development") if action.kind in DEVELOPMENT else ("diplomacy", "Diplomacy")
    if before.phase != phase:
        return f"a Prestige bonus chosen outside your Development turn is final ({ONLY})"
    if after.phase != before.phase or to_move(after) != frozenset({seat}):
        return f"it ended your {turn} turn (that was your last move in it)"
    if any(prompt.seat != seat or prompt.kind == "second_chance" for prompt in after.prompts):
        return "it asked another player to choose"
    if after.pools != before.pools or after.augurs != before.augurs:
        return "it showed something new: a hidden token or an Augur card was drawn"
    if after.roll != before.roll:
        return "it showed something new: the dice were rolled"
    if not tells_only(seat, events):
        return "it showed another player something only they may see"
    return None


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    """`Game.undoable`: whether `refusal` finds nothing."""
    return refusal(before, after, seat, action, events) is None
