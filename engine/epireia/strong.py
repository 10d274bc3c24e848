"""The strong stand-in of Epireia: it plays from its own view only, on a position whose hidden parts
(other leagues' token strengths, the stacks, the Augur deck, secret choices) are re-dealt
(`shuffle_secrets`, keeping its own league's), and aims everything at the Great Battle: an economy
for Level II units, figures sent where the rewards are worth the odds, a battle plan chosen by its
chance of winning (battleplan.py), and figures engaged only where they turn a column.
"""

from __future__ import annotations

from ..chance import Chance
from . import battle, data, deploy
from .actions import Action, AutoDeploy, ConfirmFront, Engage, Place, Station
from .battleplan import target
from .economy import develop, diplomacy, prompt, setup_choice
from .rules import legal_actions
from .state import State, Token, open_battle, other
from .views import shuffle_secrets


def strong(state: State, seat: int, chance: Chance) -> Action:
    """The strong player's choice for `seat`, from what the seat may know."""
    state = shuffle_secrets(state, chance, keep=seat)
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("strong asked for a seat that cannot move")
    if state.prompts:
        return prompt(state, seat, legal)
    if state.phase in ("scenario", "city", "league", "admin", "figure"):
        return setup_choice(state, seat, legal, chance)
    if state.phase == "develop":
        return develop(state, seat, legal)
    if state.phase == "diplomacy":
        return diplomacy(state, seat, legal)
    league = state.players[seat].league
    if open_battle(state).stage == "place":
        return _deploy(state, league, legal)
    return _engage(state, league, legal)


def _deploy(state: State, league: str, legal: list[Action]) -> Action:
    """One step towards the planned battlefield: a front's slots one by one, then its
    confirmation; then the figures; then the plan's confirmation. The plan is computed afresh
    each step and comes out the same, so the steps add up."""
    plan = open_battle(state).plans[league]
    slots, figures = target(state, league)
    wanted: list[Action] = []
    for front in data.FRONTS:
        if front in plan.columns:
            continue
        now, aim = deploy.slots_of(plan, front), slots[front]
        wrong = [s for s, t in enumerate(now) if t is not None and not _same(t, aim[s])]
        missing = [s for s, t in enumerate(aim) if t is not None and now[s] is None]
        if wrong:
            wanted.append(Place(front=front, slot=wrong[0]))
        elif missing:
            wanted.append(Place(front=front, slot=missing[0], token=aim[missing[0]]))
        else:
            wanted.append(ConfirmFront(front=front))
        break
    else:
        for front in data.FRONTS:
            if plan.figures.get(front) != figures[front]:
                wanted.append(Station(front=front, figure=figures[front]))
                break
        else:
            wanted.append(deploy.confirmation(state, league))
    action = wanted[0]
    return action if action in legal else AutoDeploy()


def _same(token: Token, aim: Token | None) -> bool:
    return aim is not None and deploy._key(token) == deploy._key(aim)


def _engage(state: State, league: str, legal: list[Action]) -> Action:
    """Engage the least that wins the column, even if the other side adds all it can; else the least
    that wins if it adds nothing; else hold back. A front already decided is left alone."""
    b = open_battle(state)
    rival = other(league)
    results = b.column_results[b.front] if b.front < len(b.column_results) else []
    if max(results.count(league), results.count(rival)) >= 2:
        return Engage()
    totals = b.column_totals[b.front][b.column]
    theirs_most = 0 if b.stage == "respond" else battle._most(state, rival)
    options = [a for a in legal if isinstance(a, Engage)]

    def added(action: Engage) -> int:
        return (data.FIGURES[action.figure]["attack"] if action.figure else 0) + (2 if action.polemarch else 0)

    def cost(action: Engage) -> tuple[int, int]:
        return (1 if action.polemarch else 0, added(action))

    for worst in (theirs_most, 0):
        winning = [a for a in options if totals[league] + added(a) > totals[rival] + worst]
        if winning:
            return min(winning, key=cost)
    return Engage()
