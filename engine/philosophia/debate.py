"""Public debates, card by card: the same play for a debate begun at the Acropolis and for the
Final Public Debate; only what happens once a debate is over differs (see `Ending`).

The initiator plays first; the other answers with a card or passes. A card beats, ties with or
loses to the one it answers, as printed: the round's winner takes both cards into their pile, a tie
gives each their own. The first player alternates every round. Once someone passes, the other may
play the rest of their cards straight into their pile. The most cards wins; a tie goes to the
initiator. A player without cards must pass; the Moirai argue with the top Syllogism cards.
"""

from __future__ import annotations

from typing import Callable

from ..chance import Chance
from ..core import Event
from . import data
from .actions import Argue, Pass
from .board import require
from .state import Debate, State, bold, current_debate, debate_cards

# What happens once a debate is over: an Acropolis debate is scored and ends the turn
# (acropolis.end_debate); a Final Public Debate goes on to the next pairing or ends the game
# (clock.end_final_debate). Both lead back here (the end of a turn can reach 146 BC and open the
# Final Public Debate), so whoever starts or continues a debate passes its ending in.
Ending = Callable[[State, Chance], list[Event]]

# --- Reading a debate ----------------------------------------------------------------------------


def other(debate: Debate, who: int) -> int:
    return debate.challenged if who == debate.initiator else debate.initiator


def actor(debate: Debate) -> int:
    if debate.step == "lead":
        return debate.leader
    if debate.step == "respond":
        return other(debate, debate.leader)
    assert debate.dumper is not None, "the pass that began the dump named who plays out their cards"
    return debate.dumper


def led_card(debate: Debate) -> str:
    """The card being answered (step "respond")."""
    assert debate.table is not None, "a round is answered only once it has been opened with a card"
    return debate.table


def has_cards(state: State, who: int) -> bool:
    if state.players[who].automaton:
        played = current_debate(state).moirai_played
        return played < data.MOIRAI_DEBATE_CARDS and bool(state.syllogism or state.sophistry)
    return bool(debate_cards(state.players[who]))


def must_open(debate: Debate, who: int) -> bool:
    """The initiator has to open the debate with a card."""
    return debate.round == 1 and debate.step == "lead" and who == debate.initiator


def needs_example(state: State) -> bool:
    """True Philosopher with examples: a card played against another needs a one-line example."""
    options = state.options
    return options.true_philosopher and options.examples and current_debate(state).step != "dump"


def options(state: State, who: int) -> list[Argue | Pass]:
    debate = state.debate
    if debate is None or actor(debate) != who:
        return []
    cards = list(dict.fromkeys(debate_cards(state.players[who])))
    example = "" if needs_example(state) else None  # a text the player still has to write
    if debate.step == "respond" and state.options.true_philosopher:
        found: list[Argue | Pass] = [
            Argue(card=card, claim=claim, example=example) for card in cards for claim in ("wins", "ties", "loses")
        ]
    else:
        found = [Argue(card=card, example=example) for card in cards]
    return found if must_open(debate, who) else found + [Pass()]


# --- Playing -------------------------------------------------------------------------------------


def argue(state: State, who: int, action: Argue, chance: Chance, end: Ending) -> list[Event]:
    require(state.phase == "debate", "There is no debate now.")
    debate = current_debate(state)
    require(actor(debate) == who, "It is the other debater's turn.")
    player = state.players[who]
    require(action.card in debate_cards(player), "You do not hold that card.")
    must_claim = state.options.true_philosopher and debate.step == "respond"
    require(action.claim is not None or not must_claim, "True Philosopher: say whether your card wins, ties or loses.")
    claim = action.claim if must_claim else None
    example = (action.example or "").strip()
    require(bool(example) or not needs_example(state), "True Philosopher: write a one-line example of your argument.")
    (player.hand if action.card in player.hand else player.oracles).remove(action.card)
    said = [Event(f"{bold(state, who)}: “{example}”")] if needs_example(state) else []
    return said + _play(state, who, action.card, claim) + carry_on(state, chance, end)


def pass_turn(state: State, who: int, chance: Chance, end: Ending) -> list[Event]:
    require(state.phase == "debate", "There is no debate now.")
    debate = current_debate(state)
    require(actor(debate) == who, "It is the other debater's turn.")
    require(not must_open(debate, who), "You challenged: open the debate with a card.")
    if debate.step == "dump":  # the one playing out their cards stops: the debate is over (an
        return end(state, chance)  # ending carries on any debate it opens itself)
    return _pass(state, who) + carry_on(state, chance, end)


def _play(state: State, who: int, card: str, claim: str | None) -> list[Event]:
    debate = current_debate(state)
    me = bold(state, who)
    if debate.step == "lead":
        debate.table, debate.step = card, "respond"
        return [Event(f"{me} opens round {debate.round} with *{card}*.")]
    if debate.step == "dump":
        debate.piles[who].append(card)
        return [Event(f"{me} adds *{card}* to their pile ({len(debate.piles[who])}).")]
    leader, table = debate.leader, led_card(debate)
    result = data.contest(card, table)
    events = [Event(f"{me} answers with *{card}*: it {result} against *{table}*.")]
    if claim is not None and claim != result:
        result = "loses"
        events.append(Event(f"{me} claimed it {claim}: a false claim loses the round."))
    if result == "wins":
        debate.piles[who] += [table, card]
        events.append(Event(f"{me} takes both cards."))
    elif result == "loses":
        debate.piles[leader] += [table, card]
        events.append(Event(f"{bold(state, leader)} takes both cards."))
    else:
        debate.piles[leader].append(table)
        debate.piles[who].append(card)
        events.append(Event("A draw: each takes their own card."))
    debate.table, debate.step, debate.leader = None, "lead", who
    debate.round += 1
    return events


def _pass(state: State, who: int) -> list[Event]:
    """A pass before the dump: the other may now play out their cards. (In the dump, a pass ends
    the debate: see pass_turn and carry_on.)"""
    debate = current_debate(state)
    kept = ""
    if debate.step == "respond":
        table = led_card(debate)
        debate.piles[debate.leader].append(table)
        kept = f" takes *{table}* into their pile and"
        debate.table = None
    debate.dumper, debate.step = other(debate, who), "dump"
    return [
        Event(
            f"{bold(state, who)} passes: {bold(state, debate.dumper)}{kept} may play the rest of their "
            f"cards into their pile."
        )
    ]


def carry_on(state: State, chance: Chance, end: Ending) -> list[Event]:
    """Play what plays itself: forced passes, the Moirai's cards and the end of the debate."""
    events: list[Event] = []
    while state.phase == "debate":
        debate = current_debate(state)
        who = actor(debate)
        if not has_cards(state, who):
            if debate.step == "dump":
                return events + end(state, chance)
            events.append(Event(f"{bold(state, who)} has no cards left and must pass."))
            events += _pass(state, who)
        elif state.players[who].automaton:
            deck = state.syllogism or state.sophistry
            debate.moirai_played += 1
            events += _play(state, who, deck.pop(0), None)
        else:
            break
    return events
