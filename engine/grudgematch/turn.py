"""The shape of a turn and of the match: the ball into play, the penalty box, running, kicking,
drawing (with the joker's halftime and the deck running out), scoring and its bonuses.

Each function moves the state on to the next moment where somebody must choose, and returns what
to announce. Kicks themselves (tackles, blocks, the ball's flight) are in kicking.py.
"""

from __future__ import annotations

from typing import Literal

from ..chance import Chance
from ..core import Event
from . import data, field
from .legal import can_kick, can_run
from .state import (
    Placing,
    Running,
    State,
    is_open,
    may_stand,
    next_to_ball,
    occupant,
    philosopher_for,
    placing_under_way,
    run_under_way,
    show,
    team_of,
)

TEAM = data.TEAM_NAMES


def team_name(team: int) -> str:
    return f"**{TEAM[team]}**"


# --- Line-ups ------------------------------------------------------------------------------------


def begin_lineup(state: State, chance: Chance, after: Literal["kickoff", "turn", "bonus"]) -> list[Event]:
    state.phase, state.lineups, state.after_lineup = "lineup", {}, after
    if state.options.choose_lineup:
        return [Event("Both teams choose a line-up for their in-field.")]
    state.lineups = {team: data.DEFAULT_LINEUP for team in (data.GERMANS, data.FRENCH)}
    return take_the_field(state, chance)


def take_the_field(state: State, chance: Chance) -> list[Event]:
    """Both line-ups are in: the philosophers take their places and play goes on."""
    for team, lineup in sorted(state.lineups.items()):
        for suit, space in zip(data.SUITS, data.LINEUPS[lineup]):
            state.spots[philosopher_for(team, suit)] = field.mirror_for(team, space)
    chosen = " · ".join(f"{team_name(t)}: {state.lineups[t]}" for t in sorted(state.lineups))
    events = [Event(f"The teams take the field ({chosen}).")]
    state.lineups = {}
    if state.after_lineup == "bonus":
        return events + next_bonus(state, chance)
    if state.after_lineup == "turn":
        return events + end_turn(state, chance)
    return events + begin_turn(state, chance)


# --- A turn: 1. the ball into play, 2. the penalty box, 3. run -----------------------------------


def begin_turn(state: State, chance: Chance) -> list[Event]:
    state.turn += 1
    if state.turn > state.options.turn_limit:
        return finish_at_turn_limit(state)
    events = [Event(f"Turn {state.turn}: the {team_name(state.mover)} play.")]
    if state.ball is None:
        a, b = chance.roll(6), chance.roll(6)
        state.dice = [a, b]
        state.ball, state.last_kick = field.centre_space(a + b), None
        events.append(Event(f"🎲 {a}+{b}: the ball goes into play on **{state.ball}** ({a + b})."))
        holder = occupant(state, state.ball)
        if holder:
            return events + start_placing(state, holder, "penalty")
    return events + check_penalty_box(state, chance)


def start_placing(state: State, holder: str, then: Literal["penalty", "kick"]) -> list[Event]:
    state.placing, state.phase = Placing(holder=holder, then=then), "place"
    return [Event(f"The ball is on **{holder}**: the {team_name(team_of(holder))} set it down next to him.")]


def after_placing(state: State, chance: Chance) -> list[Event]:
    then, state.placing = placing_under_way(state).then, None
    return check_penalty_box(state, chance) if then == "penalty" else kick_phase(state, chance)


def check_penalty_box(state: State, chance: Chance) -> list[Event]:
    team, events = state.mover, []
    if state.options.fouling and state.penalty[team]:
        roll = chance.roll(6)
        state.dice = [roll]
        who = state.penalty[team][0]
        if roll >= 5:
            events += release(state, team, who, f"🎲 {roll}: ")
        else:
            events.append(Event(f"🎲 {roll}: **{who}** stays in the penalty box."))
    return events + start_run(state, chance, team, [chance.roll(6), chance.roll(6)])


def release(state: State, team: int, who: str, prefix: str = "") -> list[Event]:
    """Back on the field at the penalty box's exit, or the nearest open space to it."""
    state.penalty[team].remove(who)
    exit_space = data.PENALTY_EXIT[team]
    if not is_open(state, exit_space):
        nearest = field.nearest(exit_space, [s for s in field.ALL_SPACES if is_open(state, s) and may_stand(who, s)])
        assert nearest is not None, "eight philosophers and a ball never fill the field"
        exit_space = nearest
    state.spots[who] = exit_space
    return [Event(f"{prefix}**{who}** comes back from the penalty box onto **{exit_space}**.")]


def send_off(state: State, who: str) -> None:
    del state.spots[who]
    state.penalty[team_of(who)].append(who)


def start_run(state: State, chance: Chance, team: int, dice: list[int], bonus: bool = False) -> list[Event]:
    state.dice = dice
    doubles = len(dice) == 2 and dice[0] == dice[1]
    left = [dice[0]] * len(data.TEAMS[team]) if doubles else sorted(dice)
    state.running = Running(seat=team, rolled=dice, left=left, bonus=bonus)
    state.phase = "run"
    if bonus:
        text = f"🎲 {dice[0]}: one philosopher may run up to {dice[0]}."
    elif doubles:
        text = f"🎲 {dice[0]}+{dice[1]}, doubles: every philosopher may run up to {dice[0]}."
    else:
        text = f"🎲 {dice[0]}+{dice[1]}: one philosopher may run up to {dice[0]}, another up to {dice[1]}."
    events = [Event(f"{team_name(team)} {text}")]
    if not can_run(state):
        return events + end_run(state, chance)
    return events


