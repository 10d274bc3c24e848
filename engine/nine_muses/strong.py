"""The strong stand-in of Nine Muses: the search of engine/search.py over the seat's own view, the
easy stand-in as every seat's rollout policy, and an estimate of the final scores."""

from __future__ import annotations

from ..chance import Chance
from ..search import Rules, Search, squash
from . import data
from .actions import Action
from .rules import apply, gift, legal_actions, outcome, to_move
from .standin import KEEP, move_value, stand_in, trade_value
from .state import State
from .views import shuffle_secrets

SCALE = 2.0  # VP: a lead this big is about a 73% chance to win
MUSE_KEPT = 0.8  # a Muse's gifts to come, discounted for the chance that she is called away


def turns_to_come(state: State, seat: int) -> int:
    """The seat's turns not yet played (its cards in hand, three for each round to come)."""
    return len(state.players[seat].hand) + data.HAND_SIZE * len(state.muse_deck)


def estimate(state: State, seat: int) -> float:
    """The seat's VP at the end, as the position promises them: its points, the Knowledge it can
    still show Aristotle (one kind a turn, the most valuable first) and its Muses' gifts to come."""
    player = state.players[seat]
    turns = turns_to_come(state, seat)
    worth = sorted((data.ARISTOTLE[k] * n for k, n in player.knowledge.items()), reverse=True)
    knowledge = KEEP * sum(worth[: min(turns, len(worth))])
    # this turn's gifts are collected already when the seat is about to play a card
    gifts = turns - (1 if state.turn == seat and state.phase == "play" else 0)
    muses = sum(MUSE_KEPT * max(0, gifts) * trade_value(gift(state, seat, m), {}, KEEP) for m in player.muses)
    return player.points + knowledge + muses + 0.1 * len(player.muses)  # Muses break ties


def evaluate(state: State, seat: int) -> float:
    """The seat's lead over its best rival, by the estimate, squashed to 0..1."""
    mine = estimate(state, seat)
    best_other = max(estimate(state, s) for s in range(len(state.players)) if s != seat)
    return squash(mine - best_other, SCALE)


def shortlist(state: State, seat: int, legal: list[Action]) -> list[Action]:
    """The legal moves by the easy stand-in's one-turn estimate, best first."""
    scored = sorted(enumerate(legal), key=lambda pair: (-move_value(state, seat, pair[1]), pair[0]))
    return [action for _, action in scored]


# Simulated moves a decision (about 30 ms), moves a rollout plays, candidates tried
BUDGET, DEPTH, WIDTH = 160, 6, 6


def strong(state: State, seat: int, chance: Chance) -> Action:
    """The strong stand-in's move (engine/search.py): only the seat's own view is read."""
    return SEARCH.choose(state, seat, chance)


SEARCH = Search(
    Rules(legal_actions, apply, to_move, outcome, shuffle_secrets, stand_in),
    evaluate,
    budget=BUDGET,
    depth=DEPTH,
    width=WIDTH,
    shortlist=shortlist,
)
