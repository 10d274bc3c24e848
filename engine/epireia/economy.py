"""The strong player's set-up, Development and Diplomacy: build for Level II units, produce the
units its battlefield still has room for, meet the scenario's objective when it can, and send
figures where the expected reward (the odds of the roll times what it brings) is highest."""

from __future__ import annotations

from ..chance import Chance
from . import data
from .actions import Action, EndDevelopment, EndDiplomacy
from .cards import Objective, Unit
from .state import HOME, Player, State, league_army, place_of

CITY_ORDER = ("Sparta", "Athens", "Corinth", "Larissa", "Delphi", "Elis")
ADMIN_ORDER = ("Polemarch", "Archon", "Merchant", "Architect", "Trapezites", "Priestess")
MEAN = {1: 1.3, 2: 2.85}  # a token's mean strength by level
SLOTS = {"hoplites": 9, "cavalry": 3, "triremes": 6}  # room on the battlefield by unit
WORTH = {"wheat": 0.3, "wood": 0.3, "copper": 0.4, "token": 1.3}


def setup_choice(state: State, seat: int, legal: list[Action], chance: Chance) -> Action:
    kinds = {a.kind for a in legal}
    if "scenario" in kinds:  # the table's choice as much as the player's: any of them
        return chance.pick(legal)
    if "city" in kinds:
        cities = [a for a in legal if a.kind == "city"]
        return min(cities, key=lambda a: CITY_ORDER.index(a.city))
    if "admin" in kinds:
        admins = [a for a in legal if a.kind == "admin"]
        return min(admins, key=lambda a: ADMIN_ORDER.index(a.admin))
    if "figure" in kinds:
        figures = [a for a in legal if a.kind == "figure"]
        return max(figures, key=lambda a: (data.FIGURES[a.figure]["attack"], data.FIGURES[a.figure]["sea"], a.figure))
    return legal[0]  # the solo league: either


def prompt(state: State, seat: int, legal: list[Action]) -> Action:
    first = legal[0]
    if first.kind in ("reroll", "boost"):
        return first
    player = state.players[seat]
    if first.kind == "bonus_resource":
        wanted = _wanted_unit(state, player)
        return next((a for a in legal if getattr(a, "resource", None) == data.UNIT_COST_RESOURCE[wanted]), first)
    if first.kind == "bonus_unit":
        wanted = _wanted_unit(state, player)
        return next((a for a in legal if getattr(a, "unit", None) == wanted), first)
    if first.kind == "recruit":
        recruits = [a for a in legal if a.kind == "recruit"]
        return max(recruits, key=lambda a: (data.FIGURES[a.figure]["attack"], a.figure))
    return first


# --- Development ---------------------------------------------------------------------------------


def goals(state: State) -> list[Objective]:
    """What the current scenario asks for, still unmet."""
    if state.solo:
        card = data.SOLO_SCENARIOS.get(state.solo_scenario or "")
        objectives = card["objectives"] if card else []
        return [o for i, o in enumerate(objectives) if i not in state.objectives_met]
    if state.scenario and state.scenario_winner is None:
        return [data.SCENARIOS[state.scenario]["objective"]]
    return []


def _room(state: State, player: Player) -> dict[str, int]:
    """How many more tokens of each unit the league's battlefield can stand."""
    army = league_army(state, player.league)
    return {unit: max(0, SLOTS[unit] - sum(1 for t in army if t.unit == unit)) for unit in SLOTS}


def _wanted_unit(state: State, player: Player) -> Unit:
    room = _room(state, player)
    return max(data.UNITS, key=lambda u: (room[u] > 0, getattr(player, data.UNIT_COST_RESOURCE[u]), u == "hoplites"))


