"""Moving Knowledge: paying to the pool, gaining from it, and stealing what it cannot give.

The rulebook: you always pay to and gain from the central pool first; when it runs out you steal
the remainder from any players you choose; a transaction is done in full or not at all.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

from ..core import IllegalAction
from .data import KNOWLEDGE, KNOWLEDGE_NAME, Trade
from .state import Knowledge, State, Steal


def amount(count: int, knowledge: Knowledge) -> str:
    return f"{count} {KNOWLEDGE_NAME[knowledge]}"


def can_pay(state: State, seat: int, trade: Trade) -> bool:
    mine = state.players[seat].knowledge
    if trade.only_without and mine[trade.only_without] > 0:
        return False
    return all(mine[k] >= n for k, n in trade.pay.items())


def to_steal(state: State, trade: Trade) -> dict[Knowledge, int]:
    """How many tokens of each knowledge must come from players: what the pool (after the payment)
    cannot give, plus what the trade steals outright."""
    need: dict[Knowledge, int] = {}
    for k in KNOWLEDGE:
        pool = state.pool[k] + trade.pay.get(k, 0)
        count = max(0, trade.gain.get(k, 0) - pool) + trade.steal.get(k, 0)
        if count:
            need[k] = count
    return need


def victims(state: State, seat: int, knowledge: Knowledge, count: int) -> list[list[int]]:
    """Every way to steal `count` tokens of `knowledge` from the other players (sorted seats)."""
    holders = [s for s, p in enumerate(state.players) if s != seat and p.knowledge[knowledge] > 0]
    ways = []
    for group in combinations_with_replacement(holders, count):
        if all(state.players[s].knowledge[knowledge] >= n for s, n in Counter(group).items()):
            ways.append(list(group))
    return ways


def steal_choices(state: State, seat: int, trade: Trade) -> list[Steal]:
    """Every legal choice of victims for `trade` ([{}] when nothing is stolen; [] when the trade
    cannot be done in full)."""
    if not can_pay(state, seat, trade):
        return []
    need = to_steal(state, trade)
    options = [[(k, way) for way in victims(state, seat, k, n)] for k, n in need.items()]
    return [dict(choice) for choice in product(*options)]


def normalise(steal: Steal) -> Steal:
    return {k: sorted(seats) for k, seats in steal.items() if seats}


def check(state: State, seat: int, trade: Trade, steal: Steal) -> None:
    """Refuse a trade that cannot be done in full, or whose thefts do not fit, with a reason."""
    mine = state.players[seat].knowledge
    if trade.only_without and mine[trade.only_without] > 0:
        raise IllegalAction(f"Only while you hold no {KNOWLEDGE_NAME[trade.only_without]}.")
    for k, n in trade.pay.items():
        if mine[k] < n:
            raise IllegalAction(f"You need {amount(n, k)} to pay for that; you have {mine[k]}.")
    need = to_steal(state, trade)
    steal = normalise(steal)
    for k in KNOWLEDGE:
        wanted, named = need.get(k, 0), steal.get(k, [])
        if not wanted and named:
            raise IllegalAction(f"There is nothing to steal in {KNOWLEDGE_NAME[k]}: take it from the pool.")
        if not wanted:
            continue
        if not victims(state, seat, k, wanted):
            raise IllegalAction(f"Nobody can give you {amount(wanted, k)}, and a trade is done in full or not at all.")
        if len(named) != wanted:
            raise IllegalAction(f"Choose whom to steal {amount(wanted, k)} from (one player a token).")
        for victim, n in Counter(named).items():
            if victim == seat or not 0 <= victim < len(state.players):
                raise IllegalAction("Steal from another player at this table.")
            if state.players[victim].knowledge[k] < n:
                raise IllegalAction(
                    f"**{state.names[victim]}** has only {amount(state.players[victim].knowledge[k], k)}."
                )


def settle(state: State, seat: int, trade: Trade, steal: Steal) -> str:
    """Carry out a checked trade; return what happened ("pays 1 Craft, takes 1 Science")."""
    me = state.players[seat]
    done = []
    for k, n in trade.pay.items():
        me.knowledge[k] -= n
        state.pool[k] += n
    if trade.pay:
        done.append("pays " + " + ".join(amount(n, k) for k, n in trade.pay.items()))
    taken = {}
    for k, n in trade.gain.items():
        from_pool = min(n, state.pool[k])
        state.pool[k] -= from_pool
        me.knowledge[k] += from_pool
        if from_pool:
            taken[k] = from_pool
    if taken:
        done.append("takes " + " + ".join(amount(n, k) for k, n in taken.items()))
    for k, seats in normalise(steal).items():
        for victim, n in sorted(Counter(seats).items()):
            state.players[victim].knowledge[k] -= n
            me.knowledge[k] += n
            done.append(f"steals {amount(n, k)} from **{state.names[victim]}**")
    if trade.points:
        me.points += trade.points
        done.append(f"scores {trade.points} VP")
    return ", ".join(done) or "gains nothing"
