"""What must hold in every Philosophia position: nothing is created or lost on the way."""

from __future__ import annotations

from collections import Counter

from . import data
from .state import State


def _argument_cards(state: State) -> Counter[str]:
    """Every argument card wherever it is: decks, hands, the table and the debaters' piles."""
    cards = Counter(state.sophistry + state.syllogism)
    for player in state.players:
        cards.update(player.hand)
    piles = dict(state.final.piles) if state.final else {}
    if state.debate:
        piles.update(state.debate.piles)
        if state.debate.table:
            cards[state.debate.table] += 1
    for pile in piles.values():
        cards.update(pile)
    cards.pop(data.RIDDLE, None)
    return cards


def invariants(state: State) -> list[str]:
    problems = []
    expected = Counter({card: data.COPIES for card in list(data.SOPHISTRY) + list(data.SYLLOGISMS)})
    if _argument_cards(state) != expected:
        problems.append("argument cards were created or lost")
    oracles = [c for deck in state.oracle_decks.values() for c in deck] + [c for p in state.players for c in p.oracles]
    if len(oracles) != len(set(oracles)) or not set(oracles) <= set(data.ORACLES):
        problems.append("an Oracle card is duplicated or unknown")
    held = Counter(colour for p in state.players for colour in p.tokens)
    held.update(site.token for site in state.sites.values() if site.token)
    if any(held[colour] > count for colour, count in data.TOKEN_COLOURS.items()) or set(held) - set(data.TOKEN_COLOURS):
        problems.append("too many location tokens of a colour")
    for who, player in enumerate(state.players):
        placed = sum(site.followers.count(who) for site in state.sites.values())
        built = sum(site.schools.count(who) for site in state.sites.values())
        if placed + player.followers_left != data.FOLLOWERS or built + player.schools_left != data.SCHOOLS:
            problems.append(f"{player.character}'s followers or schools do not add up")
        if min(player.coins, player.builders, player.sophists, player.study) < 0 or player.builders > data.MAX_BUILDERS:
            problems.append(f"{player.character} holds an impossible amount")
        if len(player.claimed) > data.TOKENS_TO_WIN or (player.numbered is not None) != (len(player.claimed) == 3):
            problems.append(f"{player.character}'s Labyrinth tokens are wrong")
    supply, players = state.supply, state.players
    totals = {
        "builders": supply.builders + sum(p.builders for p in players),
        "sophists": supply.sophists + sum(p.sophists for p in players),
        "study": supply.study + sum(p.study for p in players),
        "debate_tokens": supply.debate_tokens + sum(p.debate_wins for p in players),
        "disks": supply.disks + sum(p.disks for p in players),
        "regular": supply.regular + sum(min(2, len(p.claimed)) for p in players),
    }
    names = {
        "builders": "Builders",
        "sophists": "Sophists",
        "study": "Study tokens",
        "disks": "Athena disks",
        "debate_tokens": "debate-winning tokens",
        "regular": "regular Labyrinth tokens",
    }
    problems += [f"the {names[key]} do not add up" for key, total in totals.items() if total != data.SUPPLY[key]]
    numbered = supply.numbered + [p.numbered for p in players if p.numbered is not None]
    if sorted(numbered) != list(data.NUMBERED_TOKENS):
        problems.append("the numbered Labyrinth tokens do not add up")
    if not 0 <= state.timeline < len(data.TIMELINE):
        problems.append("the timeline is off its track")
    return problems
