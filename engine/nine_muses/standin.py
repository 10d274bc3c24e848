"""What a stand-in player does at a Nine Muses table, and how actions read on a Discord select."""

from __future__ import annotations

from ..chance import Chance
from . import data
from .actions import Action, Call, Collect, Demonstrate, Exchange
from .data import Trade
from .rules import TOIL, gift, legal_actions, owner
from .state import MuseName, State, Steal

KEEP = 0.7  # what a token in hand is worth against its value at Aristotle's, while turns remain


def turns_left(state: State, seat: int) -> int:
    """The seat's turns after this one (three a round)."""
    return len(state.players[seat].hand) - 1 + data.HAND_SIZE * len(state.muse_deck)


def trade_value(trade: Trade, steal: Steal, keep: float) -> float:
    worth = data.ARISTOTLE
    value: float = trade.points
    value += keep * sum(worth[k] * n for k, n in trade.gain.items())
    value += keep * sum(worth[k] * n for k, n in trade.steal.items())
    value -= keep * sum(worth[k] * n for k, n in trade.pay.items())
    return value + 0.3 * sum(worth[k] * len(seats) for k, seats in steal.items())  # rivals lose it


# What each card's better exchange is worth, once (the strong stand-in's rollouts ask it often)
BEST_USE = {card: max(trade_value(t, {}, KEEP) for t in options) for card, (_, options) in data.PHILOSOPHERS.items()}


def muse_value(state: State, seat: int, muse: MuseName) -> float:
    per_turn = trade_value(gift(state, seat, muse), {}, KEEP)
    holder = owner(state, muse)
    taken = 0.5 * per_turn * (turns_left(state, holder) + 1) if holder is not None else 0
    return per_turn * turns_left(state, seat) + taken + 0.5


def move_value(state: State, seat: int, action: Action) -> float:
    keep = KEEP if turns_left(state, seat) > 0 else 0.0
    if isinstance(action, Collect):
        return trade_value(gift(state, seat, action.muse), action.steal, keep)
    if isinstance(action, Exchange):
        return trade_value(data.PHILOSOPHERS[action.card][1][action.option], action.steal, keep)
    spent_card = 0.1 * BEST_USE[action.card]  # prefer to give up the card whose exchanges are worth least
    if isinstance(action, Call):
        return muse_value(state, seat, action.muse) - spent_card
    if isinstance(action, Demonstrate):
        return action.amount * data.ARISTOTLE[action.knowledge] * (1 - keep) - spent_card
    return trade_value(TOIL, action.steal, keep) - spent_card


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    """The action worth most by a one-turn estimate; ties are broken by chance."""
    moves = legal_actions(state, seat)
    scored = [(move_value(state, seat, move), move) for move in moves]
    best = max(score for score, _ in scored)
    return chance.pick([move for score, move in scored if score >= best - 1e-9])


def default_action(state: State, seat: int, chance: Chance) -> Action:
    """What the clock and a moderator's skip play for a seat: the stand-in's move."""
    return stand_in(state, seat, chance)
