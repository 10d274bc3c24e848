"""The pure rules engine: every game, the referee and the shared vocabulary.

GAMES is the registry of games: one line a game in PACKAGES, the package whose `GAME` (an
`engine.core.Game`) it serves (docs/architecture.md "Games are plug-ins"). The bot registers each
of them with its presentation and checks the whole contract at start-up (bot/games.py).
"""

from importlib import import_module

from . import referee
from .chance import Chance
from .core import (
    AnyGame,
    Event,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    RuleError,
    Step,
    UnknownAction,
    View,
)

PACKAGES = (
    "ostrakon",
    "nine_muses",
    "epireia",
    "grudgematch",
    "philosophia",
)
GAMES: dict[str, AnyGame] = {game.key: game for game in (import_module(f"{__name__}.{name}").GAME for name in PACKAGES)}

__all__ = [
    "GAMES",
    "AnyGame",
    "Chance",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "RuleError",
    "Step",
    "UnknownAction",
    "View",
    "referee",
]
