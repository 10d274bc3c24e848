"""Where the strong stand-in goes: its whole turn searched from the move, cheaply.

Every destination is tried, with the location token there kept or used, and each arrival weighed
as it stands. An action's worth depends on where it is taken only through what kind of place it
is, so actions are grouped (a Tutor anywhere; a follower in a port, a temple, an eastern city...)
and each group is played out from its best few arrivals only. That keeps a turn's search to some
hundred simulated moves instead of several hundred.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from . import data
from .actions import Action, Bonus, Move, PlayOracle, Rest
from .rules import legal_actions
from .search import Simulator
from .state import State

TRIED_PER_GROUP = 2  # arrivals each group of actions is played out from
SAME_EVERYWHERE = ("tutor", "hire_builder", "hire_sophist", "labyrinth", "study", "unlock")


def group(action: Action, location: str) -> Hashable:
    """Actions whose worth does not depend on which place of a kind they are taken at."""
    if action.kind in SAME_EVERYWHERE:
        return action.kind, getattr(action, "criterion", None) or getattr(action, "card", None)
    place = data.LOCATIONS[location]
    if action.kind in ("follow", "build_school"):
        return action.kind, place.kind, place.region
    return action.kind, location, tuple(sorted(action.model_dump(exclude={"name"}).items()))


def best_move(
    sim: Simulator[State, Action],
    state: State,
    seat: int,
    seed: str,
    settle: Callable[[State], State],
    score: Callable[[State], float],
) -> Move | None:
    """The destination that begins the seat's best turn (None if the budget allowed no try)."""
    arrivals: list[tuple[float, Move, State]] = []  # each arrival ready to act, weighed as it stands
    best: tuple[float, Move | None] = (float("-inf"), None)
    for move in legal_actions(state, seat):
        assert isinstance(move, Move), "the move phase offers moves"
        if sim.budget.spent_out:
            break
        arrived = sim.apply(state, seat, move, seed)
        options = [arrived]
        if arrived.phase == "bonus" and arrived.turn == seat:
            options = [sim.apply(arrived, seat, Bonus(keep=keep), seed) for keep in (True, False)]
        for option in options:
            if option.phase == "act" and option.turn == seat and option.winners is None:
                arrivals.append((score(option), move, option))
            else:  # the turn is over already (a spell took the action)
                best = max(best, (score(settle(option)), move), key=lambda pair: pair[0])
    groups: dict[Hashable, list[tuple[float, Move, State, Action]]] = {}
    for weight, move, arrival in arrivals:
        for action in _actions(arrival, seat):
            groups.setdefault(group(action, move.to), []).append((weight, move, arrival, action))
    for members in groups.values():
        members.sort(key=lambda member: -member[0])
        for _, move, arrival, action in members[:TRIED_PER_GROUP]:
            if sim.budget.spent_out and best[1] is not None:
                return best[1]
            value = score(settle(sim.apply(arrival, seat, action, seed)))
            if value > best[0]:
                best = (value, move)
    return best[1]


def _actions(state: State, seat: int) -> list[Action]:
    """The actions worth trying (Oracle cards are weighed apart, before the action)."""
    found: list[Action] = [a for a in legal_actions(state, seat) if not isinstance(a, (PlayOracle, Rest))]
    return found or [Rest()]
