"""What a stand-in player does at an Epireia table, and what the clock plays at a missed deadline."""
from __future__ import annotations

from ..chance import Chance
from . import battle, data
from .actions import Accept, EndDevelopment, EndDiplomacy, Engage
from .rules import legal_actions
from .state import HOME, State, league_army, place_of

BUILD_ORDER = ("Granary", "Mine", "Lumber Camp", "Temple", "Embassy", "Barracks", "Administrator's Hall",
               "Prytaneion", "Shipyard", "Assembly", "Stables")


def stand_in(state: State, seat: int, chance: Chance):
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("stand_in asked for a seat that cannot move")
    kinds = {a.kind for a in legal}
    if state.prompts:
        return _prompt(state, seat, legal)
    if kinds & {"scenario", "city", "league", "admin"}:
        return chance.pick(legal)
    if "figure" in kinds:
        return max(legal, key=lambda a: data.FIGURES[a.figure]["attack"])
    if state.phase == "develop":
        return _develop(state, seat, legal)
    if state.phase == "diplomacy":
        return _diplomacy(state, seat, legal)
    return _battle(state, seat, legal)


def _prompt(state: State, seat: int, legal: list):
    first = legal[0]
    if first.kind in ("reroll", "boost"):
        return first
    if first.kind == "bonus_resource":
        player = state.players[seat]
        return min(legal, key=lambda a: getattr(player, a.resource))
    if first.kind == "recruit":
        return max(legal, key=lambda a: data.FIGURES[a.figure]["attack"])
    return first


def _develop(state: State, seat: int, legal: list):
    player = state.players[seat]
    produce = [a for a in legal if a.kind == "produce"]
    builds = {a.building: a for a in legal if a.kind == "build"}
    late = state.act >= 3 or state.turn >= state.options.last_turn - 3 or state.solo and state.turn >= 5
    if produce and (late or len(player.reserve) < state.turn // 2):
        return max(produce, key=lambda a: (a.level, a.unit == "hoplites"))
    for building in BUILD_ORDER:
        if building in builds:
            return builds[building]
    if produce:
        return max(produce, key=lambda a: a.level)
    donations = [a for a in legal if a.kind == "donate" and a.amount == 2 and getattr(player, a.resource) >= 5]
    if donations:
        return donations[0]
    return EndDevelopment()


def _diplomacy(state: State, seat: int, legal: list):
    player = state.players[seat]
    moves = [a for a in legal if a.kind == "move"]
    for figure in player.figures:
        if figure in player.moved or place_of(state, figure) != HOME:
            continue
        options = [a for a in moves if a.figure == figure]
        empires = [a for a in options if a.to in data.EMPIRES]
        lands = [a for a in options if a.to in data.TERRITORIES
                 and state.territories[a.to].owner is None and not state.territories[a.to].brigands]
        cities = [a for a in options if a.to in data.CITIES]
        for group in (lands, cities, empires):
            if group:
                return min(group, key=lambda a: _empire_difficulty(a.to))
    return EndDiplomacy()


def _empire_difficulty(place: str) -> int:
    return data.EMPIRES[place]["target"][0] if place in data.EMPIRES else 0


def _battle(state: State, seat: int, legal: list):
    first = legal[0]
    if first.kind == "deploy":
        return first
    if first.kind == "station":
        named = [a for a in legal if a.figure]
        return max(named, key=lambda a: data.FIGURES[a.figure]["attack"]) if named else first
    b = state.battle
    totals = b.column_totals[b.front][b.column]
    league = state.players[seat].league
    rival = "peloponnesian" if league == "delian" else "delian"
    gap = totals[rival] - totals[league]
    for action in legal:
        if action.figure and not action.polemarch and gap >= 0:
            return action
    return legal[0]


def default_action(state: State, seat: int, chance: Chance):
    """At a missed deadline: end the phase's turn, keep a roll, hold back in battle."""
    if state.prompts and state.prompts[0].kind == "second_chance":
        return Accept()
    if not state.prompts and state.phase == "develop":
        return EndDevelopment()
    if not state.prompts and state.phase == "diplomacy":
        return EndDiplomacy()
    if state.phase == "battle" and state.battle.stage != "place":
        return Engage()
    return stand_in(state, seat, chance)


__all__ = ["stand_in", "default_action", "league_army", "battle"]
