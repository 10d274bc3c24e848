"""What a stand-in player does at a Nine Muses table, and how actions read on a Discord select."""

from __future__ import annotations

from collections import Counter

from ..chance import Chance
from . import data
from .data import KNOWLEDGE_NAME, Trade
from .rules import TOIL, gift, legal_actions, owner
from .state import Action, Call, Collect, Demonstrate, Exchange, MuseName, State, Steal, Toil

KEEP = 0.7  # what a token in hand is worth against its value at Aristotle's, while turns remain


def turns_left(state: State, seat: int) -> int:
    """The seat's turns after this one (three a round)."""
    return len(state.players[seat].hand) - 1 + data.HAND_SIZE * len(state.muse_deck)


def _trade_value(trade: Trade, steal: Steal, keep: float) -> float:
    worth = data.ARISTOTLE
    value: float = trade.points
    value += keep * sum(worth[k] * n for k, n in trade.gain.items())
    value += keep * sum(worth[k] * n for k, n in trade.steal.items())
    value -= keep * sum(worth[k] * n for k, n in trade.pay.items())
    return value + 0.3 * sum(worth[k] * len(seats) for k, seats in steal.items())  # rivals lose it


def _muse_value(state: State, seat: int, muse: MuseName) -> float:
    per_turn = _trade_value(gift(state, seat, muse), {}, KEEP)
    holder = owner(state, muse)
    taken = 0.5 * per_turn * (turns_left(state, holder) + 1) if holder is not None else 0
    return per_turn * turns_left(state, seat) + taken + 0.5


def _value(state: State, seat: int, action: Action) -> float:
    keep = KEEP if turns_left(state, seat) > 0 else 0.0
    if isinstance(action, Collect):
        return _trade_value(gift(state, seat, action.muse), action.steal, keep)
    best_use = max(_trade_value(t, {}, KEEP) for t in data.PHILOSOPHERS[action.card][1])
    if isinstance(action, Exchange):
        return _trade_value(data.PHILOSOPHERS[action.card][1][action.option], action.steal, keep)
    spent_card = 0.1 * best_use  # prefer to give up the card whose exchanges are worth least
    if isinstance(action, Call):
        return _muse_value(state, seat, action.muse) - spent_card
    if isinstance(action, Demonstrate):
        return action.amount * data.ARISTOTLE[action.knowledge] * (1 - keep) - spent_card
    return _trade_value(TOIL, action.steal, keep) - spent_card


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    """The action worth most by a one-turn estimate; ties are broken by chance."""
    moves = legal_actions(state, seat)
    scored = [(_value(state, seat, move), move) for move in moves]
    best = max(score for score, _ in scored)
    return chance.pick([move for score, move in scored if score >= best - 1e-9])


def _who(seats: list[int]) -> str:
    """Seats by their sages' names: `Sappho ×2, Zeno`."""
    return ", ".join(data.SAGES[s] + (f" ×{n}" if n > 1 else "") for s, n in sorted(Counter(seats).items()))


def _thefts(steal: Steal) -> str:
    parts = [f"{KNOWLEDGE_NAME[k]} from {_who(seats)}" for k, seats in steal.items()]
    return " · steal " + " & ".join(parts) if parts else ""


def label(action: Action) -> str:
    if isinstance(action, Exchange):
        options = data.PHILOSOPHERS[action.card][1]
        if action.option >= len(options):
            return f"{action.card}: option {action.option + 1}"
        trade = options[action.option]
        if trade.steal and not trade.gain:  # "Telesilla: steal 1 Science from Zeno"
            return f"{action.card}: {trade.text} from {_who([s for seats in action.steal.values() for s in seats])}"
        return f"{action.card}: {trade.text}{_thefts(action.steal)}"
    if isinstance(action, Call):
        return f"Call {action.muse} · discard {action.card}"
    if isinstance(action, Demonstrate):
        points = action.amount * data.ARISTOTLE[action.knowledge]
        return f"Demonstrate {action.amount} {KNOWLEDGE_NAME[action.knowledge]} → {points} VP · discard {action.card}"
    if isinstance(action, Toil):
        return f"Toil: +1 Craft · discard {action.card}{_thefts(action.steal)}"
    if isinstance(action, Collect):
        return f"{action.muse}:{_thefts(action.steal)[2:]}"
    return getattr(action, "kind", str(action))
