"""What each seat of a Nine Muses table sees, and the position as a seat may know it."""

from __future__ import annotations

from typing import Any

from ..chance import Chance
from ..core import copy_state
from . import data
from .rules import final_outcome, ordered, players
from .state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    public: dict[str, Any] = {
        "names": list(state.names),
        "round": state.round,
        "rounds": state.round + len(state.muse_deck),
        "last_round": not state.muse_deck,
        "phase": state.phase,
        "turn": None if state.phase == "over" else state.turn,
        "first": state.first,
        "pool": dict(state.pool),
        "aristotle": dict(data.ARISTOTLE),
        "centre": list(state.centre),
        "muses_left": len(state.muse_deck),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "pending": list(state.pending),
        "last": state.last,
        "players": [
            {
                "seat": s,
                "name": state.names[s],
                "knowledge": dict(p.knowledge),
                "points": p.points,
                "muses": list(p.muses),
                "cards": len(p.hand),
            }
            for s, p in enumerate(state.players)
        ],
        "winners": list(final_outcome(state).winners) if state.phase == "over" else [],
    }
    if seat is not None:
        public["seat"] = seat
        public["hand"] = list(state.players[seat].hand)
    return public


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    """The same position as `keep` may know it: the other players' cards re-dealt from their hands
    and the deck together. (Both face-down decks are unordered: draws are made by chance.)
    Canonical: the unseen cards are sorted before they are shuffled, so the result depends only on
    what `keep` sees and the chance, not on how the hidden cards lay."""
    state = copy_state(state)
    others = [s for s in range(players(state)) if s != keep]
    unseen = chance.shuffle(sorted(state.deck + [c for s in others for c in state.players[s].hand]))
    for s in others:
        size = len(state.players[s].hand)
        state.players[s].hand, unseen = unseen[:size], unseen[size:]
    state.deck = ordered(unseen, data.CARD_NAMES)
    return state
