"""What a stand-in player does at an Epireia table, and what the clock plays at a missed deadline."""

from __future__ import annotations

from ..chance import Chance
from . import data
from .actions import Accept, Action, AutoDeploy, EndDevelopment, EndDiplomacy, Engage
from .economy import goals as unmet_goals
from .rules import legal_actions
from .state import HOME, State, open_battle, place_of

BUILD_ORDER = (
    "Granary",
    "Mine",
    "Lumber Camp",
    "Temple",
    "Embassy",
    "Barracks",
    "Administrator's Hall",
    "Prytaneion",
    "Shipyard",
    "Assembly",
    "Stables",
)


def stand_in(state: State, seat: int, chance: Chance) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("stand_in asked for a seat that cannot move")
    kinds = {a.kind for a in legal}
    if state.prompts:
        return _prompt(state, seat, legal)
    if kinds & {"scenario", "city", "league", "admin"}:
        return chance.pick(legal)
    if "figure" in kinds:
        figures = [a for a in legal if a.kind == "figure"]
        return max(figures, key=lambda a: data.FIGURES[a.figure]["attack"])
    if state.phase == "develop":
        return _develop(state, seat, legal)
    if state.phase == "diplomacy":
        return _diplomacy(state, seat, legal)
    return _battle(state, seat, legal)


def _prompt(state: State, seat: int, legal: list[Action]) -> Action:
    first = legal[0]
    if first.kind in ("reroll", "boost"):
        return first
    if first.kind == "bonus_resource":
        player = state.players[seat]
        resources = [a for a in legal if a.kind == "bonus_resource"]
        return min(resources, key=lambda a: getattr(player, a.resource))
    if first.kind == "recruit":
        recruits = [a for a in legal if a.kind == "recruit"]
        return max(recruits, key=lambda a: data.FIGURES[a.figure]["attack"])
    return first


def _develop(state: State, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    measures = {goal[0] for goal in unmet_goals(state)}
    produce = [a for a in legal if a.kind == "produce"]
    builds = {a.building: a for a in legal if a.kind == "build"}
    donations = sorted(
        (a for a in legal if a.kind == "donate" and a.amount <= 3),
        key=lambda a: (-getattr(player, a.resource), a.amount),
    )
    if "triremes" in measures and any(a.unit == "triremes" for a in produce):
        return max((a for a in produce if a.unit == "triremes"), key=lambda a: a.level)
    if "military" in measures and produce:
        return max(produce, key=lambda a: a.level)
    if measures & {"prestige", "donated"}:
        if "Temple" in builds:
            return builds["Temple"]
        if donations:
            return donations[0]
    late = state.act >= 3 or state.turn >= state.options.last_turn - 3 or state.solo and state.turn >= 5
    if produce and (late or len(player.reserve) < state.turn // 2):
        return max(produce, key=lambda a: (a.level, a.unit == "hoplites"))
    for building in BUILD_ORDER:
        if building in builds:
            return builds[building]
    if produce:
        return max(produce, key=lambda a: a.level)
    spare = [a for a in donations if a.amount == 2 and getattr(player, a.resource) >= 5]
    return spare[0] if spare else EndDevelopment()


def _diplomacy(state: State, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    goals = unmet_goals(state)
    wanted = {
        deed.split(":")[1]
        for measure, deeds in goals
        if measure == "deed" and isinstance(deeds, tuple)
        for deed in deeds
        if deed.startswith("empire:")
    }
    moves = [a for a in legal if a.kind == "move"]
    for figure in player.figures:
        here = place_of(state, figure)
        if figure in player.moved or here != HOME and state.territories[here].owner != player.city:
            continue  # a figure that has not yet taken its Territory stays to try again
        options = [a for a in moves if a.figure == figure]
        favoured = [a for a in options if a.to in wanted]
        if any(m == "deed" and isinstance(d, tuple) and "integrate" in d for m, d in goals):
            favoured += [a for a in options if a.to in data.CITIES]
        if any(m == "league_brigands" for m, _ in goals):
            favoured += [a for a in options if a.to in data.TERRITORIES and state.territories[a.to].brigands]
        empires = [a for a in options if a.to in data.EMPIRES]
        lands = [
            a
            for a in options
            if a.to in data.TERRITORIES
            and state.territories[a.to].owner is None
            and not state.territories[a.to].brigands
        ]
        cities = [a for a in options if a.to in data.CITIES]
        for group in (favoured, lands, cities, empires):
            if group:
                return min(group, key=lambda a: _empire_difficulty(a.to))
    return EndDiplomacy()


def _empire_difficulty(place: str) -> int:
    return data.EMPIRES[place]["target"][0] if place in data.EMPIRES else 0


def _battle(state: State, seat: int, legal: list[Action]) -> Action:
    b = open_battle(state)
    if b.stage == "place":  # the bot's plan, drawn by the table's chance (deploy.py)
        return AutoDeploy()
    totals = b.column_totals[b.front][b.column]
    league = state.players[seat].league
    rival = "peloponnesian" if league == "delian" else "delian"
    gap = totals[rival] - totals[league]
    for action in legal:
        if action.kind == "engage" and action.figure and not action.polemarch and gap >= 0:
            return action
    return legal[0]


def default_action(state: State, seat: int, chance: Chance) -> Action:
    """At a missed deadline: end the phase's turn, keep a roll, finish the battle plan the
    stand-in's way (deploy.py), hold back in a column."""
    if state.prompts and state.prompts[0].kind == "second_chance":
        return Accept()
    if not state.prompts and state.phase == "develop":
        return EndDevelopment()
    if not state.prompts and state.phase == "diplomacy":
        return EndDiplomacy()
    if state.phase == "battle" and open_battle(state).stage != "place":
        return Engage()
    return stand_in(state, seat, chance)
