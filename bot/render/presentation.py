"""The presentation contract: how one game is shown. Each game's render module declares one
`Presentation` (its `Game.presentation` says where), and the bot checks it when it registers the
game (bot/games.py), so a missing piece stops the start, not a player's first press.

Every field is declared by every game; the optional ones are declared as None, which means the
generic behaviour said beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import Callable

from pydantic import BaseModel

RULES = resources.files("bot") / "rules"  # docs/, shipped with the package (bot/rules links to it)


def rules_page(name: str) -> Traversable:
    """A game page of docs/, as shipped with the package."""
    return RULES / name


@dataclass(frozen=True)
class Presentation:
    # The view (a seat's, or the public one) as a picture: a PIL image.
    draw: Callable[[dict], object]
    # The same view as short Discord markdown (under 1,800 characters).
    text: Callable[[dict], str]
    # The game's /rules page, in Markdown.
    rules: Traversable
    # A seat's view: its secrets in the third person, for the public end-of-game summary (its own
    # text says "Your hand"). None: the lines of the seat's text the public text lacks.
    reveal: Callable[[dict], list[str]] | None
    # How a move reads on its button where the view says more than the engine's `label` (the
    # answer a stone stands for); None, or a None answer: the engine's label.
    label: Callable[[dict, BaseModel], str | None] | None
    # The menu group of a move in a long list; None, or a None answer: the move's kind.
    group: Callable[[dict, BaseModel], str | None] | None
    # What the picture shows that matters, from the public view (not the question being voted
    # on): a board gets a new picture only when it changes. None: the whole public view.
    position: Callable[[dict], dict] | None
    # Whether a seat's own view is worth a picture of its own, sent with its moves (My hand, a DM
    # prompt): a secret arrangement the public picture cannot show. None: never.
    hand_picture: Callable[[dict], bool] | None
