"""Ostrakon's actions: one model a move, tagged by its kind, and how each reads on a button."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from .state import Stone


class Ask(BaseModel):
    """Ask the council your question (speaker only)"""

    kind: Literal["ask"] = "ask"
    question: str = Field(max_length=300, title="Your question (two possible answers)")
    white: str = Field(max_length=80, title="The answer for the white stone")
    black: str = Field(max_length=80, title="The answer for the black stone")


class Follow(BaseModel):
    kind: Literal["follow"] = "follow"


class Vote(BaseModel):
    kind: Literal["vote"] = "vote"
    stone: Stone


class Corrupt(BaseModel):
    kind: Literal["corrupt"] = "corrupt"
    seats: list[int]


class Consult(BaseModel):
    kind: Literal["consult"] = "consult"
    seats: list[int]


class Decide(BaseModel):
    kind: Literal["decide"] = "decide"
    flip: bool


Action = Annotated[Union[Ask, Follow, Vote, Corrupt, Consult, Decide], Field(discriminator="kind")]
actions = TypeAdapter(Action)


def label(action: Action) -> str:
    if isinstance(action, Vote):
        return f"{'⚪' if action.stone == 'white' else '⚫'} {action.stone} stone"
    if isinstance(action, (Corrupt, Consult)):
        return f"{action.kind.title()} seats {', '.join(str(s + 1) for s in action.seats)}"
    if isinstance(action, Decide):
        return "Turn my stone over" if action.flip else "Keep my stone"
    return {"ask": "Ask the question", "follow": "Follow the speaker"}.get(action.kind, action.kind)
