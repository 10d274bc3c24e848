"""Epireia's flow: who moves, what is legal, applying an action, and the automatic steps between
decisions (the end of a player's turn, the phases, the Resolution, the turn's end, the battle)."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction, Outcome, Step
from . import battle, data, deploy, develop, dice, diplomacy, resolution, scenarios
from .actions import Action
from .setup import act as act_in_setup
from .setup import legal as legal_in_setup
from .setup import setup as setup
from .state import State, clone, diplomacy_order, open_battle, open_roll, seats_of

SETUP_PHASES = ("scenario", "city", "league", "admin", "figure")
PROMPT_KINDS = {
    "bonus_resource": ("bonus_resource",),
    "bonus_unit": ("bonus_unit",),
    "recruit": ("recruit",),
    "second_chance": ("reroll", "boost", "accept"),
}


# --- Who moves and what is legal -----------------------------------------------------------------


def to_move(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.prompts:
        return frozenset({state.prompts[0].seat})
    if state.phase == "figure":
        return frozenset(p.seat for p in state.players if p.chosen is None)
    if state.phase in SETUP_PHASES:
        return frozenset({state.picking[state.pick]})
    if state.phase in ("develop", "diplomacy"):
        return frozenset({state.order[state.current]})
    if state.phase == "battle":
        return frozenset(s for league in _battle_leagues(state) for s in seats_of(state, league))
    return frozenset()


def waiting_reason(state: State, seat: int) -> str | None:
    """Why a league's player cannot act in the battle now, where "It is not your turn." would
    mislead: their league has decided already (they, or their partner)."""
    if state.phase != "battle" or state.prompts:
        return None
    b, league = open_battle(state), state.players[seat].league
    who = " (by you or your partner)" if len(seats_of(state, league)) > 1 else ""
    if b.stage == "place" and b.plans[league].ready:
        return f"Your league's battle plan is already confirmed{who}: the other league deploys."
    if b.stage == "engage" and league in b.choices:
        where = f"column {b.column + 1} of the {data.FRONT_NAMES[data.FRONTS[b.front]]}"
        return f"Your league has already decided in {where}{who}: the other league decides now."
    if b.stage == "respond":
        return "The other league is answering in this column."
    return None


def _battle_leagues(state: State) -> list[str]:
    """The leagues whose choice the battle waits for (any of their players may make it)."""
    b = open_battle(state)
    if b.stage == "place":
        return [league for league, plan in b.plans.items() if not plan.ready]
    if b.stage == "engage":
        return [league for league in b.waiting if league not in b.choices]
    if b.stage == "respond":
        assert b.responder is not None, "a league is answering in this column"
        return [b.responder]
    return []


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_move(state):
        return []
    if state.prompts:
        prompt = state.prompts[0]
        if prompt.kind == "second_chance":
            return dice.second_chances(state, open_roll(state), _side_index(state, seat))
        return develop.bonus_actions(state, prompt)
    if state.phase in SETUP_PHASES:
        return legal_in_setup(state, seat)
    if state.phase == "develop":
        return develop.legal(state, seat)
    if state.phase == "diplomacy":
        return diplomacy.legal(state, seat)
    league = state.players[seat].league
    if open_battle(state).stage == "place":
        return deploy.options(state, league)
    return list(battle.engage_options(state, league))  # as list[Action]: a list[Engage] is not one


def _side_index(state: State, seat: int) -> int:
    return next(i for i, side in enumerate(open_roll(state).sides) if side.seat == seat)


# --- Applying an action --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, chance: Chance) -> Step:
    state = clone(state)
    if seat not in to_move(state):
        raise IllegalAction("It is not your turn.")
    events: list[Event] = []
    if state.prompts:
        events += _answer(state, seat, action, chance)
    elif action.kind in ("scenario", "city", "league", "admin", "figure"):
        _expect(state.phase in SETUP_PHASES, "The set-up is over.")
        events += act_in_setup(state, seat, action, chance)
    elif state.phase == "develop":
        _expect(
            action.kind
            in ("donate", "build", "produce", "architect", "trade", "withdraw", "archon", "end_development"),
            "It is the Development phase: donate, build or produce.",
        )
        events += develop.act(state, seat, action, chance)
    elif state.phase == "diplomacy":
        _expect(action.kind in ("move", "end_diplomacy"), "It is the Diplomacy phase: move your figures.")
        events += diplomacy.act(state, seat, action, chance)
    elif state.phase == "battle":
        events += _battle(state, seat, action, chance)
    else:
        raise IllegalAction("That is not possible now.")
    advance(state, chance, events)
    return Step(state=state, events=tuple(events))


def _expect(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def _answer(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    prompt = state.prompts[0]
    _expect(
        action.kind in PROMPT_KINDS[prompt.kind],
        {
            "bonus_resource": "First choose the resource of your Prestige bonus.",
            "bonus_unit": "First choose the unit of your Prestige bonus.",
            "recruit": "First choose the figure your Prytaneion recruits.",
            "second_chance": "First decide about your roll: a second chance, or keep it.",
        }[prompt.kind],
    )
    if prompt.kind != "second_chance":
        return develop.take_bonus(state, seat, action, chance)
    _expect(
        action in dice.second_chances(state, open_roll(state), _side_index(state, seat)),
        "That second chance is not open to you.",
    )
    state.prompts.pop(0)
    if action.kind == "reroll":
        return dice.reroll(state, seat, action, chance)
    if action.kind == "boost":
        return dice.boost(state, seat, action)
    return dice.accept(state, seat)


PLAN_KINDS = ("place", "strongest", "confirm_front", "reopen", "station", "confirm_plan", "auto_deploy")


def _battle(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    events: list[Event] = []
    league = state.players[seat].league
    stage = open_battle(state).stage
    if stage == "place":
        _expect(action.kind in PLAN_KINDS, "Deploy your army and place your figures first.")
        deploy.act(state, seat, league, action, chance, events)
    else:
        if action.kind != "engage":
            raise IllegalAction("The battle plans are confirmed and revealed: decide whether to engage in this column.")
        if stage == "engage" and len(open_battle(state).waiting) > 1:
            events.append(Event(f"You chose: {'engage' if action.figure or action.polemarch else 'hold'}.", to=seat))
            events.append(Event(f"The {battle.LEAGUE[league]} has decided."))
        battle.engage(state, league, action, events)
    return events


# --- The automatic steps between decisions -------------------------------------------------------


def _drop_dead_prompts(state: State, events: list[Event]) -> None:
    """A bonus that can no longer be paid (another bonus took the resources or the last token
    first) is lost, as the rulebook says of a bonus the player cannot pay."""
    while state.prompts and not legal_actions(state, state.prompts[0].seat):
        prompt = state.prompts.pop(0)
        events.append(Event(f"🎁 **{state.players[prompt.seat].city}** cannot pay for a Prestige bonus: it is lost."))


def advance(state: State, chance: Chance, events: list[Event]) -> None:
    while True:
        _drop_dead_prompts(state, events)
        if state.phase in ("over", *SETUP_PHASES) or state.prompts:
            return
        if state.phase in ("develop", "diplomacy", "resolve"):
            scenarios.check(state, chance, events)
            if state.prompts:
                return
        if state.phase == "develop":
            if state.players[state.order[state.current]].actions_left > 0:
                return
            state.current += 1
            if state.current < len(state.order):
                develop.start_turn_of(state, state.order[state.current])
                continue
            state.phase, state.order, state.current = "diplomacy", diplomacy_order(state), 0
            events.append(Event("🧭 **Diplomacy phase.**"))
            continue
        if state.phase == "diplomacy":
            if state.current < len(state.order):
                if diplomacy.can_move(state, state.order[state.current]):
                    return
                state.current += 1
                continue
            if state.enemies:
                events.extend(diplomacy.move_enemies(state, chance))
            resolution.start(state, events)
            continue
        if state.phase == "resolve":
            if resolution.run(state, chance, events):
                return
            scenarios.check(state, chance, events)
            if state.prompts:
                return
            _end_turn(state, chance, events)
            continue
        battle.advance(state, events)
        return


def _end_turn(state: State, chance: Chance, events: list[Event]) -> None:
    follow = scenarios.turn_over(state, events)
    if follow == "next":
        scenarios.start_turn(state, chance, events)
    elif follow == "battle":
        battle.start(state, events)
    else:
        state.phase, state.winners = "over", []
        state.result = "the scenario's objectives were not met in time: defeat."
        events.append(Event(f"🏁 The last turn is over and {state.result}"))


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    return Outcome(winners=tuple(state.winners or ()), reason=state.result)
