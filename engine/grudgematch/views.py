"""What each seat sees, who won, and the same position with its secrets re-dealt."""

from __future__ import annotations

from typing import Any

from ..chance import Chance
from ..core import copy_state
from . import data, field
from .legal import required, to_move
from .state import State, destinations, full_deck, on_field, team_of

WHOLE_DECK = len(full_deck()) + 1  # with the joker


def _kick_view(state: State) -> dict[str, Any] | None:
    kick = state.kick
    if kick is None:
        return None
    shown: dict[str, Any] = {
        "kicker": kick.kicker,
        "card": kick.card,
        "value": kick.value,
        "resist": kick.resist,
        "direction": kick.direction,
        "start": kick.start,
        "path": kick.path[: kick.at + 1],
        "ahead": kick.path[kick.at + 1 :],
        "goal": kick.goal,
        "tacklers": list(kick.tacklers),
    }
    if state.phase == "block":
        shown |= {"blockers": [p for p in kick.chances if team_of(p) == kick.asking[0]], "required": required(state)}
    return shown


def _running_view(state: State) -> dict[str, Any] | None:
    """The dice, and for each philosopher who may still run, the spaces he can reach with the
    steps each needs (so a menu can group the destinations by distance)."""
    running = state.running
    if running is None:
        return None
    reach: dict[str, dict[str, int]] = {}
    if running.left:
        for who in on_field(state, running.seat):
            if who not in running.moved:
                spaces = destinations(state, who, max(running.left))
                reach[who] = {space: spaces[space] for space in sorted(spaces, key=field.READING_ORDER.__getitem__)}
    return running.model_dump() | {"reach": reach}


def view(state: State, seat: int | None) -> dict[str, Any]:
    teams = [
        {
            "name": data.TEAM_NAMES[team],
            "philosophers": list(data.TEAMS[team]),
            "score": state.score[team],
            "hand_size": len(state.hands[team]),
            "penalty": list(state.penalty[team]),
        }
        for team in (data.GERMANS, data.FRENCH)
    ]
    public: dict[str, Any] = {
        "names": [f"the {team['name']}" for team in teams],  # who each seat is, for the lobby and "You are"
        "teams": teams,
        "spots": dict(sorted(state.spots.items())),
        "ball": state.ball,
        "phase": state.phase,
        "to_move": sorted(to_move(state)),
        "mover": state.mover,
        "turn": state.turn,
        "turn_limit": state.options.turn_limit,
        "half": state.half,
        "sudden_death": state.sudden_death,
        "fouling": state.options.fouling,
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "dice": list(state.dice),
        "running": _running_view(state),
        "kick": _kick_view(state),
        "last_kick": state.last_kick.model_dump() if state.last_kick else None,
        "placing": state.placing.holder if state.placing else None,
        "lineup_chosen": sorted(state.lineups),
        "bonus": list(state.bonus),
        "winner": state.winner,
        "result": state.result,
    }
    if seat is not None:
        public |= {
            "seat": seat,
            "team": data.TEAM_NAMES[seat],
            "hand": list(state.hands[seat]),
            "lineup": state.lineups.get(seat),
        }
    return public


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    """Re-deal what `keep` cannot see: the other hands, the deck's order (the joker stays where it
    may still be, near the middle of the original deck) and a line-up chosen but not yet shown."""
    state = copy_state(state)
    hidden = [team for team in (data.GERMANS, data.FRENCH) if team != keep]
    joker_waiting = data.JOKER in state.deck
    pool = [card for team in hidden for card in state.hands[team]]
    pool += [card for card in state.deck if card != data.JOKER]
    # sorted first, so that the re-deal depends only on which cards are hidden, not on how they lie
    pool = chance.shuffle(sorted(pool))
    for team in hidden:
        size = len(state.hands[team])
        state.hands[team], pool = pool[:size], pool[size:]
    state.deck = pool
    if joker_waiting:
        drawn = WHOLE_DECK - len(pool) - 1
        middle = (WHOLE_DECK - 1 + 1) // 2
        low = max(0, middle - data.JOKER_SPREAD - drawn)
        high = min(len(pool), middle + data.JOKER_SPREAD - drawn)
        state.deck.insert(chance.pick(range(low, high + 1)), data.JOKER)
    for team in hidden:
        if team in state.lineups:
            state.lineups[team] = chance.pick(sorted(data.LINEUPS))
    return state
