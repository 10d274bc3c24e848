"""The Moirai, the solo automaton: each turn the Fates draw a card that sends their philosopher
somewhere and makes it spin (followers, schools), measure (tokens, tithes) or cut (the timeline)."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .board import award_token, claimable, entry_fees, place_follower
from .clock import advance_timeline, game_over
from .state import State, occupants

PLAYER = 0  # the solo player's seat


def fits(where: str, location: str) -> bool:
    place = data.LOCATIONS[location]
    if place.kind == "acropolis":
        return False
    if where in ("west", "east"):
        return place.region == where
    return where == "any" or place.kind == where


def destinations(state: State, who: int, deed: str, where: str) -> list[str]:
    moirai = state.players[who]
    free = [loc for loc in data.LOCATIONS if fits(where, loc) and loc != moirai.location and not occupants(state, loc)]
    if deed == "follower":
        return [loc for loc in free if who not in state.sites[loc].followers] if moirai.followers_left else []
    if deed == "school":
        return [loc for loc in free if who not in state.sites[loc].schools] if moirai.schools_left else []
    if deed == "token":
        tokens = [loc for loc in free if state.sites[loc].token]
        wanted = [loc for loc in tokens if state.sites[loc].token not in moirai.tokens]
        return wanted or tokens
    return free


def moirai_turn(state: State, chance: Chance) -> list[Event]:
    who = state.seats
    moirai = state.players[who]
    if moirai.silenced:
        moirai.silenced = False
        return [Event("🧵 The Moirai are spellbound and lose their turn.")]
    if not state.moirai_deck:
        state.moirai_runs += 1
        if state.moirai_runs >= 2:
            return game_over(state, [], "The Moirai's deck ran out a second time: the Fates cut your thread.")
        state.moirai_deck, state.moirai_discard = chance.shuffle(state.moirai_discard), []
        events = [Event("🧵 The Moirai shuffle their deck: this is its last pass.")]
    else:
        events = []
    card = state.moirai_deck.pop(0)
    state.moirai_discard.append(card)
    fate = data.MOIRAI[card]
    events.append(Event(f"🧵 The Moirai draw *{card}*."))
    if fate.deed == "timeline":
        if not occupants(state, "timeline"):
            moirai.location = "timeline"
        return events + advance_timeline(state, chance)
    places = destinations(state, who, fate.deed, fate.where)
    if not places:
        return events + [Event("🧵 The Fates find no place for it and wait.")]
    moirai.location = chance.pick(places)
    site = state.sites[moirai.location]
    where = data.LOCATIONS[moirai.location].name
    events += entry_fees(state, who)
    if fate.deed == "follower":
        place_follower(state, who, moirai.location)
        events.append(Event(f"🧵 The Moirai gain a follower at {where}."))
    elif fate.deed == "school":
        moirai.schools_left -= 1
        site.schools.append(who)
        events.append(Event(f"🧵 The Moirai build a school at {where}."))
    elif fate.deed == "token":
        colour = site.token
        assert colour is not None, "the Fates go for a token only where one lies"
        moirai.tokens.append(colour)
        events.append(Event(f"🧵 The Moirai take the {colour} token at {where}."))
        site.token = None
    else:
        lost = min(data.TITHE, state.players[PLAYER].coins)
        state.players[PLAYER].coins -= lost
        toll = f"you lose {lost} coin{'s' * (lost != 1)}" if lost else "but you have no coins"
        events.append(Event(f"🧵 The Moirai go to {where} and take their tithe: {toll}."))
    return events + moirai_labyrinth(state)


def moirai_labyrinth(state: State) -> list[Event]:
    """The Fates take a Labyrinth token the moment they meet a criterion; three, and they win."""
    who = state.seats
    events = []
    for criterion in claimable(state, who):
        if len(state.players[who].claimed) < data.TOKENS_TO_WIN:
            events.append(award_token(state, who, criterion))
    if len(state.players[who].claimed) >= data.TOKENS_TO_WIN and state.phase != "over":
        events += game_over(state, [], "The Moirai hold three Labyrinth tokens: the Fates win.")
    return events
