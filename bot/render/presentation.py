"""The presentation contract: how one game is shown. Each game's render module declares one
`Presentation` (bot/games.py pairs it with its game), and the bot checks it when it registers the
game (bot/games.py), so a missing piece stops the start, not a player's first press.

Every field is declared by every game; the optional ones are declared as None, which means the
generic behaviour said beside them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel

if TYPE_CHECKING:
    from PIL import Image

# A game's view (engine.View and the game's own keys), as its presentation reads it
ViewData = Mapping[str, Any]
# One of the game's own action models, read by its fields: the bot, which holds any game's, cannot
# name their types
GameAction = Any
RULES = resources.files("bot") / "rules"  # docs/, shipped with the package (bot/rules links to it)


def rules_page(name: str) -> Traversable:
    """A game page of docs/, as shipped with the package."""
    return RULES / name


@dataclass(frozen=True)
class Presentation:
    # The view (a seat's, or the public one) as a picture: a PIL image.
    draw: Callable[[ViewData], Image.Image]
    # The same view as short Discord markdown (under 1,800 characters).
    text: Callable[[ViewData], str]
    # The game's /rules page, in Markdown.
    rules: Traversable
    # A seat's view: its secrets in the third person, for the public end-of-game summary (its own
    # text says "Your hand"). None: the lines of the seat's text the public text lacks.
    reveal: Callable[[ViewData], list[str]] | None
    # How a move reads on its button where the view says more than the engine's `label` (the
    # answer a stone stands for); None, or a None answer: the engine's label.
    label: Callable[[ViewData, BaseModel], str | None] | None
    # The menu group of a move in a long list; None, or a None answer: the move's kind.
    group: Callable[[ViewData, BaseModel], str | None] | None
    # What the picture shows that matters, from the public view (not the question being voted
    # on): a board gets a new picture only when it changes. None: the whole public view.
    position: Callable[[ViewData], dict[str, Any]] | None
    # Whether a seat's own view is worth a picture of its own, sent with its moves (My hand, a DM
    # prompt): a secret arrangement the public picture cannot show. None: never.
    hand_picture: Callable[[ViewData], bool] | None
    # From how many moves the menu offers the moves' groups first, then the chosen group's moves,
    # though they would fit one select: for moves that differ in one detail only (the same action
    # with each card in hand: the action first, then the card), or a long list with natural groups
    # (the kind of place, then the place). None: only past 25 moves, when one select is too few.
    # Declared last, with a default, so that a game which never needs it may leave it out.
    group_from: int | None = None
