"""The strong stand-in of Grudgematch: it plays from its own view only, on a position whose hidden
cards are re-dealt (`shuffle_secrets`, keeping its own hand), and values every choice with
judge.py: kicks by the odds that the other team holds the card to tackle or block them, runs by the
kicks they open up and the cover they give our goal, blocks and tackles by what letting the ball
through would cost. No hidden card is read: the other hand and the deck are used only as the pool
of unseen cards.
"""

from __future__ import annotations

from ..chance import Chance
from . import field
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
from .judge import Board, best_kick, keep_value, kick_table, kick_worth, kicks, settle, value
from .legal import block_choices, bonus_choices, legal_actions, place_choices, required, run_choices, tackle_choices
from .odds import reach
from .state import State, kick_under_way, placing_under_way, run_under_way, team_of
from .views import shuffle_secrets

CHAIN = 1  # kicks looked ahead after the one being chosen (a pass, then a shot)
LINEUP = "Balanced"
LOOKED_AT = 6  # runs whose kicks are looked at further


def strong(state: State, seat: int, chance: Chance) -> Action:
    """The strong player's choice for `seat`, from what the seat may know."""
    state = shuffle_secrets(state, chance, keep=seat)
    phase = state.phase
    if phase == "lineup":
        return LineUp(lineup=LINEUP)
    if phase == "place":
        return _place(state, seat)
    if phase == "run":
        return _run(state, seat)
    if phase == "kick":
        return _kick(state, seat)
    if phase == "tackle":
        return _tackle(state, seat)
    if phase == "block":
        return _block(state, seat)
    if phase == "bonus":
        return _bonus(state, seat)
    return legal_actions(state, seat)[0]


def _place(state: State, seat: int) -> PlaceBall:
    """Where the ball is worth most to us: our kicks follow if it is our turn's kicking phase."""
    board = Board.of(state, seat)
    ours = state.mover == seat and placing_under_way(state).then == "kick"
    taken = set(state.spots.values())

    def worth(action: PlaceBall) -> tuple[bool, float, str]:
        there = board.at(action.to)
        return (action.to not in taken, settle(there, CHAIN) if ours else value(there), action.to)

    return max(place_choices(state), key=worth)


def _run(state: State, seat: int) -> Run | StopRunning:
    """The run after which our position is worth most: a kick it opens up this turn (if the
    kicking phase follows), or the cover and the ground it gives. A runner changes the kicks open
    to us only by his own: the others keep their worth, moved by the change in position."""
    board = Board.of(state, seat)
    kicking = state.ball is not None and not run_under_way(state).bonus and state.mover == seat
    base = value(board)
    table = kick_table(board) if kicking else []
    best: Run | StopRunning = StopRunning()
    staying = best_kick(board, CHAIN)[0] if kicking else base
    best_worth = staying + 1e-6  # running only for a real gain
    ranked: list[tuple[float, Run]] = []
    for run in run_choices(state):
        there = board.moved(run.who, run.to)
        shift = value(there) - base
        worth = max([shift + base] + [w + shift for w, kick in table if kick[0] != run.who][:1])
        if kicking:
            worth = max([worth] + [kick_worth(there, *kick, chain=0) for kick in kicks(there, only=run.who)])
        ranked.append((worth, run))
    ranked.sort(key=lambda r: -r[0])
    for worth, run in ranked[:LOOKED_AT] if kicking else ():  # the best few, with a pass and a shot
        if board.budget.left <= 0:
            break
        there = board.moved(run.who, run.to)
        worth = max(worth, best_kick(there, CHAIN)[0])
        if worth > best_worth:
            best, best_worth = run, worth
    for worth, run in ranked[:1]:
        if worth > best_worth:
            best, best_worth = run, worth
    return best


def _kick(state: State, seat: int) -> KickBall | StopKicking:
    worth, kick = best_kick(Board.of(state, seat), CHAIN)
    if kick is None:
        return StopKicking()
    who, card, direction = kick
    return KickBall(who=who, card=card, direction=direction)


def _through(state: State, seat: int) -> float:
    """What the kick under way is worth to us if nobody of ours stops it (roughly: where it ends)."""
    kick = kick_under_way(state)
    if kick.goal is not None:
        return -1.0 if kick.goal == seat else 1.0
    end = kick.path[-1] if kick.path else kick.start
    board = Board.of(state, seat)
    return value(board.at(end))


def _stopped(state: State, seat: int, space: str) -> float:
    return value(Board.of(state, seat).at(space))


def _tackle(state: State, seat: int) -> Tackle | NoTackle:
    kick = kick_under_way(state)
    board = Board.of(state, seat)
    gain = _stopped(state, seat, kick.start) - _through(state, seat)
    best: Tackle | NoTackle = NoTackle()
    best_gain = 0.0
    for tackle in tackle_choices(state):
        if tackle.foul:
            continue
        odds = reach(tackle.card, kick.resist)
        net = odds * gain - keep_value(board, tackle.card)
        if net > best_gain:
            best, best_gain = tackle, net
    return best


def _later_chances(state: State, seat: int) -> bool:
    """Whether one of ours will have a chance to block this kick further on its way."""
    kick = kick_under_way(state)
    ahead = kick.path[kick.at + 1 :]
    return any(
        team_of(who) == seat
        and who not in kick.seen
        and who != kick.kicker
        and any(field.distance(space, s) <= 1 for s in ahead)
        for who, space in state.spots.items()
    )


def _block(state: State, seat: int) -> Block | NoBlock:
    kick = kick_under_way(state)
    if seat == state.mover and kick.goal != seat:
        return NoBlock()  # our own kick: stop it only if it is going into our own goal
    board = Board.of(state, seat)
    here = state.ball
    assert here is not None
    gain = _stopped(state, seat, here) - _through(state, seat)
    if kick.goal == seat and _later_chances(state, seat):
        gain *= 0.8  # a later block needs less, but may not come
    need = required(state)
    best: Block | NoBlock = NoBlock()
    best_gain = 0.0
    for block in block_choices(state, seat):
        net = reach(block.card, need) * gain - keep_value(board, block.card)
        if net > best_gain:
            best, best_gain = block, net
    return best


def _bonus(state: State, seat: int) -> Action:
    if state.penalty[seat]:
        return BonusRelease(who=state.penalty[seat][0])
    choices = bonus_choices(state, seat)
    board = Board.of(state, seat)
    swaps = [c for c in choices if isinstance(c, BonusSwap)]
    if swaps:
        worst = min(swaps, key=lambda s: keep_value(board, s.card))
        if keep_value(board, worst.card) < -0.015:
            return worst
    if BonusRun() in choices:
        return BonusRun()
    return BonusPass()
