"""Kick! A card sends the ball in a straight line; the other side may tackle before it moves; then,
space by space, every philosopher it comes near may block it once; finally it stops, is set down
by whoever it stops on, or goes into a goal.
"""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data, field
from .actions import Block, KickBall, NoBlock, NoTackle, StopKicking, Tackle
from .legal import block_choices, kick_directions, required, tackle_choices
from .state import (
    Kick,
    LastKick,
    State,
    ball_in_play,
    best_value,
    card_rank,
    card_suit,
    is_face,
    kick_under_way,
    next_to_ball,
    number_value,
    occupant,
    show,
    suit_of,
    team_of,
)
from .turn import draw_phase, goal, kick_phase, send_off, start_placing, team_name


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def card_value(card: str, chance: Chance) -> tuple[int, str]:
    """A number card is worth its number (aces 1); a face card rolls: J 1d6, Q 1d6+2, K 2d6."""
    if not is_face(card):
        return number_value(card), ""
    dice, plus = data.FACE_DICE[card_rank(card)]
    rolls = [chance.roll(6) for _ in range(dice)]
    value = sum(rolls) + plus
    shown = "+".join(str(r) for r in rolls) + (f"+{plus}" if plus else "")
    return value, f" (🎲 {shown} = {value})"


def foul_roll(chance: Chance) -> tuple[int | None, str]:
    """Two dice: a 1 on either is a flagrant foul (None); otherwise the higher die is added."""
    a, b = chance.roll(6), chance.roll(6)
    return (None if 1 in (a, b) else max(a, b)), f"🎲 {a}+{b}"


def _play_card(state: State, team: int, who: str, card: str) -> None:
    _require(who in data.TEAMS[team], f"{who} does not play for you.")
    _require(who in state.spots, f"{who} is not on the field.")
    _require(card in state.hands[team], "That card is not in your hand.")
    _require(card_suit(card) == suit_of(who), f"{who} plays only {data.SUIT_NAME[suit_of(who)]}s.")
    state.hands[team].remove(card)
    state.discard.append(card)


# --- Kick ----------------------------------------------------------------------------------------


def kick(state: State, seat: int, action: KickBall, chance: Chance) -> list[Event]:
    _require(state.phase == "kick", "You cannot kick now.")
    _require(action.who in next_to_ball(state, seat), f"{action.who} is not next to the ball.")
    _require(action.direction in kick_directions(state), "The ball cannot move that way.")
    tacklers = next_to_ball(state, 1 - seat)
    if action.foul:
        _require(state.options.fouling, "Fouling is not played at this table.")
        _require(bool(tacklers), "There is nobody next to the ball to foul.")
    _play_card(state, seat, action.who, action.card)
    value, rolled = card_value(action.card, chance)
    arrow = field.ARROWS[action.direction]
    events = [
        Event(
            f"**{action.who}** kicks with {show(action.card)}{rolled}: "
            f"{value} space{'s' if value > 1 else ''} {arrow} {action.direction}."
        )
    ]
    resist = value
    if action.foul:
        bonus, dice = foul_roll(chance)
        if bonus is None:
            send_off(state, action.who)
            state.last_kick = None
            events.append(Event(f"Foul! {dice}: **{action.who}** goes to the penalty box; the ball stays put."))
            return events + kick_phase(state, chance)
        resist += bonus
        events.append(Event(f"**{action.who}** fouls ({dice}): a tackle must now reach {resist}."))
    ball = ball_in_play(state)
    path, into = field.ball_line(ball, action.direction, value)
    state.kick = Kick(
        kicker=action.who,
        card=action.card,
        value=value,
        resist=resist,
        direction=action.direction,
        start=ball,
        path=path,
        goal=into,
        tacklers=tacklers,
    )
    if tacklers and (tackle_choices(state) or not state.options.quick_prompts):
        state.phase = "tackle"
        names = " or ".join(f"**{p}**" for p in tacklers)
        return events + [Event(f"{names} may tackle: the {team_name(1 - seat)} need {resist} or more.")]
    return events + roll_ball(state, chance)


def stop_kicking(state: State, seat: int, action: StopKicking, chance: Chance) -> list[Event]:
    _require(state.phase == "kick", "You are not kicking now.")
    return [Event(f"The {team_name(seat)} are done kicking.")] + draw_phase(state, chance)


# --- Tackle --------------------------------------------------------------------------------------


