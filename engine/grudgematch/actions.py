"""Philosophy Grudgematch's actions, one model per choice, and how each reads on a Discord select."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from . import data, field
from .state import show

# Only real cards, spaces and philosophers parse: anything else is refused as an unknown move.
Direction = field.Direction
Space = Annotated[str, Field(pattern=r"^[A-K]([1-9]|1[0-7])$")]  # A1 .. K17
Card = Annotated[str, Field(pattern=r"^(A|[2-9]|10|J|Q|K)[CHSD]$")]  # rank, then suit letter
if TYPE_CHECKING:
    # A type checker cannot read a Literal built from the teams' data: to it, a name is a string
    # (as in the state); pydantic still refuses any other name.
    Name = str
else:
    Name = Literal[data.TEAMS[data.GERMANS] + data.TEAMS[data.FRENCH]]


class LineUp(BaseModel):
    kind: Literal["lineup"] = "lineup"
    lineup: Annotated[str, Field(max_length=40)]


class PlaceBall(BaseModel):
    """Set the ball down next to the philosopher standing on it."""

    kind: Literal["place"] = "place"
    to: Space


class Run(BaseModel):
    """Move one philosopher to a space he can reach with a die still unused (the smallest that
    reaches is used, leaving the larger one for the next runner)."""

    kind: Literal["run"] = "run"
    who: Name
    to: Space


class StopRunning(BaseModel):
    kind: Literal["stop_running"] = "stop_running"


class KickBall(BaseModel):
    """`who` kicks with a card of his suit, in one of the eight directions."""

    kind: Literal["kick"] = "kick"
    who: Name
    card: Card
    direction: Direction
    foul: bool = False


class StopKicking(BaseModel):
    kind: Literal["stop_kicking"] = "stop_kicking"


class Tackle(BaseModel):
    kind: Literal["tackle"] = "tackle"
    who: Name
    card: Card
    foul: bool = False


class NoTackle(BaseModel):
    kind: Literal["no_tackle"] = "no_tackle"


class Block(BaseModel):
    kind: Literal["block"] = "block"
    who: Name
    card: Card


class NoBlock(BaseModel):
    kind: Literal["no_block"] = "no_block"


class BonusRun(BaseModel):
    """Scoring bonus: roll one die and move one philosopher up to that many spaces."""

    kind: Literal["bonus_run"] = "bonus_run"


class BonusSwap(BaseModel):
    """Scoring bonus: discard one card and draw a replacement."""

    kind: Literal["bonus_swap"] = "bonus_swap"
    card: Card


class BonusRelease(BaseModel):
    """Scoring bonus: release one philosopher from the penalty box."""

    kind: Literal["bonus_release"] = "bonus_release"
    who: Name


class BonusPass(BaseModel):
    kind: Literal["bonus_pass"] = "bonus_pass"


Action = Annotated[
    Union[
        LineUp,
        PlaceBall,
        Run,
        StopRunning,
        KickBall,
        StopKicking,
        Tackle,
        NoTackle,
        Block,
        NoBlock,
        BonusRun,
        BonusSwap,
        BonusRelease,
        BonusPass,
    ],
    Field(discriminator="kind"),
]
actions = TypeAdapter(Action)


def label(action: Action) -> str:
    """How an action reads on a select option or a button (short, unique among one seat's choices
    of one kind). Kicks read "8♣ Nietzsche ↓ S"; runs "Hegel → F7"."""
    if action.kind == "lineup":
        return f"Line-up: {action.lineup}"
    if action.kind == "place":
        return f"Set the ball on {action.to}"
    if action.kind == "run":
        return f"{action.who} → {action.to}"
    if action.kind == "kick":
        foul = ", with a foul" if action.foul else ""
        return f"{show(action.card)} {action.who} {field.ARROWS[action.direction]} {action.direction}{foul}"
    if action.kind == "tackle":
        return f"Tackle with {show(action.card)} ({action.who}){', with a foul' if action.foul else ''}"
    if action.kind == "block":
        return f"Block with {show(action.card)} ({action.who})"
    if action.kind == "bonus_swap":
        return f"Swap {show(action.card)} for a new card"
    if action.kind == "bonus_release":
        return f"Release {action.who} from the penalty box"
    return {
        "stop_running": "Done running",
        "stop_kicking": "Done kicking",
        "no_tackle": "No tackle",
        "no_block": "No block",
        "bonus_run": "Roll a die and run",
        "bonus_pass": "Pass",
    }[action.kind]
