"""Ostrakon's options, state and actions: the data every rule reads and writes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

Stone = Literal["white", "black"]
Rule = Literal["regular", "corruption", "oracle", "treachery"]
Phase = Literal["ask", "vote", "corrupt", "consult", "decide", "over"]
STONE_ICON = {"white": "⚪", "black": "⚫"}
Subject = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]  # a card's title


# --- Options and state ---------------------------------------------------------------------------


class Options(BaseModel):
    special_days: bool = True
    corruption_spaces: tuple[int, ...] = (4, 10)
    oracle_spaces: tuple[int, ...] = (6, 13)
    treachery_spaces: tuple[int, ...] = (8, 15)
    extra_subjects: list[Subject] = Field(default_factory=list, max_length=64)


class Pile(BaseModel):
    space: int
    seats: list[int]  # bottom to top


class Question(BaseModel):
    text: str
    white: str
    black: str


class Reveal(BaseModel):
    """The last question's result, public once the stones are shown."""

    speaker: int
    question: Question
    votes: dict[int, Stone]
    advanced: int  # spaces; 0 means the speaker went under the Sun
    follower: int | None = None
    shown: dict[int, Stone] = {}  # stones shown before the reveal; a corrupted one's own vote


class State(BaseModel):
    options: Options
    names: list[str]
    days: int
    day: int = 1
    rule: Rule = "regular"
    sun: int
    piles: list[Pile]  # by space, ascending; empty piles are dropped
    under_sun: list[int] = []  # bottom to top
    followed: list[int] = []
    deck: list[str]
    discard: list[str] = []
    subject: str
    next_subject: str
    asked: list[str] = []  # normalised questions already asked this game
    phase: Phase = "ask"
    question: Question | None = None
    votes: dict[int, Stone] = {}
    follower: int | None = None
    shown: dict[int, Stone] = {}  # stones shown before the reveal (Corruption and Oracle days)
    last: Reveal | None = None
    winner: int | None = None
    outstanding: bool = False
