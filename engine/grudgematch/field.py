"""The field's geometry: spaces, goal boxes, adjacency, running distances and the ball's line.

A space is a name such as "F9" in states, views and actions; here it is a (column, row) pair, both
counted from 1, while we reason about it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from . import data

Cell = tuple[int, int]
WIDTH, HEIGHT = len(data.COLUMNS), data.ROWS
GOAL_COLUMN_NUMBERS = frozenset(data.COLUMNS.index(c) + 1 for c in data.GOAL_COLUMNS)

# The eight ways a ball can be kicked, as the picture shows them (north is the top, the German end).
Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
DIRECTIONS: dict[Direction, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))


def cell(space: str) -> Cell:
    return _CELLS[space]


def name(column: int, row: int) -> str:
    return f"{data.COLUMNS[column - 1]}{row}"


def on_field(column: int, row: int) -> bool:
    return 1 <= column <= WIDTH and 1 <= row <= HEIGHT


ALL_SPACES = tuple(name(c, r) for r in range(1, HEIGHT + 1) for c in range(1, WIDTH + 1))
_CELLS = {name(c, r): (c, r) for r in range(1, HEIGHT + 1) for c in range(1, WIDTH + 1)}


READING_ORDER = {space: i for i, space in enumerate(ALL_SPACES)}  # row by row, left to right


def is_space(space: str) -> bool:
    return space in _CELLS


def own_row(team: int, rows_from_end: int) -> int:
    """Row number of the `rows_from_end`-th row counted from `team`'s own end (1 = the end row)."""
    return rows_from_end if data.HOME_ROW[team] == 1 else data.ROWS + 1 - rows_from_end


def goal_box_team(space: str) -> int | None:
    """Whose goal box the space is in, if any."""
    return _BOXES[space]


def _goal_box_team(space: str) -> int | None:
    column, row = cell(space)
    if column not in GOAL_COLUMN_NUMBERS:
        return None
    for team in (data.GERMANS, data.FRENCH):
        if any(row == own_row(team, depth) for depth in range(1, data.GOAL_BOX_DEPTH + 1)):
            return team
    return None


_BOXES = {space: _goal_box_team(space) for space in ALL_SPACES}


def goal_line(team: int) -> tuple[str, ...]:
    """The three spaces directly inside `team`'s goal box, on the goal line."""
    row = own_row(team, 1)
    return tuple(name(data.COLUMNS.index(c) + 1, row) for c in data.GOAL_COLUMNS)


def in_field(team: int) -> tuple[str, ...]:
    rows = {own_row(team, depth) for depth in data.IN_FIELD_ROWS}
    return tuple(s for s in ALL_SPACES if cell(s)[1] in rows and goal_box_team(s) is None)


def centre_space(number: int) -> str:
    """The centre-line space marked `number` (2..12)."""
    return name(number - 1, data.CENTRE_ROW)


def mirror_for(team: int, space: str) -> str:
    """A line-up space written as the Germans see it, placed on `team`'s half."""
    column, row = cell(space)
    return name(column, own_row(team, row))


def distance(a: str, b: str) -> int:
    """Kings' distance: 1 means adjacent, diagonals included."""
    (ac, ar), (bc, br) = cell(a), cell(b)
    return max(abs(ac - bc), abs(ar - br))


def steps_apart(a: str, b: str) -> int:
    (ac, ar), (bc, br) = cell(a), cell(b)
    return abs(ac - bc) + abs(ar - br)


def _neighbours(space: str, steps: Iterable[Cell]) -> tuple[str, ...]:
    column, row = cell(space)
    return tuple(name(column + dc, row + dr) for dc, dr in steps if on_field(column + dc, row + dr))


_AROUND = {space: _neighbours(space, DIRECTIONS.values()) for space in ALL_SPACES}
_ORTHOGONAL = {space: _neighbours(space, ORTHOGONAL) for space in ALL_SPACES}


def around(space: str) -> list[str]:
    """The field spaces adjacent to `space`, diagonals included, clockwise from the north."""
    return list(_AROUND[space])


def orthogonal(space: str) -> tuple[str, ...]:
    return _ORTHOGONAL[space]


def reachable(start: str, steps: int, blocked: set[str] | frozenset[str]) -> dict[str, int]:
    """Spaces a runner reaches from `start` in at most `steps` orthogonal steps without entering a
    `blocked` space, with the fewest steps needed (start itself excluded)."""
    found = {start: 0}
    frontier = [start]
    for step in range(1, steps + 1):
        nxt = []
        for here in frontier:
            for there in _ORTHOGONAL[here]:
                if there not in found and there not in blocked:
                    found[there] = step
                    nxt.append(there)
        frontier = nxt
    del found[start]
    return found


def goal_boxes() -> dict[int, frozenset[str]]:
    return {team: frozenset(s for s in ALL_SPACES if _BOXES[s] == team) for team in (data.GERMANS, data.FRENCH)}


def ball_line(start: str, direction: Direction, length: int) -> tuple[list[str], int | None]:
    """The spaces a ball kicked `length` spaces from `start` passes, in order, and whose goal it
    enters (None if it stops on the field). A ball that meets an edge stops there, unless the line
    crosses the end edge behind the goal columns: then it is in the goal."""
    (column, row), (dc, dr) = cell(start), DIRECTIONS[direction]
    path: list[str] = []
    for _ in range(length):
        column, row = column + dc, row + dr
        if not on_field(column, row):
            if column in GOAL_COLUMN_NUMBERS and row in (0, data.ROWS + 1):
                return path, next(t for t in (data.GERMANS, data.FRENCH) if abs(own_row(t, 1) - row) == 1)
            break
        path.append(name(column, row))
    return path, None


def nearest(origin: str, candidates: Iterable[str]) -> str | None:
    """The candidate fewest orthogonal steps from `origin`; ties go to the upper, then left one."""
    return min(candidates, key=lambda s: (steps_apart(origin, s), cell(s)[1], cell(s)[0]), default=None)
