"""Nine Muses' table data.

TABLE RULES: the rulebook prints the components, the set-up and the turn, but not the Aristotle
card's values, the Muses' conditions and abilities, or the options on the Philosopher cards. These
are our defaults (see docs/nine-muses.md); change them here, not in the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .state import CardName, Knowledge, MuseName, Player

KNOWLEDGE: tuple[Knowledge, ...] = ("craft", "science", "ethics")
KNOWLEDGE_NAME: dict[Knowledge, str] = {"craft": "Craft", "science": "Science", "ethics": "Ethics"}

# Victory points a token when demonstrating to Aristotle (ordered by scarcity: 14 / 8 / 4 tokens).
ARISTOTLE: dict[Knowledge, int] = {"craft": 1, "science": 2, "ethics": 4}

# The knowledge pool by player count (rulebook), before each player takes their starting Craft.
POOL: dict[int, dict[Knowledge, int]] = {
    2: {"craft": 10, "science": 6, "ethics": 2},
    3: {"craft": 12, "science": 8, "ethics": 3},
    4: {"craft": 14, "science": 8, "ethics": 4},
}
STARTING_CRAFT = 2
HAND_SIZE = 3
MUSES_AT_START = 5
# Table rule: the players are sages of old (the rulebook has none); short, for labels on buttons.
SAGES = ("Thales", "Sappho", "Zeno", "Solon")


@dataclass(frozen=True)
class Trade:
    """One transaction. `gain` comes from the pool first, the rest is stolen from players of the
    taker's choice; `steal` is taken straight from players; `points` are victory points."""

    text: str
    pay: dict[Knowledge, int] = field(default_factory=dict)
    gain: dict[Knowledge, int] = field(default_factory=dict)
    steal: dict[Knowledge, int] = field(default_factory=dict)
    points: int = 0
    only_without: Knowledge | None = None  # allowed only while the player holds none of this knowledge


# --- Philosopher cards: how many of each, and their two exchange options -------------------------

PHILOSOPHERS: dict[CardName, tuple[int, tuple[Trade, ...]]] = {
    "Aesop": (
        6,
        (
            Trade("gain 2 Craft", gain={"craft": 2}),
            Trade("1 Craft → 1 Science", pay={"craft": 1}, gain={"science": 1}),
        ),
    ),
    "Agnodice": (
        3,
        (
            Trade("1 Craft + 1 Science → 1 Ethics", pay={"craft": 1, "science": 1}, gain={"ethics": 1}),
            Trade("3 Craft → 1 Ethics", pay={"craft": 3}, gain={"ethics": 1}),
        ),
    ),
    "Archimedes": (
        5,
        (
            Trade("gain 1 Science", gain={"science": 1}),
            Trade("2 Craft → 1 Science + 1 Craft", pay={"craft": 2}, gain={"science": 1, "craft": 1}),
        ),
    ),
    "Chariton": (
        3,
        (
            Trade("steal 1 Craft", steal={"craft": 1}),
            Trade("1 Ethics → 2 Science", pay={"ethics": 1}, gain={"science": 2}),
        ),
    ),
    "Heron": (
        5,
        (
            Trade("gain 1 Craft + 1 Science", gain={"craft": 1, "science": 1}),
            Trade("1 Science → 3 Craft", pay={"science": 1}, gain={"craft": 3}),
        ),
    ),
    "Hypatia": (
        5,
        (
            Trade("2 Science → 1 Ethics", pay={"science": 2}, gain={"ethics": 1}),
            Trade("gain 1 Science", gain={"science": 1}),
        ),
    ),
    "Hipparchia": (
        3,
        (
            Trade("gain 1 Ethics (if you have none)", gain={"ethics": 1}, only_without="ethics"),
            Trade("3 Craft → 1 Ethics", pay={"craft": 3}, gain={"ethics": 1}),
        ),
    ),
    "Telesilla": (
        4,
        (
            Trade("steal 1 Science", steal={"science": 1}),
            Trade("gain 2 Craft", gain={"craft": 2}),
        ),
    ),
}
CARD_NAMES: tuple[CardName, ...] = tuple(PHILOSOPHERS)


def full_deck() -> list[CardName]:
    return [name for name, (count, _) in PHILOSOPHERS.items() for _ in range(count)]


# --- Muses: the condition to call her, and her gift at the start of her owner's turn ------------
# `meets(me, others)` reads the player and the other players.


@dataclass(frozen=True)
class Muse:
    name: MuseName
    condition: str
    meets: Callable[[Player, list[Player]], bool]
    ability: str
    gift: Trade
    points_per_ethics: int = 0  # Erato: 1 VP per Ethics held, at most this many


MUSES: dict[MuseName, Muse] = {
    muse.name: muse
    for muse in (
        Muse(
            "Calliope",
            "at least 1 of each Knowledge",
            lambda me, others: all(me.knowledge[k] >= 1 for k in KNOWLEDGE),
            "+2 VP",
            Trade("+2 VP", points=2),
        ),
        Muse(
            "Clio",
            "at least 3 Science",
            lambda me, others: me.knowledge["science"] >= 3,
            "+1 Science",
            Trade("+1 Science", gain={"science": 1}),
        ),
        Muse(
            "Erato",
            "at least 2 Ethics",
            lambda me, others: me.knowledge["ethics"] >= 2,
            "+1 VP per Ethics you hold (max 2)",
            Trade("+1 VP per Ethics (max 2)"),
            points_per_ethics=2,
        ),
        Muse(
            "Euterpe",
            "at least 5 Craft",
            lambda me, others: me.knowledge["craft"] >= 5,
            "+1 Craft",
            Trade("+1 Craft", gain={"craft": 1}),
        ),
        Muse(
            "Polyhymnia",
            "no Craft at all",
            lambda me, others: me.knowledge["craft"] == 0,
            "+1 VP",
            Trade("+1 VP", points=1),
        ),
        Muse(
            "Melpomene",
            "strictly the fewest VP",
            lambda me, others: all(me.points < other.points for other in others),
            "steal 1 Craft from a player",
            Trade("steal 1 Craft", steal={"craft": 1}),
        ),
        Muse(
            "Terpsichore",
            "at least 2 other Muses",
            lambda me, others: len([m for m in me.muses if m != "Terpsichore"]) >= 2,
            "+1 VP",
            Trade("+1 VP", points=1),
        ),
        Muse(
            "Thalia",
            "at least 4 Craft and 1 Science",
            lambda me, others: me.knowledge["craft"] >= 4 and me.knowledge["science"] >= 1,
            "+1 Craft and +1 VP",
            Trade("+1 Craft, +1 VP", gain={"craft": 1}, points=1),
        ),
        Muse(
            "Urania",
            "at least 2 Science and 1 Ethics",
            lambda me, others: me.knowledge["science"] >= 2 and me.knowledge["ethics"] >= 1,
            "+1 Science",
            Trade("+1 Science", gain={"science": 1}),
        ),
    )
}
MUSE_NAMES: tuple[MuseName, ...] = tuple(MUSES)  # also the order in which an owner collects their Muses' gifts
