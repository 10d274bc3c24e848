"""Every legal action of each phase, read from the position (nothing here changes a state)."""

from __future__ import annotations

from . import data, field
from .actions import (
    Action,
    Block,
    BonusPass,
    BonusRelease,
    BonusRun,
    BonusSwap,
    KickBall,
    LineUp,
    NoBlock,
    NoTackle,
    PlaceBall,
    Run,
    StopKicking,
    StopRunning,
    Tackle,
)
from .state import (
    State,
    ball_in_play,
    best_value,
    card_suit,
    destinations,
    kick_under_way,
    may_stand,
    next_to_ball,
    on_field,
    placing_under_way,
    run_under_way,
    suit_of,
    team_of,
)

FOUL_BEST = 6  # a foul adds the higher of two dice, neither a 1: at most 6


def lineup_choices(state: State, seat: int) -> list[LineUp]:
    return [LineUp(lineup=name) for name in data.LINEUPS]


def place_choices(state: State) -> list[PlaceBall]:
    return [PlaceBall(to=space) for space in field.around(ball_in_play(state))]


def run_choices(state: State) -> list[Run]:
    """One philosopher at a time: every space he can reach with a die still unused."""
    running = run_under_way(state)
    if not running.left:
        return []
    moves: list[Run] = []
    for who in on_field(state, running.seat):
        if who in running.moved:
            continue
        # by square (A1, A2, … B1 …), as a player finds a space named on the picture's edges
        moves += [
            Run(who=who, to=space) for space in sorted(destinations(state, who, max(running.left)), key=field.cell)
        ]
    return moves


def can_run(state: State) -> bool:
    """Whether anyone may still run (someone unmoved has a free space next to him)."""
    running = run_under_way(state)
    if not running.left:
        return False
    taken = set(state.spots.values()) | {state.ball}
    return any(
        there not in taken and may_stand(who, there)
        for who in on_field(state, running.seat)
        if who not in running.moved
        for there in field.orthogonal(state.spots[who])
    )


def kick_directions(state: State) -> list[field.Direction]:
    """Directions in which a kick moves the ball at least one space (or straight into a goal)."""
    ball = ball_in_play(state)
    moving = []
    for direction in field.DIRECTIONS:
        path, goal = field.ball_line(ball, direction, 1)
        if path or goal is not None:
            moving.append(direction)
    return moving


def can_kick(state: State) -> bool:
    """Whether `kick_choices` has any, without making them (asked after every run)."""
    suits = {card_suit(card) for card in state.hands[state.mover]}
    return any(suit_of(who) in suits for who in next_to_ball(state, state.mover)) and bool(kick_directions(state))


def kick_choices(state: State) -> list[KickBall]:
    team = state.mover
    hand = state.hands[team]
    fouls = (False, True) if state.options.fouling and next_to_ball(state, 1 - team) else (False,)
    directions = kick_directions(state)
    kicks: list[KickBall] = []
    for who in next_to_ball(state, team):
        for card in hand:
            if card_suit(card) != suit_of(who):
                continue
            kicks += [KickBall(who=who, card=card, direction=d, foul=foul) for foul in fouls for d in directions]
    return kicks


def tackle_choices(state: State) -> list[Tackle]:
    """Cards that could stop the kick: a number card that reaches it, a face card that might."""
    kick, team = kick_under_way(state), 1 - state.mover
    tackles = []
    for who in kick.tacklers:
        if who not in state.spots:
            continue
        for card in state.hands[team]:
            if card_suit(card) != suit_of(who):
                continue
            if best_value(card) >= kick.resist:
                tackles.append(Tackle(who=who, card=card))
            if state.options.fouling and best_value(card) + FOUL_BEST >= kick.resist:
                tackles.append(Tackle(who=who, card=card, foul=True))
    return tackles


def required(state: State) -> int:
    """A block at the ball's space now needs the kick's value, less one per space already passed."""
    kick = kick_under_way(state)
    return kick.value - kick.at


def block_choices(state: State, team: int) -> list[Block]:
    kick = kick_under_way(state)
    need = required(state)
    blocks: list[Block] = []
    for who in kick.chances:
        if team_of(who) != team:
            continue
        blocks += [
            Block(who=who, card=card)
            for card in state.hands[team]
            if card_suit(card) == suit_of(who) and best_value(card) >= need
        ]
    return blocks


BonusChoice = BonusRun | BonusSwap | BonusRelease | BonusPass


def bonus_choices(state: State, team: int) -> list[BonusChoice]:
    choices: list[BonusChoice] = [BonusRun()] if on_field(state, team) else []
    choices += [BonusSwap(card=card) for card in state.hands[team]]
    choices += [BonusRelease(who=who) for who in state.penalty[team]]
    return choices + [BonusPass()]


def to_move(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == "lineup":
        return frozenset(team for team in (data.GERMANS, data.FRENCH) if team not in state.lineups)
    if phase == "place":
        return frozenset({team_of(placing_under_way(state).holder)})
    if phase == "run":
        return frozenset({run_under_way(state).seat})
    if phase == "kick":
        return frozenset({state.mover})
    if phase == "tackle":
        return frozenset({1 - state.mover})
    if phase == "block":
        return frozenset({kick_under_way(state).asking[0]})
    if phase == "bonus":
        return frozenset({state.bonus[0]})
    return frozenset()


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_move(state):
        return []
    phase = state.phase
    # unpacked into new lists of the whole action union (a list of one kind is not a list of them all)
    if phase == "lineup":
        return [*lineup_choices(state, seat)]
    if phase == "place":
        return [*place_choices(state)]
    if phase == "run":
        return [*run_choices(state), StopRunning()]
    if phase == "kick":
        return [*kick_choices(state), StopKicking()]
    if phase == "tackle":
        return [*tackle_choices(state), NoTackle()]
    if phase == "block":
        return [*block_choices(state, seat), NoBlock()]
    if phase == "bonus":
        return [*bonus_choices(state, seat)]
    return []