def tackle(state: State, seat: int, action: Tackle, chance: Chance) -> list[Event]:
    _require(state.phase == "tackle", "There is no kick to tackle now.")
    kick = kick_under_way(state)
    _require(action.who in kick.tacklers, f"{action.who} is not next to the ball.")
    if action.foul:
        _require(state.options.fouling, "Fouling is not played at this table.")
    reach = best_value(action.card) + (6 if action.foul else 0)
    _require(reach >= kick.resist, f"That card cannot reach {kick.resist}.")
    _play_card(state, seat, action.who, action.card)
    value, rolled = card_value(action.card, chance)
    events = [Event(f"**{action.who}** tackles with {show(action.card)}{rolled}.")]
    if action.foul:
        bonus, dice = foul_roll(chance)
        if bonus is None:
            send_off(state, action.who)
            events.append(Event(f"Foul! {dice}: **{action.who}** goes to the penalty box and the tackle fails."))
            return events + roll_ball(state, chance)
        value += bonus
        events.append(Event(f"**{action.who}** fouls ({dice}): the tackle is worth {value}."))
    if value >= kick.resist:
        state.last_kick = LastKick(
            kicker=kick.kicker,
            card=kick.card,
            value=kick.value,
            start=kick.start,
            path=[],
            result=f"tackled by {action.who}",
        )
        events.append(Event(f"Tackled! {value} stops {kick.resist}: the ball does not move."))
        return events + kick_phase(state, chance)
    events.append(Event(f"{value} is not enough to stop {kick.resist}: the ball is off."))
    return events + roll_ball(state, chance)


def no_tackle(state: State, seat: int, action: NoTackle, chance: Chance) -> list[Event]:
    _require(state.phase == "tackle", "There is no kick to tackle now.")
    return [Event(f"The {team_name(seat)} do not tackle.")] + roll_ball(state, chance)


# --- The ball's flight and blocks ----------------------------------------------------------------


def roll_ball(state: State, chance: Chance) -> list[Event]:
    """Move the ball space by space, stopping to ask for blocks, until it comes to rest."""
    kick = kick_under_way(state)
    passed: list[str] = []  # each space the ball passes, with the value left there
    quick = state.options.quick_prompts
    while True:
        while kick.asking:
            team = kick.asking[0]
            if block_choices(state, team) or not quick:
                state.phase = "block"
                return _flight(passed) + [_block_prompt(state, team)]
            kick.asking.pop(0)
        if kick.at + 1 >= len(kick.path):
            break
        kick.at += 1
        space = kick.path[kick.at]
        state.ball = space
        passed.append(f"{kick.value - kick.at} **{space}**")
        near = [
            p
            for p, s in state.spots.items()
            if p != kick.kicker and p not in kick.seen and field.distance(s, space) <= 1
        ]
        kick.seen += near
        kick.chances = near
        defending = 1 - state.mover
        kick.asking = [t for t in (defending, state.mover) if any(team_of(p) == t for p in near)]
    events = _flight(passed)
    if kick.goal is not None:
        state.last_kick = _story(kick, "goal")
        return events + goal(state, chance, kick.goal)
    return events + ball_stops(state, chance, "stopped")


def _flight(passed: list[str]) -> list[Event]:
    return [Event("The ball: " + " · ".join(passed))] if passed else []


def _block_prompt(state: State, team: int) -> Event:
    kick = kick_under_way(state)
    names = " or ".join(f"**{p}**" for p in kick.chances if team_of(p) == team)
    suits = "/".join(data.SUIT_ICON[suit_of(p)] for p in kick.chances if team_of(p) == team)
    return Event(
        f"The ball reaches **{state.ball}**: {names} could block with a {suits} of "
        f"{required(state)} or more ({team_name(team)} to decide)."
    )


def _story(kick: Kick, result: str) -> LastKick:
    return LastKick(
        kicker=kick.kicker,
        card=kick.card,
        value=kick.value,
        start=kick.start,
        path=kick.path[: kick.at + 1],
        result=result,
    )


def ball_stops(state: State, chance: Chance, result: str) -> list[Event]:
    kick = kick_under_way(state)
    state.ball = kick.path[kick.at] if kick.at >= 0 else kick.start
    state.last_kick = _story(kick, result)
    state.kick = None
    events = [Event(f"The ball stops on **{state.ball}**.")]
    holder = occupant(state, state.ball)
    if holder:
        return events + start_placing(state, holder, "kick")
    return events + kick_phase(state, chance)


def block(state: State, seat: int, action: Block, chance: Chance) -> list[Event]:
    _require(state.phase == "block", "There is no ball to block now.")
    kick = kick_under_way(state)
    _require(action.who in kick.chances, f"{action.who} cannot block the ball here.")
    need = required(state)
    _require(best_value(action.card) >= need, f"A block here needs {need} or more.")
    _play_card(state, seat, action.who, action.card)
    value, rolled = card_value(action.card, chance)
    if value >= need:
        kick.asking = []
        events = [Event(f"**{action.who}** blocks with {show(action.card)}{rolled}!")]
        return events + ball_stops(state, chance, f"blocked by {action.who}")
    kick.asking.pop(0)
    events = [Event(f"**{action.who}** tries to block with {show(action.card)}{rolled}: not enough.")]
    return events + roll_ball(state, chance)


def no_block(state: State, seat: int, action: NoBlock, chance: Chance) -> list[Event]:
    _require(state.phase == "block", "There is no ball to block now.")
    kick_under_way(state).asking.pop(0)
    return [Event(f"The {team_name(seat)} let it pass.")] + roll_ball(state, chance)
