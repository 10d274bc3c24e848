"""What must hold in every Grudgematch position: the deck is whole, one joker at most, one
philosopher a space."""

from __future__ import annotations

from collections import Counter

from . import data
from .state import State, full_deck


def invariants(state: State) -> list[str]:
    problems = []
    cards = state.deck + state.discard + [card for hand in state.hands for card in hand]
    jokers = cards.count(data.JOKER)
    if Counter(c for c in cards if c != data.JOKER) != Counter(full_deck()):
        problems.append("cards are not conserved")
    if jokers > 1 or any(data.JOKER in hand for hand in state.hands):
        problems.append("the joker is in a hand, or there are two")
    if len(set(state.spots.values())) != len(state.spots):
        problems.append("two philosophers on one space")
    return problems
