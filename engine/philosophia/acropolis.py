"""The Acropolis: four spots, each with one action. Observe the Debaters, Progress the Timeline,
give an Offering to Athena (a secret-bid auction for an Olympic Request card) and Initiate a
Public Debate."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .actions import AcropolisAction, Bid, Challenge, Observe, Offering, Progress, among
from .board import draw_arguments, drawn_event, require, return_arguments
from .clock import LAST, advance_timeline
from .debate import carry_on
from .moirai import moirai_labyrinth
from .state import (
    Auction,
    Debate,
    State,
    bold,
    current_auction,
    current_debate,
    debate_cards,
    hand_limit,
    name,
    opponents,
    perk_count,
)
from .turn import end_turn


def acropolis_actions(state: State, who: int) -> list[AcropolisAction]:
    player = state.players[who]
    spot = player.location
    if spot == "observe":
        want = 2 + perk_count(player, "observe")
        room = min(want, hand_limit(player) - len(player.hand), len(state.sophistry) + len(state.syllogism))
        return (
            [
                Observe(sophistry=s, syllogism=room - s)
                for s in range(room + 1)
                if s <= len(state.sophistry) and room - s <= len(state.syllogism)
            ]
            if room > 0
            else []
        )
    if spot == "timeline":
        last_step = state.timeline + 1 == LAST
        return [Progress()] if not last_step or len(player.claimed) >= data.TOKENS_TO_WIN else []
    if spot == "athena":
        return [Offering()] if state.requests else []
    if spot == "debate" and debate_cards(player):
        return [Challenge(target=other, name=name(state, other)) for other in opponents(state, who)]
    return []


def take_acropolis(state: State, who: int, action: AcropolisAction, chance: Chance) -> list[Event]:
    require(state.phase == "act", "You can take an action only after your move.")
    require(among(action, acropolis_actions(state, who)), _refusal(state, who, action))
    if isinstance(action, Observe):
        drawn = draw_arguments(state, who, action.sophistry, action.syllogism)
        return (
            [Event(f"👀 {bold(state, who)} observes the debaters.")]
            + drawn_event(state, who, drawn)
            + end_turn(state, chance)
        )
    if isinstance(action, Progress):
        events = [Event(f"{bold(state, who)} turns the hourglass.")] + advance_timeline(state, chance)
        if state.phase == "over" or state.final is not None:  # the end, or the Final Debate
            return events
        return events + end_turn(state, chance)
    if isinstance(action, Challenge):
        return begin_debate(state, who, action.target, chance)
    card = state.requests.pop(0)
    state.auction = Auction(initiator=who, card=card)
    state.phase = "auction"
    return [
        Event(
            f"🦉 {bold(state, who)} makes an offering to Athena: *{card}* ({data.REQUESTS[card].text}) "
            f"goes to the highest secret bid (coins, plus Sophistry cards at their value)."
        )
    ]


def _refusal(state: State, who: int, action: AcropolisAction) -> str:
    spot = {"observe": "observe", "progress": "timeline", "offering": "athena", "challenge": "debate"}[action.kind]
    if state.players[who].location != spot:
        return f"Go to the Acropolis spot {data.LOCATIONS[spot].name.split(': ')[1]} for that."
    return {
        "observe": "Your hand is full or the decks cannot give that mix.",
        "progress": "Only a philosopher with three Labyrinth tokens may move the timeline to 146 BC.",
        "offering": "Athena has no Olympic Request card left to offer.",
        "challenge": "You need an argument card to open a debate, and a philosopher to challenge.",
    }[action.kind]


# --- A public debate (played card by card in debate.py) ---------------------------------------------


def begin_debate(state: State, initiator: int, challenged: int, chance: Chance) -> list[Event]:
    state.phase = "debate"
    state.debate = Debate(
        initiator=initiator, challenged=challenged, leader=initiator, piles={initiator: [], challenged: []}
    )
    events = [Event(f"🗣️ {bold(state, initiator)} challenges {bold(state, challenged)} to a public debate!")]
    return events + carry_on(state, chance, end_debate)


def end_debate(state: State, chance: Chance) -> list[Event]:
    """The debate is over: the bigger pile wins a debate-winning token while they last (and coins
    for each purse Wisdom card), the cards go back, and the turn ends."""
    debate = current_debate(state)
    a, b = debate.initiator, debate.challenged
    count_a, count_b = len(debate.piles[a]), len(debate.piles[b])
    if count_a != count_b:
        winner = a if count_a > count_b else b
    else:
        socrates = state.players[b].character == "Socrates" and not state.players[b].automaton
        winner = b if socrates else a
    high, low = max(count_a, count_b), min(count_a, count_b)
    state.last_debate = {
        "initiator": a,
        "challenged": b,
        "winner": winner,
        "piles": {str(a): list(debate.piles[a]), str(b): list(debate.piles[b])},
    }
    events = [
        Event(
            f"🏆 {bold(state, winner)} wins the debate, {high} cards to {low}"
            f"{' (a tie goes to the initiator)' if count_a == count_b and winner == a else ''}"
            f"{' (Socrates wins ties)' if count_a == count_b and winner == b else ''}."
        )
    ]
    champion = state.players[winner]
    if state.supply.debate_tokens:
        state.supply.debate_tokens -= 1
        champion.debate_wins += 1
        events.append(Event(f"{bold(state, winner)} takes a debate-winning token ({champion.debate_wins})."))
    purse = 2 * sum(1 for card in champion.wisdom if data.WISDOM[card] == "purse")
    champion.coins += purse
    return_arguments(state, debate.piles[a] + debate.piles[b], chance)
    if champion.automaton:
        events += moirai_labyrinth(state)
        if state.phase == "over":
            return events
    return events + end_turn(state, chance)


# --- Athena's auction -------------------------------------------------------------------------------


def sophistry_value(cards: list[str]) -> int:
    return sum(data.SOPHISTRY.get(card, 0) for card in cards)


def max_bid(state: State, seat: int) -> int:
    player = state.players[seat]
    return min(data.MAX_BID, player.coins + sophistry_value(player.hand))


def bid_options(state: State, seat: int) -> list[Bid]:
    if state.phase != "auction" or seat in current_auction(state).bids:
        return []
    return [Bid(amount=amount) for amount in range(max_bid(state, seat) + 1)]


def bid(state: State, seat: int, action: Bid, chance: Chance) -> list[Event]:
    require(state.phase == "auction", "There is no auction now.")
    auction = current_auction(state)
    require(seat not in auction.bids, "You have already made your offering.")
    require(action.amount <= max_bid(state, seat), "You cannot pay that much (coins plus Sophistry values).")
    auction.bids[seat] = action.amount
    events = [
        Event(f"You offer {action.amount}.", to=seat),
        Event(f"{bold(state, seat)} has made a secret offering ({len(auction.bids)}/{state.seats})."),
    ]
    if len(auction.bids) < state.seats:
        return events
    return events + _resolve(state, chance)


def _resolve(state: State, chance: Chance) -> list[Event]:
    auction = current_auction(state)
    bids = dict(auction.bids)
    moirai_card = None
    if state.seats == 1 and (state.sophistry or state.syllogism):
        # The Fates bid the auction value of the top Sophistry card, which goes under the deck.
        moirai_card = state.sophistry.pop(0) if state.sophistry else None
        if moirai_card:
            state.sophistry.append(moirai_card)
            bids[state.seats] = data.SOPHISTRY[moirai_card]
    best = max(bids.values())
    order = [(auction.initiator + step) % len(state.players) for step in range(len(state.players))]
    winner = next(who for who in order if bids.get(who) == best)
    state.last_auction = {
        "card": auction.card,
        "bids": {str(w): b for w, b in sorted(bids.items())},
        "winner": winner,
        "moirai_card": moirai_card,
    }
    shown = ", ".join(f"{bold(state, who)} {amount}" for who, amount in sorted(bids.items()))
    events = [
        Event(
            f"🦉 The offerings are revealed: {shown}."
            + (f" (The Moirai turned *{moirai_card}*.)" if moirai_card else "")
        )
    ]
    if state.players[winner].automaton:
        events.append(Event(f"Athena favours the Moirai: *{auction.card}* is lost to the box."))
    else:
        events += _pay(state, winner, best, auction.card, chance)
    return events + end_turn(state, chance)


def _pay(state: State, winner: int, amount: int, card: str, chance: Chance) -> list[Event]:
    """Coins first; what they cannot cover is paid in Sophistry cards, the most valuable first."""
    player = state.players[winner]
    coins = min(amount, player.coins)
    player.coins -= coins
    owed, paid = amount - coins, []
    for sophism in sorted((c for c in player.hand if c in data.SOPHISTRY), key=lambda c: -data.SOPHISTRY[c]):
        if owed <= 0:
            break
        player.hand.remove(sophism)
        paid.append(sophism)
        owed -= data.SOPHISTRY[sophism]
    return_arguments(state, paid, chance)
    player.requests.append(card)
    disk = ""
    if state.supply.disks:
        state.supply.disks -= 1
        player.disks += 1
        disk = " and an Athena disk"
    cards = f" and {len(paid)} Sophistry card{'s' * (len(paid) > 1)}" if paid else ""
    return [Event(f"{bold(state, winner)} pays {coins} coin{'s' * (coins != 1)}{cards}, and takes *{card}*{disk}.")]
