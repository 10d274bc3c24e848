"""The strong stand-in's quick judgements, each from the seat's own view: how to argue a round,
what to offer Athena, whether to cancel an Oracle card, which of its own Oracle cards to play.
`plan.worth` gives every judgement that weighs a position its measure."""

from __future__ import annotations

from typing import Literal

from ..chance import Chance
from ..core import copy_state
from . import data
from .acropolis import max_bid
from .actions import Argue, Bid, Pass, PlayOracle, Veto
from .debate import led_card
from .oracles import can_cancel, resolve
from .plan import worth
from .state import State, current_auction, current_debate, current_veto, hand_counts

Claim = Literal["wins", "ties", "loses"]

# What an Oracle card is worth kept in hand rather than played (a card played is gone).
HOLD = 0.1
# Sophistry kept for an auction is worth little in a debate: spend it first.
SPEND_FIRST = sorted(data.SOPHISTRY, key=data.SOPHISTRY.__getitem__)


# --- Debates -----------------------------------------------------------------------------------------


def argument(state: State, card: str, claim: Claim | None = None) -> Argue:
    """`card` argued, with the claim and the example the table asks for."""
    example = data.EXAMPLES[card] if state.options.true_philosopher and state.options.examples else None
    return Argue(card=card, claim=claim, example=example)


def _cheapest(cards: list[str]) -> str:
    """The card to spend: Sophistry (lowest auction value first), then a Syllogism, the riddle last."""
    for card in SPEND_FIRST:
        if card in cards:
            return card
    syllogisms = [card for card in cards if card in data.SYLLOGISMS]
    return syllogisms[0] if syllogisms else cards[0]


def quick_argument(state: State, who: int, cards: list[str]) -> Argue | Pass:
    """A sound argument without looking ahead: answer with the cheapest card that wins, else one
    that ties; lead with a Syllogism; play out just enough cards to win once the other passes."""
    debate = current_debate(state)
    if not cards:
        return Pass()
    if debate.step == "respond":
        table = led_card(debate)
        claims = state.options.true_philosopher
        wanted: Claim
        for wanted in ("wins", "ties"):
            fitting = [card for card in cards if data.contest(card, table) == wanted]
            if fitting:
                card = _cheapest([c for c in fitting if c != data.RIDDLE] or fitting)
                return argument(state, card, wanted if claims else None)
        return Pass()
    if debate.step == "dump":
        other = debate.challenged if who == debate.initiator else debate.initiator
        mine, theirs = len(debate.piles[who]), len(debate.piles[other])
        wins_ties = who == debate.initiator or (state.players[who].character == "Socrates" and not debate.final)
        if mine > theirs or (mine == theirs and wins_ties):
            return Pass()
        return argument(state, _cheapest(cards))
    syllogisms = [card for card in cards if card in data.SYLLOGISMS]
    return argument(state, syllogisms[0] if syllogisms else _cheapest(cards))


def debate_cards_of(state: State, who: int) -> list[str]:
    player = state.players[who]
    return list(dict.fromkeys(player.hand + [c for c in player.oracles if c == data.RIDDLE]))


def debate_score(state: State, seat: int, before: dict[int, int]) -> float:
    """How a finished (or played on) debate went for `seat`: a win, then the cards it kept."""
    if state.winners is not None:
        return 2.0 if seat in state.winners else -2.0
    hand = len(state.players[seat].hand) * 0.05
    if state.debate is not None and state.phase == "debate":  # a Final Public Debate goes on
        piles = state.final.piles if state.final else state.debate.piles
        mine = len(piles.get(seat, []))
        return (mine - max((len(p) for w, p in piles.items() if w != seat), default=0)) * 0.2 + hand
    won = 1.0 if state.players[seat].debate_wins > before.get(seat, 0) else 0.0
    lost = sum(1 for w, p in enumerate(state.players) if w != seat and p.debate_wins > before.get(w, 0))
    return won - 0.5 * lost + hand


# --- Athena's auction ----------------------------------------------------------------------------------


