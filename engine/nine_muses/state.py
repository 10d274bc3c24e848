"""Nine Muses' options, state and actions (pydantic models)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Knowledge = Literal["craft", "science", "ethics"]
CardName = Literal["Aesop", "Agnodice", "Archimedes", "Chariton", "Heron", "Hypatia", "Hipparchia", "Telesilla"]
MuseName = Literal[
    "Calliope",
    "Clio",
    "Erato",
    "Euterpe",
    "Polyhymnia",
    "Melpomene",
    "Terpsichore",
    "Thalia",
    "Urania",
]
Phase = Literal["collect", "play", "over"]
# Whom to steal from, by knowledge: one seat a token, e.g. {"craft": [1, 1]} = two Craft from seat 1.
Steal = dict[Knowledge, list[int]]


# --- Options and state ---------------------------------------------------------------------------


class Options(BaseModel):
    """Nine Muses has no variants yet; table rules live in data.py."""


class Player(BaseModel):
    knowledge: dict[Knowledge, int]
    points: int = 0
    muses: list[MuseName] = []
    hand: list[CardName] = []  # secret


class State(BaseModel):
    options: Options = Options()
    names: list[str]
    pool: dict[Knowledge, int]
    players: list[Player]
    centre: list[MuseName]  # face-up Muses in the central area
    muse_deck: list[MuseName]  # face down, kept in card order: the next Muse is drawn by chance
    deck: list[CardName]  # face down, kept in card order: cards are drawn by chance (secret)
    discard: list[CardName] = []
    round: int = 1
    first: int  # who starts this round
    turn: int  # whose turn it is
    phase: Phase = "play"
    pending: list[MuseName] = []  # Muses whose gift the player to move has still to collect
    last: str = ""  # what the last card played did (public)
