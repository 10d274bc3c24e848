"""Ostrakon positions for the rules tests: a move played with scripted chance, a position built by
hand, and a whole turn of votes."""

from engine import Chance, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

QUESTION = {"kind": "ask", "question": "Mountains or sea?", "white": "Mountains", "black": "Sea"}


def play(state, seat, action, chance=None):
    return referee.play(GAME, state, seat, action, chance or Chance.scripted())


def build(piles: dict[int, list[int]], sun: int, players: int = 8, **fields) -> State:
    """A position: `piles` maps a space to its seats, bottom to top."""
    return State(
        options=fields.pop("options", Options()),
        names=list(PHILOSOPHERS[:players]),
        days=fields.pop("days", 5),
        sun=sun,
        piles=[Pile(space=space, seats=seats) for space, seats in sorted(piles.items())],
        deck=["Food", "Love", "Work"],
        subject="Sport",
        next_subject="Money",
        **fields,
    )


def turn(state: State, black: set[int]):
    """The speaker asks; every seat votes (black for `black`); returns the step after the last vote."""
    state = play(state, GAME.view(state, None)["speaker"], QUESTION).state
    for seat in range(len(state.names)):
        step = play(state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"})
        state = step.state
    return step
