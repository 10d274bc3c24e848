"""What a stand-in player does at a Grudgematch table, and what the clock plays for a late seat.

The stand-in plays plain football: get a philosopher next to the ball, kick it towards the other
goal when that gains ground, tackle and block when the card will probably hold.
"""

from __future__ import annotations

from ..chance import Chance
from . import data, field
from .actions import (
    Action,
    Block,
    BonusPass,
    BonusRelease,
    BonusRun,
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
from .legal import (
    block_choices,
    bonus_choices,
    kick_choices,
    legal_actions,
    place_choices,
    required,
    tackle_choices,
)
from .state import (
    State,
    ball_in_play,
    best_value,
    card_rank,
    destinations,
    is_face,
    is_goalie,
    kick_under_way,
    number_value,
    on_field,
    run_under_way,
)

# Chance that a face card reaches a value: {rank: {value: probability}}.
_TWO_DICE = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) / 36 for t in range(0, 14)}
_ONE_DIE = {t: sum(1 for a in range(1, 7) if a >= t) / 6 for t in range(-2, 9)}
_EXPECTED = {"J": 3.5, "Q": 5.5, "K": 7.0}


def chance_to_reach(card: str, value: int) -> float:
    if not is_face(card):
        return 1.0 if number_value(card) >= value else 0.0
    rank = card_rank(card)
    if rank == "K":
        return _TWO_DICE.get(max(0, value), 0.0)
    return _ONE_DIE.get(max(-2, value - (2 if rank == "Q" else 0)), 0.0)


def expected(card: str) -> int:
    return round(_EXPECTED[card_rank(card)]) if is_face(card) else number_value(card)


def goal_mouth(team: int) -> tuple[int, int]:
    """The middle of the goal line that `team` attacks (the other team's end)."""
    return field.cell(field.goal_line(1 - team)[1])


def threat(space: str, team: int) -> int:
    """How far a ball on `space` is from the goal `team` attacks (smaller is better for `team`)."""
    (column, row), (goal_column, goal_row) = field.cell(space), goal_mouth(team)
    return max(abs(column - goal_column), abs(row - goal_row))


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    phase = state.phase
    if phase == "lineup":
        return LineUp(lineup=chance.pick(sorted(data.LINEUPS)))
    if phase == "place":
        return _place(state, seat)
    if phase == "run":
        return _run(state, seat)
    if phase == "kick":
        return _kick(state, seat)
    if phase == "tackle":
        return _tackle(state)
    if phase == "block":
        return _block(state, seat)
    if phase == "bonus":
        if state.penalty[seat]:
            return BonusRelease(who=state.penalty[seat][0])
        return BonusRun() if BonusRun() in bonus_choices(state, seat) else BonusPass()
    return legal_actions(state, seat)[0]


def default_action(state: State, seat: int, chance: Chance) -> Action:
    """The clock passes: no run, no kick, no tackle, no block, no bonus; it still sets a ball down
    and picks the default line-up, because the game cannot go on without them."""
    clock_moves: dict[str, Action] = {
        "lineup": LineUp(lineup=data.DEFAULT_LINEUP),
        "run": StopRunning(),
        "kick": StopKicking(),
        "tackle": NoTackle(),
        "block": NoBlock(),
        "bonus": BonusPass(),
    }
    return clock_moves.get(state.phase) or _place(state, seat)


def _place(state: State, seat: int) -> PlaceBall:
    """An open space, as near the other goal as possible."""

    def score(action: PlaceBall) -> tuple[bool, int, str]:
        taken = action.to in state.spots.values()
        return (taken, threat(action.to, seat), action.to)

    return min(place_choices(state), key=score)


def _run(state: State, seat: int) -> Run | StopRunning:
    """Bring the nearest outfield philosopher next to the ball, on the side away from the other
    goal; the goalie only runs to the ball when it is near his own goal."""
    ball, running = state.ball, run_under_way(state)
    best: Run | StopRunning = StopRunning()
    best_score = (0, 0)
    if ball is None or not running.left:
        return best
    own_danger = threat(ball, 1 - seat) <= 5
    for who in on_field(state, seat):
        if who in running.moved or (is_goalie(who) and not own_danger):
            continue
        before = field.distance(state.spots[who], ball)
        for to in destinations(state, who, max(running.left)):
            after = field.distance(to, ball)
            gain = before - after if after > 1 or before > 1 else 0
            behind = threat(to, seat) - threat(ball, seat) if after == 1 else 0
            score = (gain + (2 if after == 1 else 0), behind)
            if score > best_score:
                best, best_score = Run(who=who, to=to), score
    return best


def _kick(state: State, seat: int) -> KickBall | StopKicking:
    """The kick that leaves the ball nearest the other goal (a goal is best), if it gains ground."""
    ball = ball_in_play(state)
    now = threat(ball, seat)
    best: KickBall | StopKicking = StopKicking()
    best_score: float = 0
    for kick in kick_choices(state):
        if kick.foul:
            continue
        path, into = field.ball_line(ball, kick.direction, expected(kick.card))
        if into is not None:
            gain = 100 if into != seat else -100
        else:
            gain = now - threat(path[-1], seat) if path else -1
        score = gain - best_value(kick.card) / 100  # keep the big cards for later
        if score > best_score:
            best, best_score = kick, score
    return best


def _tackle(state: State) -> Tackle | NoTackle:
    resist = kick_under_way(state).resist
    odds = [(chance_to_reach(t.card, resist), -best_value(t.card), t) for t in tackle_choices(state) if not t.foul]
    best = max(odds, default=None, key=lambda o: o[:2])
    return best[2] if best and best[0] >= 0.5 else NoTackle()


def _block(state: State, seat: int) -> Block | NoBlock:
    """Block a ball heading for our goal (or, for the kicking side, a ball heading into its own)."""
    kick = kick_under_way(state)
    towards_us = threat(kick.path[-1], 1 - seat) < threat(kick.start, 1 - seat) if kick.path else False
    worth = kick.goal == seat or (seat != state.mover and towards_us)
    if not worth:
        return NoBlock()
    need = required(state)
    odds = [(chance_to_reach(b.card, need), -best_value(b.card), b) for b in block_choices(state, seat)]
    best = max(odds, default=None, key=lambda o: o[:2])
    return best[2] if best and best[0] >= 0.5 else NoBlock()
