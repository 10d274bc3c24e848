"""The timeline towards 146 BC, and how the game ends when Rome arrives."""
from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .state import State, bold, name

LAST = len(data.TIMELINE) - 1


def year(state: State) -> str:
    return f"{data.TIMELINE[state.timeline]} BC"


def game_over(state: State, winners: list[int], reason: str) -> list[Event]:
    state.phase = "over"
    state.winners = winners
    state.end = reason
    state.debate = state.auction = state.veto = None
    return [Event(f"🏁 {reason}")]


def advance_timeline(state: State, chance: Chance) -> list[Event]:
    state.timeline += 1
    if state.timeline < LAST:
        return [Event(f"⏳ The timeline moves on to **{year(state)}**.")]
    return [Event(f"⏳ The timeline reaches **{year(state)}**: Rome arrives in Greece.")] + finish(state, chance)


def finishers(state: State) -> list[int]:
    return [who for who in range(state.seats) if len(state.players[who].claimed) >= data.TOKENS_TO_WIN]


def finish(state: State, chance: Chance) -> list[Event]:
    """With 146 BC reached: one philosopher with three Labyrinth tokens wins; several meet in the
    Final Public Debate; nobody, and the Romans win."""
    done = finishers(state)
    if not done:
        return game_over(state, [], "Nobody found the way out of the Labyrinth in time: the Romans win.")
    if len(done) == 1:
        return game_over(state, done, f"{name(state, done[0])} leaves the Labyrinth and wins Philosophia!")
    from .debate import begin_final  # the final debate ends the game in its turn
    names = ", ".join(bold(state, who) for who in done)
    return [Event(f"🏛️ {names} hold three Labyrinth tokens: the Final Public Debate begins!")] + begin_final(state, done, chance)
