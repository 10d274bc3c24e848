"""Philosophy Grudgematch: football between French and German philosophers, for two players.

Reads top to bottom: set-up, then applying each action (line-ups, setting the ball down, running,
the scoring bonuses; kicks, tackles and blocks are in kicking.py). The turn's shape is in turn.py,
what is legal in legal.py, views and the outcome in views.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..chance import Chance
from ..core import Event, IllegalAction, Outcome, Step, copy_state
from . import data, field, kicking
from .actions import (
    Action,
    BonusPass,
    BonusRelease,
    BonusRun,
    BonusSwap,
    LineUp,
    PlaceBall,
    Run,
    StopRunning,
)
from .legal import can_run
from .legal import legal_actions as legal_actions  # the rules' questions, answered in legal.py
from .legal import to_move as to_move
from .state import (
    Options,
    State,
    ball_in_play,
    destinations,
    full_deck,
    is_goalie,
    occupant,
    placing_under_way,
    run_under_way,
    show,
    team_of,
)
from .turn import (
    after_placing,
    begin_lineup,
    draw_up,
    end_run,
    next_bonus,
    release,
    start_run,
    take_the_field,
    team_name,
)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


# --- Set-up --------------------------------------------------------------------------------------


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    """Shuffle, put the joker near the middle, deal five each (Germans first), then line up."""
    if seats != 2:
        raise IllegalAction("Philosophy Grudgematch is a game for 2 players.")
    cards = chance.shuffle(full_deck())
    middle = (len(cards) + 1) // 2
    spread = range(middle - data.JOKER_SPREAD, middle + data.JOKER_SPREAD + 1)
    cards.insert(chance.pick(sorted(spread, key=lambda i: (abs(i - middle), i))), data.JOKER)
    dealt = 2 * data.HAND_SIZE
    state = State(options=options or Options(), hands=[cards[0:dealt:2], cards[1:dealt:2]], deck=cards[dealt:])
    begin_lineup(state, chance, "kickoff")
    return state


# --- Applying an action --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, chance: Chance) -> Step:
    state = copy_state(state)
    events = HANDLERS[action.kind](state, seat, action, chance)
    return Step(state=state, events=tuple(events))


def lineup(state: State, seat: int, action: LineUp, chance: Chance) -> list[Event]:
    _require(state.phase == "lineup", "The teams are already on the field.")
    _require(seat not in state.lineups, "You have already chosen your line-up.")
    _require(action.lineup in data.LINEUPS, "There is no such line-up.")
    state.lineups[seat] = action.lineup
    if len(state.lineups) < 2:
        return [
            Event(f"The {team_name(seat)} have chosen their line-up."),
            Event(f"Your line-up: {action.lineup}.", to=seat),
        ]
    return take_the_field(state, chance)


def place_ball(state: State, seat: int, action: PlaceBall, chance: Chance) -> list[Event]:
    _require(state.phase == "place", "The ball is not waiting to be set down.")
    placing = placing_under_way(state)
    holder = placing.holder
    _require(action.to in field.around(ball_in_play(state)), f"Set the ball on a space next to {holder}.")
    state.ball = action.to
    next_holder = occupant(state, action.to)
    if next_holder:
        placing.holder = next_holder
        return [
            Event(
                f"**{holder}** sets the ball on **{action.to}**, on **{next_holder}**: the "
                f"{team_name(team_of(next_holder))} set it down next to him."
            )
        ]
    return [Event(f"**{holder}** sets the ball on **{action.to}**.")] + after_placing(state, chance)


def run(state: State, seat: int, action: Run, chance: Chance) -> list[Event]:
    _require(state.phase == "run", "This is not the time to run.")
    running = run_under_way(state)
    _require(action.who in data.TEAMS[seat], f"{action.who} does not play for you.")
    _require(action.who in state.spots, f"{action.who} is not on the field.")
    _require(action.who not in running.moved, f"{action.who} has already run this turn.")
    reach = destinations(state, action.who, max(running.left))
    if action.to not in reach:
        box = field.is_space(action.to) and field.goal_box_team(action.to) is not None
        if box and not is_goalie(action.who):
            raise IllegalAction("Only a team's own goalie may enter its goal box.")
        raise IllegalAction(
            f"{action.who} cannot reach {action.to}: no diagonals, and nobody runs "
            "through the ball or another philosopher."
        )
    steps = reach[action.to]
    die = min(d for d in running.left if d >= steps)
    running.left.remove(die)
    running.moved.append(action.who)
    start, state.spots[action.who] = state.spots[action.who], action.to
    events = [Event(f"**{action.who}** runs {start} → **{action.to}** ({steps} of {die}).")]
    return events if can_run(state) else events + end_run(state, chance)


def stop_running(state: State, seat: int, action: StopRunning, chance: Chance) -> list[Event]:
    _require(state.phase == "run", "Nobody is running now.")
    return end_run(state, chance)


# --- Scoring bonuses -----------------------------------------------------------------------------


def _in_bonus(state: State) -> None:
    _require(state.phase == "bonus", "There is no scoring bonus to take now.")


def bonus_run(state: State, seat: int, action: BonusRun, chance: Chance) -> list[Event]:
    _in_bonus(state)
    _require(any(p in state.spots for p in data.TEAMS[seat]), "You have nobody on the field to run.")
    state.bonus.pop(0)
    return start_run(state, chance, seat, [chance.roll(6)], bonus=True)


def bonus_swap(state: State, seat: int, action: BonusSwap, chance: Chance) -> list[Event]:
    _in_bonus(state)
    _require(action.card in state.hands[seat], "That card is not in your hand.")
    state.bonus.pop(0)
    state.hands[seat].remove(action.card)
    state.discard.append(action.card)
    events = [Event(f"The {team_name(seat)} discard {show(action.card)} and draw a new card.")]
    events += draw_up(state, seat, chance)
    return events + _after_bonus(state, chance)


def bonus_release(state: State, seat: int, action: BonusRelease, chance: Chance) -> list[Event]:
    _in_bonus(state)
    _require(action.who in state.penalty[seat], f"{action.who} is not in your penalty box.")
    state.bonus.pop(0)
    return release(state, seat, action.who) + _after_bonus(state, chance)


def bonus_pass(state: State, seat: int, action: BonusPass, chance: Chance) -> list[Event]:
    _in_bonus(state)
    state.bonus.pop(0)
    return [Event(f"The {team_name(seat)} pass.")] + _after_bonus(state, chance)


def _after_bonus(state: State, chance: Chance) -> list[Event]:
    if state.phase == "over":
        return []
    if state.phase == "lineup":  # a swap drew the joker
        return begin_lineup(state, chance, "bonus")
    return next_bonus(state, chance)


# Each kind's handler takes that kind's action, which a dict's type cannot say: hence Any.
HANDLERS: dict[str, Callable[[State, int, Any, Chance], list[Event]]] = {
    "lineup": lineup,
    "place": place_ball,
    "run": run,
    "stop_running": stop_running,
    "kick": kicking.kick,
    "stop_kicking": kicking.stop_kicking,
    "tackle": kicking.tackle,
    "no_tackle": kicking.no_tackle,
    "block": kicking.block,
    "no_block": kicking.no_block,
    "bonus_run": bonus_run,
    "bonus_swap": bonus_swap,
    "bonus_release": bonus_release,
    "bonus_pass": bonus_pass,
}

__all__ = ["setup", "apply", "to_move", "Options", "State"]


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    winners = () if state.winner is None else (state.winner,)
    return Outcome(winners=winners, reason=state.result)
