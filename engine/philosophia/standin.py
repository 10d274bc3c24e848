"""What a stand-in player does at a Philosophia table: go where the best action is, take it, argue
sensibly, bid modestly, and cancel what strikes it."""

from __future__ import annotations

from ..chance import Chance
from . import data
from .actions import Action, Argue, Bid, Bonus, Move, Observe, Pass, PlayOracle, Veto
from .board import claimable
from .debate import led_card
from .rules import legal_actions
from .state import State, builder_cost, current_debate, current_veto, kind, school_cost, study_cost

# Order of preference among the actions at hand (Labyrinth tokens first).
PREFERENCE = (
    "labyrinth",
    "progress",
    "build_school",
    "unlock",
    "follow",
    "use_sophist",
    "study",
    "challenge",
    "offering",
    "observe",
    "consult",
    "hire_builder",
    "hire_sophist",
    "tutor",
    "rest",
)
GOOD_ORACLES = ("unlock", "coins", "sophist", "builder", "place", "drain", "steal", "send_home", "silence")


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    legal = legal_actions(state, seat)
    if state.phase == "move":
        return _move(state, seat, [action for action in legal if isinstance(action, Move)], chance)
    if state.phase == "bonus":
        colour = state.sites[state.players[seat].location].token
        return Bonus(keep=colour not in state.players[seat].tokens)
    if state.phase == "veto":
        return Veto(cancel=current_veto(state).target == seat and Veto(cancel=True) in legal)
    if state.phase == "auction":
        top = max(action.amount for action in legal if isinstance(action, Bid))
        return Bid(amount=min(top, chance.roll(max(1, state.players[seat].coins // 2 + 1)) - 1))
    if state.phase == "debate":
        return _argue(state, seat, legal, chance)
    return _act(state, seat, legal, chance)


def default_action(state: State, seat: int, chance: Chance) -> Action:
    """What the clock plays for a seat that missed its deadline: no bid, no veto, else the stand-in."""
    if state.phase == "auction":
        return Bid(amount=0)
    if state.phase == "veto":
        return Veto(cancel=False)
    return stand_in(state, seat, chance)


def _act(state: State, seat: int, legal: list[Action], chance: Chance) -> Action:
    plays = [a for a in legal if isinstance(a, PlayOracle) and data.ORACLES[a.card].effect in GOOD_ORACLES]
    if plays and chance.roll(2) == 1:
        return chance.pick(plays)
    player = state.players[seat]
    for kind_ in PREFERENCE:
        if kind_ == "progress" and len(player.claimed) < data.TOKENS_TO_WIN:
            continue
        found = [a for a in legal if a.kind == kind_]
        if kind_ == "hire_builder" and player.builders >= player.schools_left:
            continue
        if kind_ == "hire_sophist" and (player.sophists or player.coins < 3):
            continue
        if kind_ == "observe":
            observations = [a for a in found if isinstance(a, Observe)]
            observations.sort(key=lambda a: -a.syllogism)
            return observations[0] if observations else next(a for a in legal if a.kind == "rest")
        if found:
            return chance.pick(found)
    return legal[-1]


def _move(state: State, seat: int, legal: list[Move], chance: Chance) -> Move:
    ready = bool(claimable(state, seat))
    scored = [(_value(state, seat, action.to, ready), action) for action in legal]
    best = max(score for score, _ in scored)
    return chance.pick([action for score, action in scored if score == best])


def _value(state: State, seat: int, location: str, ready: bool) -> int:
    """How good the best action at `location` looks from here (`ready`: a Labyrinth token waits)."""
    player = state.players[seat]
    site = state.sites[location]
    tokens = len(player.claimed)
    hand = len(player.hand)
    if location == "timeline":
        return 9 if tokens >= data.TOKENS_TO_WIN else 0
    if location == "debate":
        return 5 if hand >= 4 else 0
    if location == "observe":
        return 3 if hand < 3 else 0
    if location == "athena":
        return 3 if state.requests and player.coins >= 4 and not player.requests else 0
    fees = sum(1 for owner in site.schools if owner != seat)
    score = -fees + (1 if site.token else 0)
    if ready:
        score += 8
    if (
        (player.builders or player.character == "Plato")
        and player.schools_left
        and seat not in site.schools
        and player.coins >= school_cost(player)
    ):
        score += 6
    if player.followers_left and seat not in site.followers:
        score += 3
    if kind(location) == "temple" or player.character == "Aristotle":
        if player.study or (player.coins >= study_cost(player) and len(player.wisdom) < 3 and state.supply.study):
            score += 5
    if kind(location) == "oracle" and state.oracle_decks[data.ORACLE_DECK_AT[location]]:
        score += 2
    if player.builders < player.schools_left and player.coins >= builder_cost(player) + 1:
        score += 1
    return score


def _argue(state: State, seat: int, legal: list[Action], chance: Chance) -> Action:
    choice = _choose_argument(state, legal, chance)
    if isinstance(choice, Argue) and choice.example == "":
        return choice.model_copy(update={"example": data.EXAMPLES[choice.card]})
    return choice


def _choose_argument(state: State, legal: list[Action], chance: Chance) -> Argue | Pass:
    debate = current_debate(state)
    cards = [a for a in legal if isinstance(a, Argue)]
    if not cards:
        return Pass()
    if debate.step == "respond":
        ranked: dict[str, list[Argue]] = {}
        for action in cards:
            result = data.contest(action.card, led_card(debate))
            if action.claim in (None, result):
                ranked.setdefault(result, []).append(action)
        for result in ("wins", "ties"):
            if ranked.get(result):
                return chance.pick(ranked[result])
        return Pass()
    return chance.pick(cards)
