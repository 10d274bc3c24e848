"""Helpers for the Philosophia tests (no tests here): scripted games and short-hand moves.

With scripted chance nothing is shuffled: seats get the characters in the order named, decks lie in
the order of the data module, and picks take the first candidate.
"""

from engine import Chance, referee
from engine.philosophia import GAME
from engine.philosophia.state import State


def new_game(
    seats: int = 2,
    characters: tuple[str, ...] = ("Plato", "Homer", "Aristotle", "Heraclitus", "Sophocles", "Socrates"),
    **options,
) -> State:
    chosen = list(characters[:seats])
    return GAME.setup(seats, GAME.Options(characters=chosen, **options), Chance.scripted())


def play(state: State, seat: int, kind: str, **fields):
    """Play one action through the referee; returns the step."""
    return referee.play(GAME, state, seat, {"kind": kind, **fields}, Chance.scripted())


def at(state: State, seat: int, location: str, phase: str = "act") -> State:
    """The same position with `seat` standing at `location`, to act there now."""
    state = state.model_copy(deep=True)
    state.players[seat].location = location
    state.turn, state.phase = seat, phase
    return state


def public(step) -> list[str]:
    return [event.text for event in step.events if event.to is None]


def private(step, seat: int) -> list[str]:
    return [event.text for event in step.events if event.to == seat]
