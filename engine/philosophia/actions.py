"""Philosophia's actions (one model per kind) and how each reads on a Discord select.

Targets are "who" indices (see state.py). `name` fields only say how a target reads on a button:
the rules ignore them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from . import data


class Move(BaseModel):
    kind: Literal["move"] = "move"
    to: str


class Bonus(BaseModel):
    """At a location token: keep the token, or take the benefit on its back."""

    kind: Literal["bonus"] = "bonus"
    keep: bool


class Tutor(BaseModel):
    kind: Literal["tutor"] = "tutor"


class Follow(BaseModel):
    kind: Literal["follow"] = "follow"


class HireBuilder(BaseModel):
    kind: Literal["hire_builder"] = "hire_builder"


class BuildSchool(BaseModel):
    kind: Literal["build_school"] = "build_school"


class HireSophist(BaseModel):
    kind: Literal["hire_sophist"] = "hire_sophist"


class UseSophist(BaseModel):
    kind: Literal["use_sophist"] = "use_sophist"
    target: int
    name: str = ""


class Study(BaseModel):
    """Pay coins for a Study token."""

    kind: Literal["study"] = "study"


class Unlock(BaseModel):
    """Spend a Study token to unlock one of your Wisdom cards."""

    kind: Literal["unlock"] = "unlock"
    card: str


class Consult(BaseModel):
    """Collect the top card of this Oracle's deck."""

    kind: Literal["consult"] = "consult"


class Labyrinth(BaseModel):
    kind: Literal["labyrinth"] = "labyrinth"
    criterion: str


class Observe(BaseModel):
    kind: Literal["observe"] = "observe"
    sophistry: int = Field(ge=0, le=3)
    syllogism: int = Field(ge=0, le=3)


class Progress(BaseModel):
    kind: Literal["progress"] = "progress"


class Offering(BaseModel):
    kind: Literal["offering"] = "offering"


class Challenge(BaseModel):
    kind: Literal["challenge"] = "challenge"
    target: int
    name: str = ""


class PlayOracle(BaseModel):
    kind: Literal["play_oracle"] = "play_oracle"
    card: str
    target: int | None = None
    choice: str | None = None  # a location, a token colour or a Wisdom card
    name: str = ""


class Rest(BaseModel):
    kind: Literal["rest"] = "rest"


class Veto(BaseModel):
    kind: Literal["veto"] = "veto"
    cancel: bool


class Bid(BaseModel):
    kind: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=data.MAX_BID)


class Argue(BaseModel):
    kind: Literal["argue"] = "argue"
    card: str
    claim: Literal["wins", "ties", "loses"] | None = None  # True Philosopher variant only
    example: str | None = Field(default=None, max_length=200)  # ... with examples: written by the player


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


Action = Annotated[
    Union[
        Move,
        Bonus,
        Tutor,
        Follow,
        HireBuilder,
        BuildSchool,
        HireSophist,
        UseSophist,
        Study,
        Unlock,
        Consult,
        Labyrinth,
        Observe,
        Progress,
        Offering,
        Challenge,
        PlayOracle,
        Rest,
        Veto,
        Bid,
        Argue,
        Pass,
    ],
    Field(discriminator="kind"),
]
actions = TypeAdapter(Action)

# The actions of a turn's "act" phase, by where they are taken (rules.apply hands each group on).
StandardAction = (
    Tutor | Follow | HireBuilder | BuildSchool | HireSophist | UseSophist | Study | Unlock | Consult | Labyrinth
)
AcropolisAction = Observe | Progress | Offering | Challenge

FIXED_LABELS = {
    "tutor": "Tutor: earn coins",
    "follow": "Create a following here",
    "hire_builder": "Hire a Builder",
    "build_school": "Build a school here",
    "hire_sophist": "Hire a Sophist",
    "study": "Study: buy a Study token",
    "consult": "Collect an Oracle card",
    "progress": "Progress the timeline",
    "offering": "Give an offering to Athena (auction)",
    "rest": "End the turn without an action",
    "pass": "Pass",
}


def _choice_name(choice: str) -> str:
    if choice in data.LOCATIONS:
        return data.LOCATIONS[choice].name
    return choice


def label(action: Action) -> str:
    if action.kind in FIXED_LABELS:
        return FIXED_LABELS[action.kind]
    if isinstance(action, Move):
        place = data.LOCATIONS.get(action.to)
        return f"Go to {place.name}" if place else f"Go to {action.to}"
    if isinstance(action, Bonus):
        return "Keep the location token" if action.keep else "Take the token's benefit"
    if isinstance(action, UseSophist):
        return f"Use a Sophist on {action.name or f'player {action.target + 1}'}'s follower"
    if isinstance(action, Unlock):
        return f"Study: unlock {action.card}"
    if isinstance(action, Labyrinth):
        text = data.CRITERIA.get(action.criterion) or action.criterion
        return f"Labyrinth token: {text}"[:80]
    if isinstance(action, Observe):
        parts = [f"{n} {deck}" for n, deck in ((action.sophistry, "Sophistry"), (action.syllogism, "Syllogism")) if n]
        return f"Observe: draw {' + '.join(parts) or 'nothing'}"
    if isinstance(action, Challenge):
        return f"Challenge {action.name or f'player {action.target + 1}'} to a debate"
    if isinstance(action, PlayOracle):
        text = f"Play {action.card}"
        if action.target is not None:
            text += f" on {action.name or f'player {action.target + 1}'}"
        if action.choice:
            text += f": {_choice_name(action.choice)}"
        return text[:80]
    if isinstance(action, Veto):
        return "Cancel it with my Veto card" if action.cancel else "Let it be"
    if isinstance(action, Bid):
        return f"Offer {action.amount} to Athena" if action.amount else "Offer nothing"
    if isinstance(action, Argue):
        return f"{action.card}: I claim it {action.claim}" if action.claim else action.card
    return action.kind


def same(action: Action, other: Action) -> bool:
    """Two actions are the same move whatever their buttons say. (Every action's fields are plain
    values, so comparing them is comparing `model_dump(exclude={"name"})`, without making dicts.)"""
    return type(action) is type(other) and all(
        value == other.__dict__[field] for field, value in action.__dict__.items() if field != "name"
    )


def among(action: Action, options: Sequence[Action]) -> bool:
    return any(same(action, option) for option in options)
