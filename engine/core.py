"""The shared vocabulary of every game: events, steps, outcomes, rule errors and the game object.

The engine is pure and synchronous: no Discord, no database, no asyncio, no global randomness.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, Protocol, Required, TypedDict, TypeVar, cast, get_args

from pydantic import BaseModel, TypeAdapter
from pydantic_core import CoreSchema, SchemaValidator, core_schema

from .chance import Chance

StateT = TypeVar("StateT", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)
ActionT = TypeVar("ActionT")


def copy_state(state: StateT) -> StateT:
    """A deep copy of a state: pydantic rebuilds it from its own fields (`_copier`), a third faster
    than validate(dump) and several times faster than `model_copy(deep=True)`."""
    copied: StateT = _copier(type(state)).validate_python(state)
    if copied is state:  # a pydantic that kept the instance after all: copy the slower way
        return type(state).model_validate(state.model_dump())
    return copied


@cache
def _copier(model: type[BaseModel]) -> SchemaValidator:
    """A validator of `model` that rebuilds every model it meets (pydantic's revalidate_instances
    "always", which only a class's own config can ask for) and deep-copies any untyped value.
    Built without pydantic-core's prebuilt validators: a finished class's own one would keep the
    instance. `_use_prebuilt` is pydantic-core's (2.13 on); tests/engine/test_pydantic_guard.py
    fails loudly on a version where it no longer works, hence the pinned range in pyproject.toml."""
    # `_rebuilding` swaps schema nodes only for pydantic-core's own kinds: still a CoreSchema
    schema = cast(CoreSchema, _rebuilding(TypeAdapter(model).core_schema))
    return SchemaValidator(schema, _use_prebuilt=False)


def _rebuilding(node: object) -> object:
    if isinstance(node, list):
        return [_rebuilding(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "any":
        return core_schema.no_info_plain_validator_function(copy.deepcopy)
    rebuilt = {key: _rebuilding(value) for key, value in node.items()}
    if rebuilt.get("type") == "model":
        rebuilt["revalidate_instances"] = "always"
    return rebuilt


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


class View(TypedDict, total=False):
    """The keys of a view (`Game.view`) that the bot reads without knowing the game; the rest of
    the dict is the game's own, read only by its presentation."""

    names: Required[list[str]]  # the seats' names in seat order (public); a solo game may name its automaton after them
    seat: int  # the viewer's own seat; absent from the public view


class ShuffleSecrets(Protocol[StateT]):
    """`Game.shuffle_secrets`: the position with what seat `keep` cannot see re-dealt at random."""

    def __call__(self, state: StateT, chance: Chance, /, keep: int | None = None) -> StateT: ...


# The defaults of a Game's optional pieces (its third block), given by `Game` itself: no other code
# fills them. Each is the piece of a game that declares nothing of its own.


def plain_reason(state: Any, seat: int) -> str | None:
    """`Game.waiting_reason` undeclared: the plain reason ("It is not your turn.") everywhere."""
    return None


def tells_nothing(state: Any) -> tuple[Event, ...]:
    """`Game.opening` undeclared: the set-up tells the table nothing."""
    return ()


def never_undoable(before: Any, after: Any, seat: int, action: Any, events: tuple[Event, ...]) -> bool:
    """`Game.undoable` undeclared: no move can be taken back."""
    return False


def no_refusal(before: Any, after: Any, seat: int, action: Any, events: tuple[Event, ...]) -> str | None:
    """`Game.undo_refusal` undeclared: the bot gives its own reason a move cannot be taken back."""
    return None


@dataclass(frozen=True)
class Game(Generic[StateT, OptionsT, ActionT]):
    """One game's rules, as plain functions over its pydantic State and actions, and what the bot
    needs to know of it beside the rules. Every game declares every required piece
    (docs/architecture.md, "Games are plug-ins"); the bot checks them when it registers the game
    with its presentation (bot/games.py). The engine knows nothing of how a game is shown.

    The first block is the engine contract. The second serves the bot: how an action reads, what a
    stand-in plays (`stand_in`, the easy level: quick rules of thumb, also for absent players), what
    a strong stand-in plays (`strong`: a search from the seat's own view only, engine/search.py; it
    must begin from `shuffle_secrets(state, chance, keep=seat)` and never read what the seat cannot
    see, so the same view and the same chance give the same move; deterministic given the chance,
    and within a bounded number of simulated moves), what the clock or a moderator's skip plays for
    a seat (`default_action`), the
    position with what `keep` cannot see re-dealt at random (`shuffle_secrets`: public output must
    not change under it, the leak tests rely on this) and what must hold in every position
    (`invariants`: problems found, empty when all is well).

    The third block is optional, and its defaults are given here and nowhere else (as
    boardgame.io's ProcessGameConfig fills a game's): a Game is always a complete configuration,
    every piece of it a value or a function to call, and code that uses a Game never supplies a
    default of its own.

    Generic in the game's own State, Options and action union, so that each game declares its
    functions over its own types; the registries (`engine.GAMES`, the bot's bot/games.py) hold
    games of different types.
    """

    key: str
    title: str
    min_seats: int
    max_seats: int
    Options: type[OptionsT]
    State: type[StateT]
    actions: TypeAdapter[ActionT]
    setup: Callable[[int, OptionsT | None, Chance], StateT]
    to_move: Callable[[StateT], frozenset[int]]
    legal_actions: Callable[[StateT, int], list[ActionT]]
    apply: Callable[[StateT, int, ActionT, Chance], Step]
    # A dict ready for JSON: the shared keys of `View` and the game's own (a TypedDict cannot
    # allow the latter, so the bot checks the shared ones when it registers the game)
    view: Callable[[StateT, int | None], dict[str, Any]]
    outcome: Callable[[StateT], Outcome | None]

    label: Callable[[ActionT], str]
    stand_in: Callable[[StateT, int, Chance], ActionT]
    strong: Callable[[StateT, int, Chance], ActionT]
    default_action: Callable[[StateT, int, Chance], ActionT]
    shuffle_secrets: ShuffleSecrets[StateT]
    invariants: Callable[[StateT], list[str]]

    # A new table's seconds per move when its host names no pace; None for no deadlines.
    pace: float | None = None
    # The kinds of the moves whose text the player writes (a question to vote on): the bot offers
    # each as a command, `/<key> <kind>`, its options the move's text fields, besides the form its
    # button opens. Each such model has a docstring (the command's description) and gives its text
    # fields a title and a max_length. Undeclared: none.
    written_moves: tuple[str, ...] = ()
    # Why a seat that is not to move cannot act now, where "It is not your turn." would mislead
    # (a secret vote already cast); None from it for the plain reason. Undeclared (`plain_reason`):
    # always the plain reason.
    waiting_reason: Callable[[StateT, int], str | None] = field(default=plain_reason)
    # What the set-up tells the table: where things stand at the start, publicly, and each seat's
    # dealt cards privately (`Event(text, to=seat)`). Derived from the set-up state, never stored.
    # Undeclared (`tells_nothing`): nothing.
    opening: Callable[[StateT], tuple[Event, ...]] = field(default=tells_nothing)
    # Whether a move may be taken back by the player who made it (bot/tables/takeback.py), as
    # boardgame.io's `undoable`: (state before, state after, seat, action, its events) -> True only
    # if the move showed nothing new to anyone (no card drawn, no secret vote or bid revealed). The
    # bot refuses any move that used chance whatever this says. Undeclared (`never_undoable`): no
    # move can be taken back.
    undoable: Callable[[StateT, StateT, int, ActionT, tuple[Event, ...]], bool] = field(default=never_undoable)
    # Why a move cannot be taken back, in the game's words, as the end of "That move cannot be taken
    # back: ..." (same arguments as `undoable`); None from it for the bot's own reason (chance, or
    # the game's rules). Undeclared (`no_refusal`): always the bot's own reason.
    undo_refusal: Callable[[StateT, StateT, int, ActionT, tuple[Event, ...]], str | None] = field(default=no_refusal)
    # Where seats play in sides (partners rated as one team): the key of the public view that lists
    # them, `{side: {"seats": [...]}}`. None: every seat is a side of its own (free-for-all, 1v1).
    sides: str | None = None

    @property
    def action_types(self) -> tuple[type[ActionT], ...]:
        """The game's action models (the members of its tagged union)."""
        # found by walking the union at run time: each member is a type of the union ActionT
        return cast(tuple[type[ActionT], ...], _union_members(self.actions))


# A game of whichever State, Options and actions: what the registries (`engine.GAMES`, the bot's
# `bot.games.games()`) hold and what code that serves every game sees; such code gives a game only the states and actions it made.
AnyGame = Game[Any, Any, Any]


def tells_only(seat: int, events: Iterable[Event]) -> bool:
    """No event of a move is private to another seat: it showed nobody else anything of their own
    (a part of most games' `undoable`)."""
    return all(event.to in (None, seat) for event in events)


@cache
def _union_members(adapter: TypeAdapter[Any]) -> tuple[type[BaseModel], ...]:
    # TypeAdapter keeps its type only as `_type` (checked by tests/engine/test_pydantic_guard.py)
    found: list[type[BaseModel]] = []
    pending: list[object] = [adapter._type]
    while pending:
        kind = pending.pop()
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            found.append(kind)
        else:
            pending.extend(get_args(kind))
    return tuple(found)
