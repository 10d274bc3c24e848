"""Game invariants the reliability tests check after every accepted action.

A game may expose `invariants(state) -> list[str]` (problems found; empty when all is well) in
its package; it is used when present. Besides, this module checks what it can from outside:
the contract's generic promises for every game, and conservation of cards and tokens for the
games whose state it knows.
"""
from __future__ import annotations

import importlib
import json
from collections import Counter

from pydantic import BaseModel

from engine import Game


def generic(game: Game, state: BaseModel, seats: int) -> list[str]:
    problems = []
    if game.State.model_validate_json(state.model_dump_json()) != state:
        problems.append("the state does not survive a JSON round trip")
    movers = game.to_move(state)
    if not movers <= set(range(seats)):
        problems.append(f"to_move names seats that do not exist: {sorted(movers)}")
    over = game.outcome(state) is not None
    if over == bool(movers):
        problems.append("the game is over but someone may move" if over else "nobody may move but the game goes on")
    for viewer in [None, *range(seats)]:
        try:
            json.dumps(game.view(state, viewer))
        except (TypeError, ValueError):
            problems.append(f"the view of {viewer} is not JSON")
    return problems


def ostrakon(state) -> list[str]:
    from engine.ostrakon import data

    problems = []
    tokens = [seat for pile in state.piles for seat in pile.seats] + list(state.under_sun)
    expected = set(range(len(state.names))) - ({state.winner} if state.outstanding else set())
    if sorted(tokens) != sorted(expected):
        problems.append(f"philosopher tokens are not each on the path once: {tokens}")
    subjects = Counter(state.deck + state.discard + [state.subject, state.next_subject])
    if subjects != Counter(list(data.SUBJECTS) + list(state.options.extra_subjects)):
        problems.append("subject cards are not conserved")
    return problems


def nine_muses(state) -> list[str]:
    from engine.nine_muses import data

    problems = []
    supply = data.POOL[len(state.players)]
    for kind in data.KNOWLEDGE:
        held = [p.knowledge[kind] for p in state.players]
        if state.pool[kind] + sum(held) != supply[kind]:
            problems.append(f"{kind} tokens are not conserved")
        if state.pool[kind] < 0 or min(held) < 0:
            problems.append(f"a negative count of {kind}")
    cards = state.deck + state.discard + [card for p in state.players for card in p.hand]
    if Counter(cards) != Counter(data.full_deck()):
        problems.append("Philosopher cards are not conserved")
    muses = state.centre + state.muse_deck + [muse for p in state.players for muse in p.muses]
    if sorted(muses) != sorted(data.MUSE_NAMES):
        problems.append("Muses are not conserved")
    return problems


def grudgematch(state) -> list[str]:
    from engine.grudgematch import data
    from engine.grudgematch.state import full_deck

    problems = []
    cards = state.deck + state.discard + [card for hand in state.hands for card in hand]
    jokers = cards.count(data.JOKER)
    if Counter(c for c in cards if c != data.JOKER) != Counter(full_deck()):
        problems.append("cards are not conserved")
    if jokers > 1 or any(data.JOKER in hand for hand in state.hands):
        problems.append("the joker is in a hand, or there are two")
    if len(set(state.spots.values())) != len(state.spots):
        problems.append("two philosophers on one space")
    return problems


def epireia(state) -> list[str]:
    problems = []
    for player in state.players:
        if min(player.wheat, player.wood, player.copper) < 0:
            problems.append(f"seat {player.seat} has a negative resource")
    for league, treasury in state.treasury.items():
        if min(treasury.wheat, treasury.wood, treasury.copper) < 0:
            problems.append(f"the {league} treasury is negative")
    return problems


def philosophia(state) -> list[str]:
    from engine.philosophia import data

    problems = []
    counts = [("supply", n, getattr(state.supply, n)) for n in ("builders", "sophists", "study", "debate_tokens", "regular", "disks")]
    for who, player in enumerate(state.players):
        counts += [(f"player {who}", n, getattr(player, n)) for n in
                   ("coins", "builders", "sophists", "study", "followers_left", "schools_left", "disks")]
        placed_followers = sum(site.followers.count(who) for site in state.sites.values())
        placed_schools = sum(site.schools.count(who) for site in state.sites.values())
        if player.followers_left + placed_followers != data.FOLLOWERS:
            problems.append(f"player {who}'s followers are not conserved")
        if player.schools_left + placed_schools != data.SCHOOLS:
            problems.append(f"player {who}'s schools are not conserved")
    problems += [f"{who} has a negative count of {name}" for who, name, value in counts if value < 0]
    return problems


KNOWN = {"ostrakon": ostrakon, "nine-muses": nine_muses, "grudgematch": grudgematch, "epireia": epireia,
         "philosophia": philosophia}


def own_check(game: Game):
    """The game's own `invariants(state)`, if its package has one."""
    package = importlib.import_module(".".join(game.State.__module__.split(".")[:2]))  # engine.<pkg>
    return getattr(package, "invariants", None)


def problems(game: Game, state: BaseModel, seats: int) -> list[str]:
    found = generic(game, state, seats)
    for check in (own_check(game), KNOWN.get(game.key)):
        if check is not None:
            found += check(state)
    return found
