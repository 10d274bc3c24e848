"""What each seat (or the public) may see of an Ostrakon table, and who won."""

from __future__ import annotations

from typing import Any

from ..chance import Chance
from ..core import copy_state
from .position import can_follow, next_speaker, positions, speaker
from .rules import special_spaces
from .state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    public: dict[str, Any] = {
        "names": state.names,
        "day": state.day,
        "days": state.days,
        "rule": state.rule,
        "phase": state.phase,
        "speaker": speaker(state),
        "next_speaker": next_speaker(state),
        "subject": state.subject,
        "next_subject": state.next_subject,
        "sun": state.sun,
        "positions": positions(state),
        "piles": [{"space": p.space, "seats": list(p.seats)} for p in state.piles],
        "under_sun": list(state.under_sun),
        "followed": list(state.followed),
        "follower": state.follower,
        "question": state.question.model_dump() if state.question else None,
        "voted": sorted(state.votes),
        "shown": {str(s): v for s, v in sorted(state.shown.items())},
        "special_spaces": special_spaces(state.options),
        "revealed": state.phase == "decide" and state.rule == "treachery",
        "last": state.last.model_dump(mode="json") if state.last else None,
        "winner": state.winner,
    }
    if public["revealed"]:
        public["votes"] = {str(s): v for s, v in sorted(state.votes.items())}
    if seat is not None:
        public["seat"] = seat
        public["my_vote"] = state.votes.get(seat)
        public["can_follow"] = can_follow(state, seat)
    return public


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    """The same position as others may know it: unrevealed stones (but `keep`'s own) and the
    order of the subject deck re-dealt at random. Canonical: the result does not depend on how the
    hidden things were arranged (the deck is sorted before it is shuffled), only on what `keep`
    sees and the chance, so a strong stand-in's decision cannot either."""
    state = copy_state(state)
    hidden = state.phase in ("vote", "corrupt", "consult") or (state.phase == "decide" and state.rule == "oracle")
    if hidden:
        for seat in sorted(state.votes):
            if seat != keep and seat not in state.shown:
                state.votes[seat] = chance.pick(["white", "black"])
    state.deck = chance.shuffle(sorted(state.deck))
    return state
