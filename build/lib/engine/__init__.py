"""The pure rules engine: every game, the referee and the shared vocabulary.

GAMES maps a game key to its game object (docs/architecture.md, "The engine contract").
"""
from . import referee
from .chance import Chance
from .core import Event, Game, GameOver, IllegalAction, NotYourTurn, Outcome, RuleError, Step, UnknownAction
from .ostrakon import GAME as OSTRAKON
from .nine_muses import GAME as NINE_MUSES
from .epireia import GAME as EPIREIA
from .grudgematch import GAME as GRUDGEMATCH
from .philosophia import GAME as PHILOSOPHIA

GAMES: dict[str, Game] = {game.key: game for game in (OSTRAKON, NINE_MUSES, EPIREIA, GRUDGEMATCH, PHILOSOPHIA)}

__all__ = [
    "GAMES", "Chance", "Event", "Game", "GameOver", "IllegalAction", "NotYourTurn", "Outcome",
    "RuleError", "Step", "UnknownAction", "referee",
]
