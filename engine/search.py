"""The search behind strong stand-ins: determinised flat Monte Carlo from a seat's own view.

A decision never reads what its seat cannot see. It begins from `shuffle_secrets(state, chance,
keep=seat)`, the position with every hidden card, stone and bid re-dealt consistently with what
the seat knows, and it looks at nothing else: every world it imagines is a fresh re-deal of that
one. Since the games' re-deals are canonical (they sort what is hidden before shuffling it), the
same view with the same chance gives the same move, however the hidden things really lie.

Each candidate move is tried in the same imagined worlds (common random numbers: the comparison is
between moves, not between lucky and unlucky deals): the move, then a rollout of `depth` moves in
which every seat plays by the policy (the game's stand-in by default), then the game's evaluation
of the position for the seat. The candidates are narrowed by sequential halving (Karnin, Koren and
Somekh 2013): each round shares out its part of the budget, and the better half goes on.

The budget counts simulated moves, not time, so a decision is the same on any machine and under any
load; deterministic given the chance passed in (the table's seed and version).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, cast

from .chance import Chance
from .core import ActionT, Game, Outcome, RuleError, ShuffleSecrets, StateT, Step

Policy = Callable[[StateT, int, Chance], ActionT]
# Moves worth trying at a position, best first (at most `Search.width` are tried).
Shortlist = Callable[[StateT, int, list[ActionT]], list[ActionT]]
# How good a position is for a seat, from 0 (lost) to 1 (won); it may be over.
Evaluation = Callable[[StateT, int], float]


def outcome_value(game: Game[StateT, Any, ActionT] | Rules[StateT, ActionT], state: StateT, seat: int) -> float | None:
    """A finished game's value for `seat`: 1 won alone, 1/n shared with n, 0 lost; None while it goes on."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def squash(margin: float, scale: float) -> float:
    """A lead (`margin`, in the game's points) as a value from 0 to 1: 0.5 level, about 0.73 a
    `scale` ahead."""
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, margin / scale))))


@dataclass(frozen=True)
class Rules(Generic[StateT, ActionT]):
    """The pieces of a game that a search plays by: a Game's own (`Rules.of(game)`), or the game
    package's functions themselves where its Game is made after its strong player."""

    legal_actions: Callable[[StateT, int], list[ActionT]]
    apply: Callable[[StateT, int, ActionT, Chance], Step]
    to_move: Callable[[StateT], frozenset[int]]
    outcome: Callable[[StateT], Outcome | None]
    shuffle_secrets: ShuffleSecrets[StateT]
    stand_in: Policy[StateT, ActionT]

    @staticmethod
    def of(game: Game[StateT, Any, ActionT]) -> Rules[StateT, ActionT]:
        return Rules(game.legal_actions, game.apply, game.to_move, game.outcome, game.shuffle_secrets, game.stand_in)


@dataclass(frozen=True)
class Search(Generic[StateT, ActionT]):
    """A strong player: `Search(rules, evaluate).choose(state, seat, chance)` is a Game's `strong`.

    `budget`: simulated moves a decision may spend (a round that must try every candidate once may
    go over it by one round's worth); `depth`: moves each rollout plays after the candidate;
    `width`: candidates tried at most, the shortlist's first; `policy`: how every seat plays in a
    rollout (None: the game's stand-in); `shortlist`: the candidates, best first (None: the legal
    moves in their order)."""

    rules: Rules[StateT, ActionT]
    evaluate: Evaluation[StateT]
    budget: int = 300
    depth: int = 6
    width: int = 8
    policy: Policy[StateT, ActionT] | None = None
    shortlist: Shortlist[StateT, ActionT] | None = None

    def choose(self, state: StateT, seat: int, chance: Chance) -> ActionT:
        """The seat's move: the candidate whose imagined futures the evaluation likes best."""
        root = self.rules.shuffle_secrets(state, chance, keep=seat)
        legal = self.rules.legal_actions(root, seat)
        if not legal:
            # a move whose text its player writes is never listed: the policy writes one
            return self._policy(root, seat, chance)
        candidates = (self.shortlist(root, seat, legal) if self.shortlist else legal)[: self.width]
        if len(candidates) == 1:
            return candidates[0]
        worlds = f"search:{chance.roll(2**30)}"
        return candidates[self._halve(root, seat, candidates, worlds)]

    def _halve(self, root: StateT, seat: int, candidates: Sequence[ActionT], worlds: str) -> int:
        """Sequential halving over the candidates; the index of the one left."""
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        tries = [0] * len(candidates)
        rounds = math.ceil(math.log2(len(candidates)))
        spent, world = 0, 0
        for number in range(rounds):
            share = (self.budget - spent) / (rounds - number)
            each = max(1, int(share / (len(alive) * (self.depth + 1))))
            for index in alive:
                for offset in range(each):
                    value, moves = self._try(root, seat, candidates[index], f"{worlds}:{world + offset}")
                    totals[index] += value
                    tries[index] += 1
                    spent += moves
            world += each
            # the better half goes on; on equal means the earlier candidate (the shortlist's order)
            alive.sort(key=lambda i: (-totals[i] / tries[i], i))
            alive = sorted(alive[: math.ceil(len(alive) / 2)])
            if len(alive) == 1:
                break
        return min(alive, key=lambda i: (-totals[i] / tries[i], i))

    def _try(self, root: StateT, seat: int, action: ActionT, world: str) -> tuple[float, int]:
        """One imagined future of `action`: its value for the seat and the moves it simulated."""
        chance = Chance.seeded(world)
        state = self.rules.shuffle_secrets(root, chance, keep=seat)
        try:
            state = self._apply(state, seat, action, chance)
        except RuleError:  # cannot happen in this world (it hid something the move relies on)
            return 0.0, 1
        moves = 1
        for _ in range(self.depth):
            if self.rules.outcome(state) is not None:
                break
            mover = min(self.rules.to_move(state))
            following = self._step(state, mover, chance)
            if following is None:
                break
            state, moves = following, moves + 1
        return self.evaluate(state, seat), moves

    def _step(self, state: StateT, mover: int, chance: Chance) -> StateT | None:
        """The position after `mover` plays by the policy (or, refused, its first legal move)."""
        try:
            return self._apply(state, mover, self._policy(state, mover, chance), chance)
        except RuleError:
            legal = self.rules.legal_actions(state, mover)
            if not legal:
                return None
            try:
                return self._apply(state, mover, legal[0], chance)
            except RuleError:
                return None

    def _apply(self, state: StateT, seat: int, action: ActionT, chance: Chance) -> StateT:
        return cast(StateT, self.rules.apply(state, seat, action, chance).state)  # a game's apply keeps its State

    def _policy(self, state: StateT, seat: int, chance: Chance) -> ActionT:
        return (self.policy or self.rules.stand_in)(state, seat, chance)
