"""Reading an Ostrakon position: who is where, who speaks now and next, who may follow."""

from __future__ import annotations

from . import data
from .state import Pile, State


def players(state: State) -> int:
    return len(state.names)


def pile_at(state: State, space: int) -> Pile | None:
    return next((pile for pile in state.piles if pile.space == space), None)


def speaker(state: State) -> int | None:
    pile = pile_at(state, state.sun)
    return pile.seats[-1] if pile and state.phase != "over" else None


def speaker_in_play(state: State) -> int:
    """The speaker of a game not yet over: until then the sunlit space always has a pile (the
    Sun walks back to the next one, or the day ends), and its top philosopher speaks."""
    talker = speaker(state)
    assert talker is not None, "a game in play has a pile on the sunlit space"
    return talker


def next_speaker(state: State) -> int | None:
    """Who speaks after this turn, if it is known: the next philosopher down the sunlit pile, or
    the top of the next pile back along the path. At the day's end the leader is not yet known."""
    pile = pile_at(state, state.sun)
    if pile is None or state.phase == "over":
        return None
    if len(pile.seats) > 1:
        return pile.seats[-2]
    behind = [p for p in state.piles if p.space < state.sun]
    return behind[-1].seats[-1] if behind else None


def is_over(state: State) -> bool:
    return state.phase == "over"


def positions(state: State) -> list[int]:
    where = [0] * players(state)
    for pile in state.piles:
        for seat in pile.seats:
            where[seat] = pile.space
    for seat in state.under_sun:
        where[seat] = state.sun
    if state.winner is not None and state.outstanding:
        where[state.winner] = data.TEMPLE
    return where


def affected(state: State) -> int:
    return data.affected_for(players(state))


def can_follow(state: State, seat: int) -> bool:
    talker = speaker(state)
    if state.phase != "vote" or state.follower is not None or talker is None:
        return False
    if seat == talker or seat in state.votes or seat in state.followed:
        return False
    on_top = any(pile.seats[-1] == seat for pile in state.piles)
    return on_top and positions(state)[seat] < state.sun
