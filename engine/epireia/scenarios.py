"""Scenario cards (Acts I-III), their objectives, rewards and constraints; the solo scenario's
objectives; the Augur cards; and the start and end of every turn."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data, develop
from .cards import Objective
from .data import Unit
from .state import State, development_order, draw_token, name, solo_scenario, territories_of

# --- Objectives ----------------------------------------------------------------------------------


def measure_met(state: State, seat: int, objective: Objective) -> bool:
    measure, amount = objective
    player = state.players[seat]
    if isinstance(amount, tuple):  # ("deed", deeds): any one of them
        if measure == "deed":
            return any(deed in player.deeds for deed in amount)
        raise ValueError(measure)
    if measure == "donated":
        return player.donated >= amount
    if measure == "buildings":
        return len(player.buildings) >= amount
    if measure == "territories":
        return len(territories_of(state, player.city)) >= amount
    if measure == "prestige":
        return player.prestige >= amount
    if measure == "military":
        return len(player.reserve) >= amount
    if measure == "triremes":
        return sum(1 for t in player.reserve if t.unit == "triremes") >= amount
    if measure == "league_brigands":
        cleared = sum(p.deeds.count("brigands") for p in state.players if p.league == player.league)
        return cleared >= amount and "brigands" in player.deeds
    raise ValueError(measure)


def check(state: State, chance: Chance, events: list[Event]) -> None:
    """The first player to meet the objective wins the reward at once (only one can)."""
    if state.solo:
        solo = data.SOLO_SCENARIOS.get(state.solo_scenario or "")
        for index, objective in enumerate(solo["objectives"] if solo else []):
            if index not in state.objectives_met and measure_met(state, 0, objective):
                state.objectives_met.append(index)
                events.append(Event(f"🎯 Objective met: {objective_text(objective)}."))
        return
    if state.scenario is None or state.scenario_winner is not None:
        return
    card = data.SCENARIOS[state.scenario]
    for seat in development_order(state):
        if measure_met(state, seat, card["objective"]):
            state.scenario_winner = seat
            events.append(Event(f"🏅 **{name(state, seat)}** completes **{state.scenario}** (Act {state.act})!"))
            _reward(state, seat, card["reward"], chance, events)
            return


def _reward(state: State, seat: int, reward: list[tuple[Unit, int]], chance: Chance, events: list[Event]) -> None:
    player = state.players[seat]
    won = []
    for unit, level in reward:
        token = draw_token(state, unit, level, chance)
        if token is None:
            events.append(Event(f"The {data.unit_name(unit, level)} stack is empty: that reward is lost."))
            continue
        player.reserve.append(token)
        won.append(data.unit_name(unit, level))
        events.append(Event(f"Your reward token: {develop.token_text(token)}.", to=seat))
    if won:
        events.append(Event(f"🎖️ Reward to the reserve: {', '.join(won)}."))


def objective_text(objective: Objective) -> str:
    measure, amount = objective
    if isinstance(amount, tuple):  # ("deed", deeds)
        return " or ".join(_deed_text(d) for d in amount)
    return {
        "donated": f"donate {amount} resources in all",
        "buildings": f"own {amount} buildings",
        "territories": f"control {amount} Territories",
        "prestige": f"reach Prestige {amount}",
        "military": f"hold {amount} military tokens",
        "triremes": f"hold {amount} Triremes tokens",
        "league_brigands": f"your league clears {amount} Brigand tokens",
    }[measure]


def _deed_text(deed: str) -> str:
    if deed.startswith("empire:"):
        return f"win the favour of {deed.split(':')[1]}"
    return {"integrate": "bring a Greek city into your league", "brigands": "clear a Brigand token"}[deed]


# --- Acts, Augurs and Brigands -------------------------------------------------------------------


def place_brigands(state: State, place: str, events: list[Event]) -> None:
    """A Brigand token removes the City token that was there (rulebook)."""
    land = state.territories[place]
    lost = f" and drive **{land.owner}** out" if land.owner else ""
    land.brigands, land.owner = True, None
    events.append(Event(f"🗡️ Brigands occupy **{place}**{lost}."))


def reveal_act(state: State, chance: Chance, events: list[Event]) -> None:
    state.act += 1
    state.scenario = chance.pick(data.act_scenarios(state.act))
    state.scenario_winner = None
    for player in state.players:
        player.deeds = []
    card = data.SCENARIOS[state.scenario]
    text = f"📜 **Act {state.act}: {state.scenario}**. Objective: {card['text']}."
    reward = ", ".join(data.unit_name(u, lv) for u, lv in card["reward"])
    text += f" Reward: {reward}."
    if card.get("constraint"):
        text += f" Constraint: {card['constraint']}."
    events.append(Event(text))
    for place in card.get("brigands", ()):
        place_brigands(state, place, events)


def reveal_augur(state: State, chance: Chance, events: list[Event]) -> None:
    state.augur = state.augurs.pop(0) if state.augurs else "Calm"
    state.augurs_seen.append(state.augur)
    events.append(Event(f"🔮 Augur: **{state.augur}**: {data.AUGURS[state.augur]}."))
    if state.augur in ("Festival", "Unrest"):
        develop.change_prestige(state, 0, 1 if state.augur == "Festival" else -1, events, f" ({state.augur})")
    if state.augur == "Raiders":
        free = [t for t, land in state.territories.items() if not land.brigands and not data.is_sea(t)]
        if free:
            place_brigands(state, chance.pick(free), events)


# --- The turn ------------------------------------------------------------------------------------


def start_turn(state: State, chance: Chance, events: list[Event]) -> None:
    state.turn += 1
    for player in state.players:
        player.moved, player.used, player.archon_used, player.trades_left = [], [], False, 0
    limit = data.SOLO_SCENARIOS[solo_scenario(state)]["turns"] if state.solo else state.options.last_turn
    events.append(Event(f"🌅 **Turn {state.turn}** of at most {limit}."))
    if state.solo:
        reveal_augur(state, chance, events)
    elif state.act == 0 or (state.scenario_winner is not None and state.act < 3):
        reveal_act(state, chance, events)
    state.phase = "develop"
    state.order = development_order(state)
    state.current = 0
    develop.start_turn_of(state, state.order[0])
    events.append(Event("🏛️ **Development phase.**"))


def turn_over(state: State, events: list[Event]) -> str:
    """What follows the Collection: 'battle', 'lost' (solo) or 'next'."""
    if state.solo:
        card = data.SOLO_SCENARIOS[solo_scenario(state)]
        if state.turn < card["turns"]:
            return "next"
        if len(state.objectives_met) == len(card["objectives"]):
            return "battle"
        return "lost"
    if state.act == 3 and state.scenario_winner is not None:
        events.append(Event("Act III is complete: the tensions explode into the Great Battle!"))
        return "battle"
    if state.turn >= state.options.last_turn:
        events.append(Event(f"Turn {state.turn} was the last (table rule): the Great Battle begins."))
        return "battle"
    return "next"
