"""Which Philosophia moves their player may take back (`Game.undoable`, bot/tables/takeback.py),
and why not (`refusal`, the game's `undo_refusal`: the reason the player reads).

Moving to a location, and the location token found there (kept, or its benefit taken), while it is
still that player's turn and no card, oracle, request or Moirai card was drawn or dealt: where a
philosopher goes, which token they keep and what its benefit gives are public. The yellow token's
benefit draws a card, and the turn's action, Oracle cards, answers, offerings and debates draw,
show, bid, argue or hand the turn on: never taken back.
"""

from __future__ import annotations

from ..core import Event, tells_only
from .actions import AcropolisAction, Action, StandardAction
from .state import State

ONLY = "only your move and the location token can be taken back"
BY_KIND = {
    "play_oracle": "it showed everyone the Oracle card you played",
    "argue": "it showed everyone the card you argued",
    "veto": f"an answer to an Oracle card is final ({ONLY})",
    "bid": f"an offering to Athena is final ({ONLY})",
    "pass": f"a pass in a debate is final ({ONLY})",
}


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


def refusal(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> str | None:
    """Why `seat` may not take this move back, as the end of "That move cannot be taken back: ...";
    None if they may."""
    if isinstance(action, StandardAction | AcropolisAction) or action.kind == "rest":
        return f"it was your turn's action, which ends your turn or opens an auction or a debate ({ONLY})"
    if action.kind not in ("move", "bonus"):
        return BY_KIND.get(action.kind, ONLY)
    if after.turn != seat or after.round != before.round or after.phase not in ("bonus", "act"):
        spell = before.players[seat].silenced and not after.players[seat].silenced
        return "it ended your turn" + (" (the Spell of Trophonius took your action)" if spell else "")
    if _hidden(after) != _hidden(before):
        return "it showed something new: it drew a card, which you have seen"
    if not tells_only(seat, events):
        return "it showed another player something only they may see"
    return None


def undoable(before: State, after: State, seat: int, action: Action, events: tuple[Event, ...]) -> bool:
    """`Game.undoable`: whether `refusal` finds nothing."""
    return refusal(before, after, seat, action, events) is None
