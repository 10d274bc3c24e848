"""What happens on the board, whoever causes it: drawing cards, placing and removing followers,
entry fees, location tokens, and the Labyrinth criteria."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data
from .state import State, bold, hand_limit, kind, perk_count


def require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


# --- Argument cards ------------------------------------------------------------------------------


def draw_arguments(state: State, who: int, sophistry: int, syllogism: int) -> list[str]:
    """Draw from the top of each deck, as far as the decks and the hand limit allow."""
    player = state.players[who]
    drawn = []
    for deck, count in ((state.sophistry, sophistry), (state.syllogism, syllogism)):
        for _ in range(count):
            if deck and len(player.hand) < hand_limit(player):
                drawn.append(deck.pop(0))
                player.hand.append(drawn[-1])
    return drawn


def return_arguments(state: State, cards: list[str], chance: Chance) -> None:
    """Used argument cards go back into their decks, which are shuffled; the riddle goes to the box."""
    state.sophistry = chance.shuffle(state.sophistry + [c for c in cards if data.deck_of(c) == "sophistry"])
    state.syllogism = chance.shuffle(state.syllogism + [c for c in cards if data.deck_of(c) == "syllogism"])


def drawn_event(state: State, who: int, drawn: list[str]) -> list[Event]:
    if not drawn:
        return [Event(f"{bold(state, who)} draws no card (hand full or decks empty).")]
    counts = {deck: sum(1 for c in drawn if data.deck_of(c) == deck) for deck in ("sophistry", "syllogism")}
    mix = " and ".join(f"{n} {deck.title()}" for deck, n in counts.items() if n)
    return [Event(f"{bold(state, who)} draws {mix}."), Event(f"You draw: {', '.join(drawn)}.", to=who)]


# --- Followers and schools -----------------------------------------------------------------------


def place_follower(state: State, who: int, location: str) -> None:
    state.players[who].followers_left -= 1
    state.sites[location].followers.append(who)


def send_home(state: State, who: int, location: str) -> None:
    state.sites[location].followers.remove(who)
    state.players[who].followers_left += 1


def entry_fees(state: State, who: int) -> list[Event]:
    """Entering a place with an opponent's school costs a coin to each owner (Homer never pays;
    the Moirai pay from the bank)."""
    mover = state.players[who]
    if mover.character == "Homer" and not mover.automaton:
        return []
    events = []
    for owner in state.sites[mover.location].schools:
        if owner == who:
            continue
        fee = 2 if perk_count(state.players[owner], "fee") else data.ENTRY_FEE
        if not mover.automaton:
            fee = min(fee, mover.coins)
            mover.coins -= fee
        if fee:
            if not state.players[owner].automaton:
                state.players[owner].coins += fee
            events.append(
                Event(f"{bold(state, who)} pays {fee} coin{'s' * (fee > 1)} to {bold(state, owner)}'s school.")
            )
    return events


# --- Location tokens -----------------------------------------------------------------------------


def token_benefit(state: State, who: int, colour: str) -> list[Event]:
    player, supply = state.players[who], state.supply
    got = "nothing"
    if colour == "black":
        player.coins += 2
        got = "2 coins"
    elif colour == "yellow":
        drawn = draw_arguments(state, who, 0, 1)
        got = "a Syllogism card" if drawn else "nothing (hand full)"
        if drawn:
            return [
                Event(f"{bold(state, who)} takes the token's benefit: {got}."),
                Event(f"You draw {drawn[0]}.", to=who),
            ]
    elif colour == "blue" and supply.sophists:
        supply.sophists -= 1
        player.sophists += 1
        got = "a Sophist"
    elif colour == "red" and supply.builders and player.builders < data.MAX_BUILDERS:
        supply.builders -= 1
        player.builders += 1
        got = "a Builder"
    elif colour == "green" and supply.study:
        supply.study -= 1
        player.study += 1
        got = "a Study token"
    return [Event(f"{bold(state, who)} takes the {colour} token's benefit: {got}.")]


def token_coin(state: State, who: int) -> list[Event]:
    bonus = perk_count(state.players[who], "token")
    state.players[who].coins += bonus
    return [Event(f"{bold(state, who)}'s Wisdom brings {bonus} more coin{'s' * (bonus > 1)}.")] if bonus else []


# --- Labyrinth -----------------------------------------------------------------------------------


def request_met(state: State, who: int, request: str) -> bool:
    rule = data.REQUESTS[request]
    here = [loc for loc, site in state.sites.items() if who in site.followers]
    schools = [loc for loc, site in state.sites.items() if who in site.schools]
    if rule.follower_kinds:
        needed = [loc for loc, place in data.LOCATIONS.items() if place.kind in rule.follower_kinds]
        return all(loc in here for loc in needed)
    if rule.school_region:
        return sum(1 for loc in schools if data.LOCATIONS[loc].region == rule.school_region) >= 2
    return sum(1 for loc in here if kind(loc) == "city") >= rule.city_followers


def criterion_met(state: State, who: int, criterion: str) -> bool:
    player = state.players[who]
    if criterion in data.REQUESTS:
        return criterion in player.requests and request_met(state, who, criterion)
    return {
        "schools": lambda: player.schools_left == 0,
        "followers": lambda: player.followers_left == 0,
        "debates": lambda: player.debate_wins >= 3,
        "wisdom": lambda: len(player.wisdom) == 3,
        "favours": lambda: all(card in player.oracles for card in data.FAVOURS),
        "colours": lambda: set(data.TOKEN_COLOURS) <= set(player.tokens),
    }[criterion]()


def claimable(state: State, who: int) -> list[str]:
    player = state.players[who]
    if len(player.claimed) >= data.TOKENS_TO_WIN:
        return []
    pool = data.MOIRAI_CRITERIA if player.automaton else tuple(data.CRITERIA) + tuple(player.requests)
    return [c for c in pool if c not in player.claimed and criterion_met(state, who, c)]


def award_token(state: State, who: int, criterion: str) -> Event:
    player = state.players[who]
    player.claimed.append(criterion)
    what = data.CRITERIA.get(criterion, criterion)
    if len(player.claimed) < data.TOKENS_TO_WIN:
        state.supply.regular -= 1
        return Event(f"🌀 {bold(state, who)} collects a Labyrinth token ({what}): {len(player.claimed)} of 3.")
    player.numbered = state.supply.numbered.pop(0)
    return Event(f"🌀 {bold(state, who)} collects the numbered Labyrinth token **{player.numbered}** ({what}): 3 of 3!")
