"""Card odds for the strong player: what a kick card is worth, and how likely the other team holds
a card that stops it, from the cards it cannot see (never from the other team's hand itself).

`Unseen` is built from a position consistent with what the seat knows (`shuffle_secrets`): the
other hand and the deck together are exactly the cards the seat has not seen, whatever their order.
"""

from __future__ import annotations

from functools import cache

from . import data
from .state import State, card_rank, card_suit, is_face, number_value

# The chance a card reaches each value: {value: probability}, for values 0..13.
_TWO_DICE = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) / 36 for t in range(14)}
_ONE_DIE = {t: sum(1 for a in range(1, 7) if a >= t) / 6 for t in range(-2, 14)}


def reach(card: str, value: int) -> float:
    """The chance `card` is worth at least `value` (a face card rolls)."""
    if value <= 1:
        return 1.0
    if not is_face(card):
        return 1.0 if number_value(card) >= value else 0.0
    rank = card_rank(card)
    if rank == "K":
        return _TWO_DICE.get(value, 0.0)
    return _ONE_DIE.get(value - (2 if rank == "Q" else 0), 0.0)


@cache
def spread(card: str) -> tuple[tuple[int, float], ...]:
    """The values a card may be worth, with their chances."""
    if not is_face(card):
        return ((number_value(card), 1.0),)
    dice, plus = data.FACE_DICE[card_rank(card)]
    if dice == 1:
        return tuple((face + plus, 1 / 6) for face in range(1, 7))
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    return tuple((total, n / 36) for total, n in sorted(counts.items()))


def mean(card: str) -> float:
    return sum(value * p for value, p in spread(card))


class Unseen:
    """The cards a seat has not seen (the other hand and the deck) and the other hand's size."""

    def __init__(self, state: State, seat: int) -> None:
        other = 1 - seat
        self.cards = sorted(c for c in state.hands[other] + state.deck if c != data.JOKER)
        self.hand = len(state.hands[other])
        self._memo: dict[tuple[str, int], float] = {}

    def holds(self, suit: str, need: int) -> float:
        """The chance the other team holds a card of `suit` that stops `need` (a face card
        counted by its chance to reach it)."""
        key = (suit, need)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._holds(suit, need)
        return found

    def _holds(self, suit: str, need: int) -> float:
        total = len(self.cards)
        if total == 0 or self.hand == 0:
            return 0.0
        good = sum(reach(c, need) for c in self.cards if card_suit(c) == suit)
        none = 1.0
        for i in range(min(self.hand, total)):
            none *= max(0.0, (total - good - i) / (total - i))
        return 1.0 - none
