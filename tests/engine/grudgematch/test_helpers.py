"""Building Grudgematch positions for tests."""

from engine import Chance, referee
from engine.grudgematch import GAME
from engine.grudgematch.state import State

G, F = 0, 1
FILLER = ["2D", "3D", "5D", "6D", "7D", "8D", "AC", "2C", "3C", "4C", "6C", "7C"]


def position(spots, ball, hands, mover=G, phase="kick", deck=None, **fields) -> State:
    """A position in the middle of a match, by default the mover's kicking phase."""
    return State(
        phase=phase,
        turn=5,
        mover=mover,
        spots=spots,
        ball=ball,
        hands=hands,
        deck=list(FILLER if deck is None else deck),
        **fields,
    )


def play(state, seat, action, rolls=()):
    """Play through the referee with these dice first; then, should the turn pass, the next side
    rolls 1 and 2 (and so on) to run."""
    return referee.play(GAME, state, seat, action, Chance.scripted(list(rolls) + [1, 2] * 4))


def kinds(state, seat):
    return [GAME.label(a) for a in GAME.legal_actions(state, seat)]


def public_text(step) -> str:
    return "\n".join(e.text for e in step.events if e.to is None)
