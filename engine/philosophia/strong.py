"""The strong stand-in of Philosophia: a search from the seat's own view.

It never reads what the seat cannot see: it begins from `shuffle_secrets(state, chance, keep=seat)`
(others' hands and every deck re-dealt at random, consistently with what the seat knows) and
decides on that position only. Its turn is searched whole: every destination, the location token
there kept or used, and every action then, each line settled (auctions and debates it opens played
out) and weighed by `plan.worth`: how many actions the seat still needs to leave the Labyrinth,
against the turns left and the others' progress. Debates are played by determinised flat Monte
Carlo; offerings, answers to Oracle cards and Oracle plays by weighing positions.

Its cost is counted in simulated moves (`BUDGET`), and all its randomness comes from `chance`, so
the same position and chance give the same decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..chance import Chance
from ..search import Rules
from .actions import Action, Argue, Pass, PlayOracle, Rest, Veto
from .debate import actor
from .journey import best_move
from .oracles import plays
from .plan import worth
from .rules import apply, legal_actions, outcome, to_move
from .search import Budget, Simulator, best_line, flat_monte_carlo, seed_from
from .standin import stand_in
from .state import State
from .tactics import (
    argument,
    debate_cards_of,
    debate_score,
    offering,
    oracle_play,
    quick_argument,
    quick_offering,
    veto_answer,
)
from .views import shuffle_secrets

BUDGET = 600  # simulated moves a decision may spend
DEBATE_WORLDS = 6  # re-dealt positions each debate card is tried in
SETTLE_STEPS = 80  # an auction or a debate is played out within this many moves
RULES: Rules[State, Action] = Rules(legal_actions, apply, to_move, outcome, shuffle_secrets, stand_in)


def strong(state: State, seat: int, chance: Chance) -> Action:
    world = shuffle_secrets(state, chance, keep=seat)
    legal = legal_actions(world, seat)
    if len(legal) == 1:
        only = legal[0]
        return argument(world, only.card, only.claim) if isinstance(only, Argue) else only
    sim: Simulator[State, Action] = Simulator(RULES, Budget(BUDGET))
    if world.phase == "veto":
        return veto_answer(world, seat, chance)
    if world.phase == "auction":
        return offering(world, seat)
    if world.phase == "debate":
        return _argue(sim, world, seat, legal, chance)
    if world.phase == "act":
        card = oracle_play(world, seat, plays(world, seat), chance)
        if card is not None:
            return card
    seed = seed_from(chance)
    this_turn = (world.round, world.turn)

    def choices(position: State) -> Sequence[Action]:
        """The seat's own steps of its turn: a destination, the token there, the action (Oracle
        cards are weighed apart, before the action)."""
        if (position.round, position.turn) != this_turn or position.phase not in ("move", "bonus", "act"):
            return ()
        steps = legal_actions(position, seat)
        if position.phase != "act":
            return steps
        return [a for a in steps if not isinstance(a, (PlayOracle, Rest))] or [Rest()]

    def settle(position: State) -> State:
        """Play out what the turn's action opened (an auction, a debate) with quick choices."""
        for _ in range(SETTLE_STEPS):
            if position.winners is not None or position.phase not in ("auction", "debate", "veto"):
                break
            who = min(to_move(position))
            position = sim.apply(position, who, _quick_reply(position, who, seat), seed)
        return position

    def score(position: State) -> float:
        return worth(position, seat)

    if world.phase == "move":
        move = best_move(sim, world, seat, seed, settle, score)
        return move if move is not None else legal[0]
    line, _ = best_line(sim, world, seat, seed, choices, settle, score)
    return line[0] if line else legal[-1]


def _quick_reply(state: State, who: int, seat: int) -> Action:
    if state.phase == "auction":
        return offering(state, who) if who == seat else quick_offering(state, who)
    if state.phase == "veto":
        return Veto(cancel=False)
    return quick_argument(state, who, debate_cards_of(state, who))


def _argue(sim: Simulator[State, Action], state: State, seat: int, legal: list[Action], chance: Chance) -> Action:
    """Each card (or a pass) tried in several re-dealt positions, both debaters then arguing
    quickly, and scored by how the debate ends for the seat."""
    candidates: list[Action] = []
    for action in legal:
        if isinstance(action, Argue):
            candidates.append(argument(state, action.card, action.claim))
        elif isinstance(action, Pass):
            candidates.append(action)
    before = {who: player.debate_wins for who, player in enumerate(state.players)}

    def playout(after: State, seed: str) -> State:
        for _ in range(SETTLE_STEPS):
            if after.winners is not None or after.phase != "debate" or after.debate is None:
                break
            who = actor(after.debate)
            after = sim.apply(after, who, quick_argument(after, who, debate_cards_of(after, who)), seed)
        return after

    return flat_monte_carlo(
        sim, state, seat, chance, candidates, DEBATE_WORLDS, playout, lambda s: debate_score(s, seat, before)
    )
