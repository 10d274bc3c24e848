"""The pure rules engine: every game, the referee and the shared vocabulary.

GAMES is the registry of games: one entry a game, its package's `GAME` (an `engine.core.Game`,
docs/architecture.md "Games are plug-ins"). The bot registers each of them with its presentation
and checks the whole contract at start-up (bot/games.py).
"""
from . import referee
from .chance import Chance
from .core import Event, Game, GameOver, IllegalAction, NotYourTurn, Outcome, RuleError, Step, UnknownAction, View
from .ostrakon import GAME as OSTRAKON
from .nine_muses import GAME as NINE_MUSES
from .epireia import GAME as EPIREIA
from .grudgematch import GAME as GRUDGEMATCH
from .philosophia import GAME as PHILOSOPHIA

GAMES: dict[str, Game] = {game.key: game for game in (OSTRAKON, NINE_MUSES, EPIREIA, GRUDGEMATCH, PHILOSOPHIA)}

__all__ = [
    "GAMES", "Chance", "Event", "Game", "GameOver", "IllegalAction", "NotYourTurn", "Outcome",
    "RuleError", "Step", "UnknownAction", "View", "referee",
]
