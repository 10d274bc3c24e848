"""What a stand-in player does at an Ostrakon table, and how actions read on buttons."""

from __future__ import annotations

from ..chance import Chance
from . import data
from .actions import Action, Ask, Decide, Vote
from .position import players, speaker
from .rules import legal_actions, normalise
from .state import State


def canned_question(state: State) -> Ask:
    """The first canned question not yet asked; numbered once the list runs out."""
    for round_ in range(1, 100):
        for text, white, black in data.CANNED_QUESTIONS:
            question = text if round_ == 1 else f"{text} (take {round_})"
            if normalise(question) not in state.asked:
                return Ask(question=question, white=white, black=black)
    raise AssertionError("ran out of canned questions")


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    """A sensible move: ask a canned question, vote at random, and on special days corrupt or
    consult at random, then side with whatever the council showed."""
    if state.phase == "ask":
        return canned_question(state)
    if state.phase == "vote":
        return Vote(stone=chance.pick(["white", "black"]))
    if state.phase in ("corrupt", "consult"):
        return chance.pick(legal_actions(state, seat))
    mine = state.votes[seat]
    seen = state.votes if state.rule == "treachery" else state.shown
    against = sum(1 for s, v in seen.items() if s != seat and v != mine)
    return Decide(flip=against * 2 > len([s for s in seen if s != seat]))


def default_action(state: State, seat: int, chance: Chance) -> Action:
    """What the clock and a moderator's skip play for a seat: the stand-in's move."""
    return stand_in(state, seat, chance)


__all__ = ["stand_in", "default_action", "canned_question", "players", "speaker"]
