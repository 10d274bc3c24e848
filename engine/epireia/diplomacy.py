"""The Diplomacy phase: Influential Figures go to Empires, Territories and neutral Greek cities;
in solo mode the enemy figures follow the rulebook's d12 table."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data
from .actions import Action, EndDiplomacy, Move
from .state import HOME, State, name, neutral_cities, place_of, seats_of


def _blocked_places(state: State, seat: int) -> set[str]:
    """Where the seat may not send a figure: only one figure of a city on an Empire or a Greek
    city; with 3 or 4 players only one of a league on an Empire (rulebook), and, by our table
    rule, on a Greek city too. Territories are never blocked."""
    player = state.players[seat]
    mates = seats_of(state, player.league) if len(state.players) >= 3 else [seat]
    theirs = {f for m in mates for f in state.players[m].figures}
    return {where for f, where in state.places.items() if f in theirs and data.place_kind(where) != "territory"}


def destinations(state: State, seat: int, figure: str, blocked: set[str] | None = None) -> list[str]:
    player = state.players[seat]
    blocked = _blocked_places(state, seat) if blocked is None else blocked
    sea_ok = data.FIGURES[figure]["sea"] and state.augur != "Storm"
    here = place_of(state, figure)
    found = []
    for place in list(data.EMPIRES) + list(data.TERRITORIES):
        if place != here and (sea_ok or not data.is_sea(place)) and place not in blocked:
            found.append(place)
    if not state.solo:
        for city in neutral_cities(state):
            ally = state.allies.get(city)
            if (ally is None or ally.league != player.league) and city not in blocked:
                found.append(city)
    return found + ([HOME] if here != HOME else [])


def _unmoved(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    return [f for f in player.figures if f not in player.moved]


def legal(state: State, seat: int) -> list[Action]:
    blocked = _blocked_places(state, seat)
    moves: list[Action] = [
        Move(figure=f, to=to) for f in _unmoved(state, seat) for to in destinations(state, seat, f, blocked)
    ]
    return moves + [EndDiplomacy()]


def can_move(state: State, seat: int) -> bool:
    """Whether `legal` offers a move (besides ending), without listing them all."""
    blocked = _blocked_places(state, seat)
    return any(destinations(state, seat, f, blocked) for f in _unmoved(state, seat))


def act(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    player = state.players[seat]
    if action.kind == "end_diplomacy":
        state.current += 1
        return [Event(f"**{name(state, seat)}** ends their moves.")]
    assert action.kind == "move", "rules.apply lets only moves and their end through"
    if action.figure not in player.figures:
        raise IllegalAction("That figure is not one of yours.")
    if action.figure in player.moved:
        raise IllegalAction(f"{action.figure} has already moved this turn.")
    if action.to not in destinations(state, seat, action.figure):
        raise IllegalAction(_refusal(state, seat, action))
    player.moved.append(action.figure)
    if action.to == HOME:
        state.places.pop(action.figure, None)
        where = f"home to {player.city}"
    else:
        state.places[action.figure] = action.to
        where = f"to {action.to} ({data.place_kind(action.to)})"
    events = [Event(f"🧭 **{name(state, seat)}** sends **{action.figure}** {where}.")]
    if not can_move(state, seat):
        state.current += 1
    return events


def _refusal(state: State, seat: int, action: Move) -> str:
    to = action.to
    if to != HOME and to not in data.EMPIRES and to not in data.TERRITORIES and to not in data.CITIES:
        return "There is no such place on the map."
    if data.is_sea(to) and not data.FIGURES[action.figure]["sea"]:
        return f"{action.figure} cannot go to sea: only figures with the sea icon can."
    if data.is_sea(to) and state.augur == "Storm":
        return "The Storm keeps every figure off the sea this turn."
    if to in data.CITIES:
        if state.solo:
            return "In solo mode the Greek cities cannot be won over."
        return "That Greek city is not open to you (played, already yours, or already visited)."
    if place_of(state, action.figure) == to:
        return f"{action.figure} is already there."
    return "Your city (or league) already sends a figure there."


def move_enemies(state: State, chance: Chance) -> list[Event]:
    """Solo: roll a d12 for each enemy figure and move it by the rulebook's table."""
    events = []
    for enemy in state.enemies:
        die = chance.roll(12)
        enemy.place = data.ENEMY_MOVES[die - 1]
        events.append(Event(f"🎲 Enemy **{enemy.name}** ({enemy.city}) rolls **{die}** → {enemy.place}."))
    return events
