"""Which Philosophy Grudgematch moves their team may take back (`Game.undoable`, bot/tables/takeback.py),
and why not (`refusal`, the game's `undo_refusal`: the reason the player reads).

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
ONLY = "only your line-up, setting the ball down and running can be taken back"
BY_KIND = {
    "kick": "it showed something new: the card you kicked with",
    "tackle": "it showed something new: the card you tackled with",
    "block": "it showed something new: the card you blocked with",
    "stop_kicking": f"it ended your kicks, and with them your turn ({ONLY})",
    "no_tackle": f"letting a kick go is final: the ball flies on at once ({ONLY})",
    "no_block": f"letting the ball pass is final: it flies on at once ({ONLY})",
    "bonus_run": "it showed something new: the die rolled for your bonus run",
    "bonus_swap": "it showed something new: the card you drew",
    "bonus_release": f"a scoring bonus is final ({ONLY})",
    "bonus_pass": f"a scoring bonus is final ({ONLY})",
}


def refusal(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> str | None:
    """Why `seat` may not take this move back, as the end of "That move cannot be taken back: ...";
    None if they may."""
    if action.kind == "lineup":
        if after.phase != "lineup":
            return "it showed something new: both line-ups, now that the other team had chosen theirs"
    elif action.kind not in QUIET:
        return BY_KIND.get(action.kind, ONLY)
    elif after.phase == "over":
        return "it ended the match"
    elif after.phase == "lineup":
        return "it showed something new: the joker was drawn, and it is halftime"
    elif (after.hands, after.deck, after.discard) != (before.hands, before.deck, before.discard):
        return "it showed something new: cards were drawn"
    if not tells_only(seat, events):
        return "it showed another team something only they may see"
    return None


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    """`Game.undoable`: whether `refusal` finds nothing."""
    return refusal(before, after, seat, action, events) is None