def _won_at(state: State, who: int, card: str, amount: int) -> State:
    """The position had `who` won `card` for `amount` (paid as the rules pay: coins first)."""
    after = copy_state(state)
    player = after.players[who]
    coins = min(amount, player.coins)
    player.coins -= coins
    owed = amount - coins
    for sophism in sorted((c for c in player.hand if c in data.SOPHISTRY), key=lambda c: -data.SOPHISTRY[c]):
        if owed <= 0:
            break
        player.hand.remove(sophism)
        owed -= data.SOPHISTRY[sophism]
    if not player.automaton:
        player.requests.append(card)
        if after.supply.disks:
            player.disks += 1
            after.supply.disks -= 1
    after.auction = None
    return after


def _beaten_by(state: State, seat: int, other: int, amount: int) -> float:
    """The chance that `other`'s offering stays below `amount` (or ties it and loses the tie).
    Others are taken to offer anything up to three quarters of what they could."""
    auction = current_auction(state)
    order = [(auction.initiator + step) % len(state.players) for step in range(len(state.players))]
    i_win_ties = order.index(seat) < order.index(other)
    player = state.players[other]
    if player.automaton:  # the Fates offer the top Sophistry card's value
        deck = [c for c in state.sophistry]
        if not deck:
            return 1.0
        return sum(1 for c in deck if data.SOPHISTRY[c] < amount or (data.SOPHISTRY[c] == amount and i_win_ties)) / len(
            deck
        )
    most = int(0.75 * min(data.MAX_BID, player.coins + 2 * hand_counts(player)["sophistry"]))
    below = amount + (1 if i_win_ties else 0)
    return min(1.0, below / (most + 1))


def offering(state: State, seat: int) -> Bid:
    """The offering with the best expected worth: the chance to win at that price times what the
    card is worth then, against the position where someone else takes it."""
    auction = current_auction(state)
    others = [w for w in range(len(state.players)) if w != seat]
    richest = max(others, key=lambda w: state.players[w].coins)
    lose = worth(_won_at(state, richest, auction.card, state.players[richest].coins // 2), seat)
    best, best_value = 0, float("-inf")
    for amount in range(max_bid(state, seat) + 1):
        chance = 1.0
        for other in others:
            chance *= _beaten_by(state, seat, other, amount)
        value = chance * worth(_won_at(state, seat, auction.card, amount), seat) + (1 - chance) * lose
        if value > best_value + 1e-9:
            best, best_value = amount, value
    return Bid(amount=best)


def quick_offering(state: State, who: int) -> Bid:
    """A modest offering, for the other seats in a simulated auction."""
    return Bid(amount=min(max_bid(state, who), state.players[who].coins // 2))


# --- Oracle cards ------------------------------------------------------------------------------------


def veto_answer(state: State, seat: int, chance: Chance) -> Veto:
    """Cancel the card on the table if letting it be costs the seat more than its Veto is worth."""
    if not can_cancel(state, seat):
        return Veto(cancel=False)
    veto = current_veto(state)
    card = PlayOracle(card=veto.card, target=veto.target, choice=veto.choice)
    let_be = copy_state(state)
    let_be.veto = None
    resolve(let_be, veto.player, card, chance)
    cancelled = copy_state(state)
    cancelled.veto = None
    return Veto(cancel=worth(let_be, seat) < worth(cancelled, seat) - 0.5)


def oracle_play(state: State, seat: int, plays: list[PlayOracle], chance: Chance) -> PlayOracle | None:
    """The seat's Oracle card worth playing now, if any: the one that raises the position's worth
    most, by more than keeping it is worth."""
    now = worth(state, seat)
    best: tuple[float, PlayOracle | None] = (HOLD, None)
    for play in plays:
        if data.ORACLES[play.card].effect in ("move", "look"):  # nothing a position's worth shows
            continue
        after = copy_state(state)
        after.players[seat].oracles.remove(play.card)
        resolve(after, seat, play, chance)
        gain = worth(after, seat) - now
        if gain > best[0]:
            best = (gain, play)
    return best[1]
