"""Tic-tac-toe's rules: two seats mark a 3x3 board in turn (X first); three in a row wins, a full
board is a draw, and either seat may resign on its turn. Nothing is hidden."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from engine.chance import Chance
from engine.core import Event, IllegalAction, Outcome, Step, copy_state

NAMES = ["Xenophanes", "Olympias"]
MARKS = "XO"
SQUARES = ["top left", "top", "top right", "left", "centre", "right", "bottom left", "bottom", "bottom right"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Options(BaseModel):
    pass


class State(BaseModel):
    board: list[str] = [""] * 9  # "", "X" or "O"
    turn: int = 0
    winner: int | None = None
    resigned: bool = False


class Place(BaseModel):
    kind: Literal["place"] = "place"
    square: int = Field(ge=0, le=8)


class Resign(BaseModel):
    kind: Literal["resign"] = "resign"


actions = TypeAdapter(Annotated[Union[Place, Resign], Field(discriminator="kind")])


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    return State()


def full(state: State) -> bool:
    return all(state.board)


def to_move(state: State) -> frozenset[int]:
    return frozenset() if state.winner is not None or full(state) else frozenset({state.turn})


def legal_actions(state: State, seat: int) -> list:
    if seat not in to_move(state):
        return []
    return [Place(square=square) for square in range(9) if not state.board[square]] + [Resign()]


def apply(state: State, seat: int, action, chance: Chance) -> Step:
    after = copy_state(state)
    if isinstance(action, Resign):
        after.winner, after.resigned = 1 - seat, True
        return Step(after, (Event(f"{NAMES[seat]} resigns."),))
    if state.board[action.square]:
        raise IllegalAction(f"The {SQUARES[action.square]} square is taken.")
    after.board[action.square] = MARKS[seat]
    after.turn = 1 - seat
    if any(all(after.board[i] == MARKS[seat] for i in line) for line in LINES):
        after.winner = seat
    return Step(after, (Event(f"{NAMES[seat]} marks {MARKS[seat]} {SQUARES[action.square]}."),))


def view(state: State, seat: int | None) -> dict:
    seen = {
        "names": list(NAMES),
        "board": list(state.board),
        "to_move": sorted(to_move(state)),
        "winner": state.winner,
        "resigned": state.resigned,
    }
    return seen if seat is None else {**seen, "seat": seat}


def outcome(state: State) -> Outcome | None:
    if state.winner is not None:
        return Outcome((state.winner,), "the other side resigned" if state.resigned else "three in a row")
    return Outcome((), "the board is full") if full(state) else None


def label(action) -> str:
    return f"Mark {SQUARES[action.square]}" if isinstance(action, Place) else "Resign"


def stand_in(state: State, seat: int, chance: Chance):
    """A line of its own if it can close one, else block the other's, else any free square."""
    free = [square for square in range(9) if not state.board[square]]
    for mark in (MARKS[seat], MARKS[1 - seat]):
        for square in free:
            board = list(state.board)
            board[square] = mark
            if any(all(board[i] == mark for i in line) for line in LINES):
                return Place(square=square)
    return Place(square=chance.pick(free))


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    return state  # nothing is hidden


def invariants(state: State) -> list[str]:
    crosses, noughts = state.board.count("X"), state.board.count("O")
    problems = [] if crosses - noughts in (0, 1) else [f"{crosses} crosses and {noughts} noughts"]
    if state.winner is None and not full(state) and state.turn != crosses - noughts:
        problems.append("the wrong seat is to move")
    return problems
