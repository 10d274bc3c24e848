"""What each seat may see, the outcome, and the same position with its secrets re-dealt.

Secret: argument and Oracle cards in hand (their number per deck is public, as the backs show),
the order of every deck, auction bids until all are in, and answers to an Oracle card."""

from __future__ import annotations

from typing import Any

from ..chance import Chance
from ..core import copy_state
from . import data
from .oracles import can_cancel
from .rules import to_move
from .state import Player, State, hand_counts, locked_wisdom, name, occupants, oracle_counts, tutor_income


def _player(state: State, player: Player) -> dict[str, Any]:
    return {
        "character": player.character,
        "ability": data.CHARACTERS[player.character].ability,
        "automaton": player.automaton,
        "location": player.location,
        "coins": player.coins,
        "builders": player.builders,
        "sophists": player.sophists,
        "study": player.study,
        "followers_left": player.followers_left,
        "schools_left": player.schools_left,
        "debate_wins": player.debate_wins,
        "tokens": list(player.tokens),
        "wisdom": list(player.wisdom),
        "locked_wisdom": locked_wisdom(player),
        "hand": hand_counts(player),
        "oracles": oracle_counts(player),
        "requests": list(player.requests),
        "disks": player.disks,
        "labyrinth": list(player.claimed),
        "numbered": player.numbered,
        "silenced": player.silenced,
        "tutor": tutor_income(state, player),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    public: dict[str, Any] = {
        "names": [name(state, who) for who in range(len(state.players))],
        "seats": state.seats,
        "solo": state.seats == 1,
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "to_move": sorted(to_move(state)),
        "timeline": {"index": state.timeline, "year": data.TIMELINE[state.timeline], "years": list(data.TIMELINE)},
        "players": [_player(state, player) for player in state.players],
        "locations": {
            loc: {
                "name": place.name,
                "kind": place.kind,
                "region": place.region,
                "token": state.sites[loc].token,
                "followers": list(state.sites[loc].followers),
                "schools": list(state.sites[loc].schools),
                "philosophers": occupants(state, loc),
            }
            for loc, place in data.LOCATIONS.items()
        },
        "decks": {
            "sophistry": len(state.sophistry),
            "syllogism": len(state.syllogism),
            **{deck: len(cards) for deck, cards in state.oracle_decks.items()},
            "requests": len(state.requests),
        },
        "supply": state.supply.model_dump(),
        "debate": state.debate.model_dump(mode="json") if state.debate else None,
        "final": state.final.model_dump(mode="json") if state.final else None,
        "auction": (
            {
                "initiator": state.auction.initiator,
                "card": state.auction.card,
                "text": data.REQUESTS[state.auction.card].text,
                "bid": sorted(state.auction.bids),
            }
            if state.auction
            else None
        ),
        "veto": (
            {
                "player": state.veto.player,
                "card": state.veto.card,
                "target": state.veto.target,
                "choice": state.veto.choice,
                "answered": sorted(state.veto.answers),
            }
            if state.veto
            else None
        ),
        "last_auction": state.last_auction,
        "last_debate": state.last_debate,
        "true_philosopher": state.options.true_philosopher,
        "movement": state.options.movement,
        "winners": state.winners,
        "end": state.end,
    }
    if not state.options.true_philosopher:
        public["beats"] = {card: list(data.beaten_by(card)) for card in data.SYLLOGISMS + (data.RIDDLE,)}
    if state.seats == 1:
        public["moirai"] = {
            "deck": len(state.moirai_deck),
            "drawn": list(state.moirai_discard),
            "runs": state.moirai_runs,
        }
    if seat is not None and 0 <= seat < state.seats:
        mine = state.players[seat]
        public["seat"] = seat
        public["my_hand"] = list(mine.hand)
        public["my_oracles"] = list(mine.oracles)
        public["my_bid"] = state.auction.bids.get(seat) if state.auction else None
        public["my_answer"] = state.veto.answers.get(seat) if state.veto else None
    return public


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    """Re-deal what `keep` cannot see: other hands (same count per deck), every deck's order,
    others' secret bids and answers. Canonical: every pool of unseen cards is sorted before it is
    shuffled, and bids and answers are dealt in seat order, so the result depends only on what
    `keep` sees and the chance, not on how the hidden cards lay."""
    state = copy_state(state)
    others = [state.players[who] for who in range(state.seats) if who != keep]
    for deck_name in ("sophistry", "syllogism"):
        deck = getattr(state, deck_name)
        pool = chance.shuffle(sorted(deck + [c for p in others for c in p.hand if data.deck_of(c) == deck_name]))
        for player in others:
            count = hand_counts(player)[deck_name]
            player.hand = [c for c in player.hand if data.deck_of(c) != deck_name] + pool[:count]
            pool = pool[count:]
        setattr(state, deck_name, pool)
    for deck_name in data.ORACLE_DECKS:
        mine = [c for c, o in data.ORACLES.items() if o.deck == deck_name]
        pool = chance.shuffle(
            sorted(state.oracle_decks[deck_name] + [c for p in others for c in p.oracles if c in mine])
        )
        for player in others:
            count = oracle_counts(player)[deck_name]
            player.oracles = [c for c in player.oracles if c not in mine] + pool[:count]
            pool = pool[count:]
        state.oracle_decks[deck_name] = pool
    state.requests = chance.shuffle(sorted(state.requests))
    state.moirai_deck = chance.shuffle(sorted(state.moirai_deck))
    if state.auction:
        for who in sorted(state.auction.bids):
            if who != keep:
                state.auction.bids[who] = chance.roll(min(data.MAX_BID, state.players[who].coins) + 1) - 1
    if state.veto:
        for who in sorted(state.veto.answers):
            if who != keep:
                state.veto.answers[who] = can_cancel(state, who) and chance.pick([True, False])
    return state