def develop(state: State, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    measures = {goal[0] for goal in goals(state)}
    produce = [a for a in legal if a.kind == "produce"]
    builds = {a.building: a for a in legal if a.kind == "build"}
    room = _room(state, player)
    donations = sorted(
        (a for a in legal if a.kind == "donate" and a.amount <= 3),
        key=lambda a: (-getattr(player, a.resource), a.amount),
    )
    if "triremes" in measures and any(a.unit == "triremes" for a in produce):
        return max((a for a in produce if a.unit == "triremes"), key=lambda a: a.level)
    if "military" in measures and produce:
        return max(produce, key=lambda a: (a.level, room[a.unit] > 0))
    if "buildings" in measures:
        for building in ("Barracks", "Mine", "Stables", "Shipyard", "Granary", "Lumber Camp", "Prytaneion"):
            if building in builds:
                return builds[building]
    if measures & {"prestige", "donated"}:
        if "Temple" in builds:
            return builds["Temple"]
        if donations:
            return donations[0]
    useful = [a for a in produce if room[a.unit] > 0]
    if "Barracks" in builds and state.turn <= 2:
        return builds["Barracks"]
    strong_units = [a for a in useful if a.level == 2]
    if strong_units:
        return max(strong_units, key=lambda a: (getattr(player, data.UNIT_COST_RESOURCE[a.unit]), a.unit))
    if "Prytaneion" in builds and len(player.figures) < data.FIGURE_SLOTS and state.turn <= 2:
        return builds["Prytaneion"]
    weak = [a for a in useful if not (a.unit == "hoplites" and "Barracks" in player.buildings)]
    if weak:
        return max(weak, key=lambda a: (getattr(player, data.UNIT_COST_RESOURCE[a.unit]), a.unit))
    return EndDevelopment()


# --- Diplomacy -----------------------------------------------------------------------------------


def _empire_odds(state: State, player: Player, figure: str, empire: str) -> float:
    card = data.EMPIRES[empire]
    crowded = any(place_of(state, f) == empire for p in state.players for f in p.figures) or any(
        e.place == empire for e in state.enemies
    )
    target = card["target"][1 if crowded else 0]
    bonus = 2 * ("Embassy" in player.buildings) + 2 * (figure in ("Heliodorus", "Hippias"))
    bonus += 2 * (figure == "Timoleon" and empire == "Syracuse") - (state.augur == "Bad Omen")
    return max(0.0, min(1.0, (13 - (target - bonus)) / 12))


def _reward(reward: dict[str, int], unit: bool) -> float:
    return sum(WORTH[r] * n for r, n in reward.items()) + (WORTH["token"] if unit else 0.0)


def _worth(state: State, player: Player, figure: str, place: str, wanted: set[str]) -> float:
    """What sending `figure` to `place` is worth on average (goals counted extra)."""
    bonus = 3.0 if place in wanted else 0.0
    if place in data.EMPIRES:
        card = data.EMPIRES[place]
        odds = _empire_odds(state, player, figure, place)
        return odds * (_reward(card["reward"], "unit" in card) + bonus)
    if place in data.TERRITORIES:
        land = state.territories[place]
        if land.brigands or land.owner == player.city:
            return bonus * 0.4 if land.brigands else -1.0
        tax = _reward(data.TERRITORIES[place]["tax"], False)
        rivals = [
            f for p in state.players if p.league != player.league for f in p.figures if place_of(state, f) == place
        ]
        odds = 0.4 if rivals else 0.95
        return odds * (tax + 0.6 + bonus)
    bonus += 2 * ("Assembly" in player.buildings) + 2 * (figure in ("Cleisthenes", "Gorgo"))
    odds = max(0.0, min(1.0, (13 - (data.INTEGRATION_TARGET - bonus)) / 12))
    return odds * (WORTH["copper"] + WORTH["token"] + (3.0 if "integrate" in wanted else 0.0))


def diplomacy(state: State, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    wanted: set[str] = set()
    for measure, deeds in goals(state):
        if measure == "deed" and isinstance(deeds, tuple):
            wanted |= {d.split(":")[1] if d.startswith("empire:") else d for d in deeds}
        if measure == "territories":
            wanted |= {t for t, land in state.territories.items() if land.owner is None and not land.brigands}
        if measure == "league_brigands":
            wanted |= {t for t, land in state.territories.items() if land.brigands}
    best: tuple[float, Action] = (0.0, EndDiplomacy())
    for action in legal:
        if action.kind != "move" or action.to == HOME:
            continue
        here = place_of(state, action.figure)
        if here in data.TERRITORIES and state.territories[here].owner != player.city:
            continue  # still taking its Territory: it stays
        keep = 0.5 if here in data.TERRITORIES else 0.0  # guarding what it holds
        worth = _worth(state, player, action.figure, action.to, wanted) - keep
        if worth > best[0] + 1e-9:
            best = (worth, action)
    return best[1]
