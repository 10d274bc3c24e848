"""The shared vocabulary of every game: events, steps, outcomes, rule errors and the game object.

The engine is pure and synchronous: no Discord, no database, no asyncio, no global randomness.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, get_args

from pydantic import BaseModel, TypeAdapter


def copy_state(state: BaseModel) -> BaseModel:
    """A deep copy of a state, several times faster than `model_copy(deep=True)`."""
    return type(state).model_validate(state.model_dump())


class RuleError(Exception):
    """An action was refused. The message is written for the player who tried it."""

    @property
    def reason(self) -> str:
        return str(self)


class NotYourTurn(RuleError):
    """The seat may not act now."""


class IllegalAction(RuleError):
    """The action is well formed but the rules forbid it now."""


class UnknownAction(RuleError):
    """The action is not one this game knows, or its fields are malformed."""


class GameOver(RuleError):
    """The game has ended; nothing more can be played."""


@dataclass(frozen=True)
class Event:
    """Something to announce. `to=None` is public; `to=seat` is private to that seat."""

    text: str
    to: int | None = None


@dataclass(frozen=True)
class Step:
    """The result of one action: the next state and what to announce."""

    state: BaseModel
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """Who won (empty for nobody) and why."""

    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class Game:
    """One game's rules, as plain functions over its pydantic State and actions.

    The first block is the engine contract (docs/architecture.md). `label`, `stand_in` and `default_action` serve
    the bot: how an action reads on a button, what a stand-in player plays, and what the clock
    plays for a seat that missed its deadline.
    """

    key: str
    title: str
    min_seats: int
    max_seats: int
    Options: type[BaseModel]
    State: type[BaseModel]
    actions: TypeAdapter
    setup: Callable[..., BaseModel]
    to_move: Callable[[BaseModel], frozenset[int]]
    legal_actions: Callable[[BaseModel, int], list]
    apply: Callable[..., Step]
    view: Callable[[BaseModel, int | None], dict]
    outcome: Callable[[BaseModel], Outcome | None]
    label: Callable[[Any], str] = field(default=lambda action: getattr(action, "kind", str(action)))
    stand_in: Callable[..., Any] | None = None
    default_action: Callable[..., Any] | None = None
    # The same position with everything hidden from `keep` re-dealt at random: public output must
    # not change under it (the leak tests rely on this).
    shuffle_secrets: Callable[..., BaseModel] | None = None
    # Why a seat that is not to move cannot act now, where "It is not your turn." would mislead
    # (a secret vote already cast); None for the plain reason.
    waiting_reason: Callable[[BaseModel, int], str | None] | None = None
    # What the set-up tells the table: where things stand at the start, publicly, and each seat's
    # dealt cards privately (`Event(text, to=seat)`). Derived from the set-up state, never stored.
    opening: Callable[[BaseModel], tuple[Event, ...]] = field(default=lambda state: ())

    @property
    def action_types(self) -> tuple[type, ...]:
        """The game's action models (the members of its tagged union)."""
        return _union_members(self.actions)


@cache
def _union_members(adapter: TypeAdapter) -> tuple[type, ...]:
    found, pending = [], [adapter._type]
    while pending:
        kind = pending.pop()
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            found.append(kind)
        else:
            pending.extend(get_args(kind))
    return tuple(found)