def end_run(state: State, chance: Chance) -> list[Event]:
    bonus, state.running = run_under_way(state).bonus, None
    return next_bonus(state, chance) if bonus else kick_phase(state, chance)


# --- 4. kick, 5. draw ----------------------------------------------------------------------------


def kick_phase(state: State, chance: Chance) -> list[Event]:
    """Kicking goes on while the team can kick; quick prompts skip it when no card fits."""
    state.kick, state.phase = None, "kick"
    if state.options.quick_prompts:
        kicks = can_kick(state)
    else:
        kicks = bool(next_to_ball(state, state.mover))
    return [] if kicks else draw_phase(state, chance)


def draw_phase(state: State, chance: Chance) -> list[Event]:
    team = state.mover
    events = draw_up(state, team, chance)
    if state.phase == "over":
        return events
    if state.phase == "lineup":  # the joker came up: halftime
        return events + begin_lineup(state, chance, "turn")
    if state.ball in field.goal_line(team):
        state.ball = None
        events.append(Event(f"The ball is taken out of play from the {team_name(team)}' goal line."))
    return events + end_turn(state, chance)


def end_turn(state: State, chance: Chance) -> list[Event]:
    state.mover = 1 - state.mover
    return begin_turn(state, chance)


def draw_up(state: State, team: int, chance: Chance) -> list[Event]:
    """Draw up to a full hand. The joker calls halftime (and is replaced); an empty deck ends the
    half, or starts sudden death."""
    hand, drawn, events = state.hands[team], [], []
    while len(hand) < data.HAND_SIZE:
        if not state.deck:
            events += deck_runs_out(state, chance)
            if state.phase == "over":
                return events
            continue
        card = state.deck.pop(0)
        if card == data.JOKER:
            events += halftime(state)
            continue
        hand.append(card)
        drawn.append(card)
    if drawn:
        count = f"{len(drawn)} card{'s' if len(drawn) > 1 else ''}"
        events.insert(0, Event(f"{team_name(team)} draw {count}."))
        events.insert(1, Event(f"You draw {', '.join(show(c) for c in drawn)}.", to=team))
    return events


def halftime(state: State) -> list[Event]:
    state.half = 2
    state.ball, state.kick, state.last_kick, state.placing = None, None, None, None
    state.spots, state.penalty = {}, [[], []]
    state.phase = "lineup"
    return [Event("🃏 The joker! **Halftime**: the field is cleared and both teams line up again.")]


def deck_runs_out(state: State, chance: Chance) -> list[Event]:
    germans, french = state.score
    if germans != french:
        leader = data.GERMANS if germans > french else data.FRENCH
        return finish(state, leader, f"the deck ran out at {max(state.score)}–{min(state.score)}")
    if state.sudden_death or not state.discard:
        return finish(state, data.FRENCH, f"the deck ran out a second time with the score tied {germans}–{french}")
    state.sudden_death = True
    state.deck, state.discard = chance.shuffle(state.discard), []
    return [
        Event(
            f"The deck runs out with the score tied {germans}–{french}. The discards are "
            "shuffled into a new deck: **sudden death**, the next goal wins!"
        )
    ]


# --- Scoring, bonuses and the end ----------------------------------------------------------------


def goal(state: State, chance: Chance, into: int) -> list[Event]:
    scorer = 1 - into
    state.score[scorer] += 1
    state.ball, state.kick = None, None
    own = " (an own goal)" if scorer != state.mover else ""
    events = [
        Event(f"⚽ **GOAL** for the {team_name(scorer)}{own}! Germans {state.score[0]} – {state.score[1]} French.")
    ]
    if state.sudden_death:
        return events + finish(state, scorer, "a golden goal in sudden death")
    for team in (state.mover, 1 - state.mover):
        events += draw_up(state, team, chance)
        if state.phase == "over":
            return events
    state.bonus = [scorer, 1 - scorer]
    if state.phase == "lineup":
        return events + begin_lineup(state, chance, "bonus")
    return events + next_bonus(state, chance)


def next_bonus(state: State, chance: Chance) -> list[Event]:
    if not state.bonus:
        return end_turn(state, chance)
    state.phase = "bonus"
    return [
        Event(
            f"{team_name(state.bonus[0])}' bonus: run a philosopher (one die), swap a card, "
            "release a philosopher from the penalty box, or pass."
        )
    ]


def finish(state: State, winner: int | None, reason: str) -> list[Event]:
    state.phase, state.winner, state.result = "over", winner, reason
    state.running, state.kick, state.placing, state.bonus, state.lineups = None, None, None, [], {}
    trophy = f"🏆 {team_name(winner)} win" if winner is not None else "🤝 A draw"
    return [Event(f"Full time: {trophy} ({reason}).")]


def finish_at_turn_limit(state: State) -> list[Event]:
    germans, french = state.score
    if germans == french:
        return finish(state, None, f"the turn limit was reached at {germans}–{french}")
    leader = data.GERMANS if germans > french else data.FRENCH
    return finish(state, leader, f"the turn limit was reached at {max(state.score)}–{min(state.score)}")
