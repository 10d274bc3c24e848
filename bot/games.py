"""The games this bot serves: each game's rules (an engine `Game`) paired with how it is shown
(its `Presentation`, bot/render/), checked against the whole contract when it is registered
(docs/internals.md, "Games are plug-ins"), so a missing piece stops the start with one line that
names it instead of failing at a player's first press.

`INSTALLED` pairs each of the engine's games (engine.GAMES) with its presentation, one line a game,
by plain imports: the engine knows nothing of the bot, so the pairing is the bot's. Code of the
bot that looks a game up by its key reads this registry (`games()`, `plugin()`), never engine.GAMES,
which holds the engine's games only.

A test and development hook: the environment variable PHILOSOPHERS_TABLE_EXTRA_GAMES (EXTRA_GAMES)
names more modules (comma separated), each with a `GAME` and its `PRESENTATION`, registered the
same way at start-up, in the bot's process and in its picture process alike. The tests register
their toy game with it (tests/plugins/); production leaves it unset.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import dataclass

from pydantic import BaseModel
from pydantic.fields import FieldInfo

import bot.render.epireia
import bot.render.grudgematch
import bot.render.nine_muses
import bot.render.ostrakon
import bot.render.philosophia
import engine.epireia
import engine.grudgematch
import engine.nine_muses
import engine.ostrakon
import engine.philosophia
from bot.render.presentation import Presentation, ViewData
from engine import GAMES as ENGINE_GAMES
from engine import AnyGame, Chance, Game

# Each of the engine's games with its presentation, in the order the bot offers them.
INSTALLED: tuple[tuple[AnyGame, Presentation], ...] = (
    (engine.ostrakon.GAME, bot.render.ostrakon.PRESENTATION),
    (engine.nine_muses.GAME, bot.render.nine_muses.PRESENTATION),
    (engine.epireia.GAME, bot.render.epireia.PRESENTATION),
    (engine.grudgematch.GAME, bot.render.grudgematch.PRESENTATION),
    (engine.philosophia.GAME, bot.render.philosophia.PRESENTATION),
)

EXTRA_GAMES = "PHILOSOPHERS_TABLE_EXTRA_GAMES"
MOST_GAMES = 25  # a slash command's choices (/table new, /rules)
COMMAND_NAME = re.compile(r"[a-z0-9-]{1,32}")  # a key is a choice's value and a command's name
DESCRIPTION_LIMIT = 100  # a slash command's or an option's description
ENGINE_PIECES = (
    "setup",
    "to_move",
    "legal_actions",
    "apply",
    "view",
    "outcome",
    "label",
    "stand_in",
    "strong",
    "default_action",
    "shuffle_secrets",
    "invariants",
    "waiting_reason",
    "opening",
    "undoable",
    "undo_refusal",
)


class GameContractError(Exception):
    """A game that cannot be registered; the message names the game and every missing piece."""


@dataclass(frozen=True)
class Plugin:
    """A registered game: its rules and how it is shown."""

    game: AnyGame
    presentation: Presentation

    def label(self, view: ViewData, action: BaseModel) -> str:
        """How a move reads, wherever the bot names it (its button, the clock's message)."""
        hook = self.presentation.label
        return (hook(view, action) if hook else None) or self.game.label(action)

    def group(self, view: ViewData, action: BaseModel) -> str:
        """The menu group of a move in a long list."""
        hook = self.presentation.group
        return (hook(view, action) if hook else None) or str(getattr(action, "kind", "move")).replace(
            "_", " "
        ).capitalize()

    def hand_picture(self, view: ViewData) -> bool:
        """Whether a seat's own view goes with its moves as a picture (its secret arrangement)."""
        hook = self.presentation.hand_picture
        return bool(hook and hook(view))


PLUGINS: dict[str, Plugin] = {}
GAMES: dict[str, AnyGame] = {}  # the registered games' rules by key, as PLUGINS pairs them


def plugin(key: str) -> Plugin:
    """The registered game under `key` (KeyError if there is none)."""
    return plugins()[key]


def plugins() -> dict[str, Plugin]:
    """Every registered game, by key, in registration order."""
    if not PLUGINS:
        load()
    return PLUGINS


def games() -> dict[str, AnyGame]:
    """Every registered game's rules, by key, in registration order: the engine's games and the
    extra ones (EXTRA_GAMES). Where the bot looks a game up by its key."""
    plugins()
    return GAMES


def load() -> dict[str, Plugin]:
    """Register the installed games and the extra ones of EXTRA_GAMES (again: a no-op)."""
    unpaired = sorted(ENGINE_GAMES.keys() - {game.key for game, _ in INSTALLED})
    if unpaired:
        raise GameContractError(f"the engine's games {unpaired} have no presentation in bot/games.py's INSTALLED")
    for game, presentation in INSTALLED:
        register(game, presentation)
    for name in filter(None, (part.strip() for part in os.environ.get(EXTRA_GAMES, "").split(","))):
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            raise GameContractError(f"{EXTRA_GAMES}: cannot import {name} ({error})") from None
        if not isinstance(getattr(module, "GAME", None), Game):
            raise GameContractError(f"{EXTRA_GAMES}: {name} has no GAME (an engine Game)")
        if not hasattr(module, "PRESENTATION"):
            raise GameContractError(f"{EXTRA_GAMES}: {name} has no PRESENTATION (how its GAME is shown)")
        register(module.GAME, module.PRESENTATION)
    return PLUGINS


def register(game: AnyGame, presentation: Presentation) -> Plugin:
    """Check the game and its presentation, and serve them: they join PLUGINS, where the bot looks
    games up (`games()`, `plugin()`)."""
    known = PLUGINS.get(game.key)
    if known is not None:
        if known.game is not game or known.presentation is not presentation:
            raise GameContractError(f"two games have the key {game.key!r}")
        return known
    problems = engine_problems(game) + presentation_problems(presentation)
    if len(PLUGINS) >= MOST_GAMES:
        problems.append(f"the bot serves {MOST_GAMES} games at most (a slash command's choices)")
    if problems:
        raise GameContractError(f"The game {game.key!r} cannot be registered: {'; '.join(problems)}.")
    PLUGINS[game.key] = Plugin(game, presentation)
    GAMES[game.key] = game
    return PLUGINS[game.key]


def engine_problems(game: AnyGame) -> list[str]:
    problems = []
    if not COMMAND_NAME.fullmatch(game.key):
        problems.append("its key must be 1-32 lowercase letters, digits or dashes")
    if not 0 < len(game.title) <= DESCRIPTION_LIMIT:
        problems.append(f"its title must be 1-{DESCRIPTION_LIMIT} characters")
    if not 1 <= game.min_seats <= game.max_seats:
        problems.append("its seats must run from min_seats >= 1 to max_seats")
    problems += [f"{name} is not callable" for name in ENGINE_PIECES if not callable(getattr(game, name, None))]
    if game.pace is not None and not game.pace > 0:
        problems.append("its pace must be None or a positive number of seconds")
    kinds = {}
    for model in game.action_types:
        kind = model.model_fields.get("kind")
        if kind is None or not isinstance(kind.default, str):
            problems.append(f"the action {model.__name__} has no `kind` default")
        else:
            kinds[kind.default] = model
    for kind in game.written_moves:
        problems += written_move_problems(kind, kinds.get(kind))
    if not problems:
        problems += view_problems(game)
    return problems


def written_move_problems(kind: str, model: type[BaseModel] | None) -> list[str]:
    """A written move becomes a slash command: it needs a description and bounded, titled texts."""
    if model is None:
        return [f"the written move {kind!r} is none of its actions"]
    problems = []
    if not 0 < len((model.__doc__ or "").strip()) <= DESCRIPTION_LIMIT:
        problems.append(f"the written move {kind!r} needs a docstring of 1-{DESCRIPTION_LIMIT} characters")
    fields = written_fields(model)
    if not fields:
        problems.append(f"the written move {kind!r} has no text to write")
    for name, info in fields.items():
        if not info.title or len(info.title) > DESCRIPTION_LIMIT or max_length(info) is None:
            problems.append(f"the text {name!r} of the written move {kind!r} needs a title and a max_length")
    return problems


def written_fields(model: type[BaseModel]) -> dict[str, FieldInfo]:
    """The text fields a player must write for a move (its required strings)."""
    return {name: info for name, info in model.model_fields.items() if info.annotation is str and info.is_required()}


def max_length(info: FieldInfo) -> int | None:
    return next((m.max_length for m in info.metadata if getattr(m, "max_length", None)), None)


def view_problems(game: AnyGame) -> list[str]:
    """The view's shared keys (engine.View), on a first position: the public `names`, a name for
    each seat, each seat's own `seat`, and the sides where the game declares them."""
    seats = game.min_seats
    try:
        state = game.setup(seats, game.Options(), Chance.seeded("contract"))
        public, own = game.view(state, None), [game.view(state, seat) for seat in range(seats)]
    except Exception as error:  # the set-up itself is broken: say so instead of a traceback
        return [f"a first set-up with {seats} seats fails ({type(error).__name__}: {error})"]
    names = public.get("names")
    problems = []
    if not (isinstance(names, list) and len(names) >= seats and all(isinstance(n, str) for n in names)):
        problems.append("its public view needs `names`, a name for each seat")
    if "seat" in public or any(view.get("seat") != seat for seat, view in enumerate(own)):
        problems.append("each seat's view needs its own `seat`, and the public view none")
    if game.sides is not None and not isinstance(public.get(game.sides), dict):
        problems.append(f"its public view needs `{game.sides}`, the sides its `sides` names")
    return problems


def presentation_problems(presentation: object) -> list[str]:
    if not isinstance(presentation, Presentation):
        return [f"its presentation {presentation!r:.60} is not a Presentation"]
    problems = [
        f"the presentation's {piece} is not callable"
        for piece in ("draw", "text")
        if not callable(getattr(presentation, piece))
    ]
    problems += [
        f"the presentation's {piece} is neither None nor callable"
        for piece in ("reveal", "label", "group", "position", "hand_picture")
        if getattr(presentation, piece) is not None and not callable(getattr(presentation, piece))
    ]
    if not presentation.rules.is_file():
        problems.append(f"its rules page {presentation.rules} is missing")
    return problems
