"""Nine Muses' actions: one Philosopher card and what to do with it, or a Muse's gift; and how each
reads on a button."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from . import data
from .data import KNOWLEDGE_NAME
from .state import CardName, Knowledge, MuseName, Steal


class Exchange(BaseModel):
    kind: Literal["exchange"] = "exchange"
    card: CardName
    option: int = Field(ge=0, le=9)  # index of the option printed on the card
    steal: Steal = {}


class Call(BaseModel):
    kind: Literal["call"] = "call"
    card: CardName
    muse: MuseName


class Demonstrate(BaseModel):
    kind: Literal["demonstrate"] = "demonstrate"
    card: CardName
    knowledge: Knowledge
    amount: int = Field(ge=1, le=99)


class Toil(BaseModel):
    kind: Literal["toil"] = "toil"
    card: CardName
    steal: Steal = {}


class Collect(BaseModel):
    """Collect a Muse's gift when it means stealing and there is a choice of whom from."""

    kind: Literal["collect"] = "collect"
    muse: MuseName
    steal: Steal = {}


Action = Annotated[Union[Exchange, Call, Demonstrate, Toil, Collect], Field(discriminator="kind")]
actions = TypeAdapter(Action)


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


def _who(seats: list[int]) -> str:
    """Seats by their sages' names: `Sappho ×2, Zeno`."""
    return ", ".join(data.SAGES[s] + (f" ×{n}" if n > 1 else "") for s, n in sorted(Counter(seats).items()))


def _thefts(steal: Steal) -> str:
    parts = [f"{KNOWLEDGE_NAME[k]} from {_who(seats)}" for k, seats in steal.items()]
    return " · steal " + " & ".join(parts) if parts else ""
