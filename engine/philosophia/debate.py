"""Public debates, card by card, and the Final Public Debate.

The initiator plays first; the other answers with a card or passes. A card beats, ties with or
loses to the one it answers, as printed: the round's winner takes both cards into their pile, a tie
gives each their own. The first player alternates every round. Once someone passes, the other may
play the rest of their cards straight into their pile. The most cards wins; a tie goes to the
initiator. A player without cards must pass; the Moirai argue with the top Syllogism cards.
"""
from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .actions import Argue, Pass
from .board import require, return_arguments
from .clock import game_over
from .moirai import moirai_labyrinth
from .state import Debate, Final, State, bold, debate_cards, name
from .turn import end_turn

# --- Reading a debate ----------------------------------------------------------------------------


def other(debate: Debate, who: int) -> int:
    return debate.challenged if who == debate.initiator else debate.initiator


def actor(debate: Debate) -> int:
    if debate.step == "lead":
        return debate.leader
    return other(debate, debate.leader) if debate.step == "respond" else debate.dumper


def has_cards(state: State, who: int) -> bool:
    if state.players[who].automaton:
        return state.debate.moirai_played < data.MOIRAI_DEBATE_CARDS and bool(state.syllogism or state.sophistry)
    return bool(debate_cards(state.players[who]))


def must_open(debate: Debate, who: int) -> bool:
    """The initiator has to open the debate with a card."""
    return debate.round == 1 and debate.step == "lead" and who == debate.initiator


def needs_example(state: State) -> bool:
    """True Philosopher with examples: a card played against another needs a one-line example."""
    options = state.options
    return options.true_philosopher and options.examples and state.debate.step != "dump"


def options(state: State, who: int) -> list:
    debate = state.debate
    if debate is None or actor(debate) != who:
        return []
    cards = list(dict.fromkeys(debate_cards(state.players[who])))
    example = "" if needs_example(state) else None  # a text the player still has to write
    if debate.step == "respond" and state.options.true_philosopher:
        found: list = [Argue(card=card, claim=claim, example=example)
                       for card in cards for claim in ("wins", "ties", "loses")]
    else:
        found = [Argue(card=card, example=example) for card in cards]
    return found if must_open(debate, who) else found + [Pass()]


# --- Starting ------------------------------------------------------------------------------------


def begin(state: State, initiator: int, challenged: int, chance: Chance) -> list[Event]:
    state.phase = "debate"
    state.debate = Debate(initiator=initiator, challenged=challenged, leader=initiator,
                          piles={initiator: [], challenged: []})
    events = [Event(f"🗣️ {bold(state, initiator)} challenges {bold(state, challenged)} to a public debate!")]
    return events + _carry_on(state, chance)


def round_robin(order: list[int]) -> list[tuple[int, int]]:
    """Every pair once: first each against the next (the last against the first), then further."""
    n, pairs = len(order), []
    for gap in range(1, n // 2 + 1):
        for i in range(n):
            if 2 * gap == n and i >= gap:
                break
            pairs.append((order[i], order[(i + gap) % n]))
    return pairs


def begin_final(state: State, finishers: list[int], chance: Chance) -> list[Event]:
    """The last to finish opens; each philosopher keeps one pile through all their debates."""
    order = sorted(finishers, key=lambda who: state.players[who].numbered, reverse=True)
    state.final = Final(order=order, pairings=round_robin(order), piles={who: [] for who in order})
    return _next_final_debate(state, chance)


def _next_final_debate(state: State, chance: Chance) -> list[Event]:
    final = state.final
    a, b = final.pairings[final.index]
    state.phase = "debate"
    state.debate = Debate(initiator=a, challenged=b, leader=a, final=True,
                          piles={a: final.piles[a], b: final.piles[b]})
    events = [Event(f"🏛️ Final debate {final.index + 1} of {len(final.pairings)}: "
                    f"{bold(state, a)} against {bold(state, b)}.")]
    return events + _carry_on(state, chance)


# --- Playing -------------------------------------------------------------------------------------


def argue(state: State, who: int, action: Argue, chance: Chance) -> list[Event]:
    require(state.phase == "debate", "There is no debate now.")
    debate = state.debate
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
    return said + _play(state, who, action.card, claim) + _carry_on(state, chance)


def pass_turn(state: State, who: int, chance: Chance) -> list[Event]:
    require(state.phase == "debate", "There is no debate now.")
    debate = state.debate
    require(actor(debate) == who, "It is the other debater's turn.")
    require(not must_open(debate, who), "You challenged: open the debate with a card.")
    return _pass(state, who, chance) + _carry_on(state, chance)


def _play(state: State, who: int, card: str, claim: str | None) -> list[Event]:
    debate = state.debate
    me = bold(state, who)
    if debate.step == "lead":
        debate.table, debate.step = card, "respond"
        return [Event(f"{me} opens round {debate.round} with *{card}*.")]
    if debate.step == "dump":
        debate.piles[who].append(card)
        return [Event(f"{me} adds *{card}* to their pile ({len(debate.piles[who])}).")]
    leader, table = debate.leader, debate.table
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


def _pass(state: State, who: int, chance: Chance) -> list[Event]:
    debate = state.debate
    if debate.step == "dump":
        return _end(state, chance)
    kept = ""
    if debate.step == "respond":
        debate.piles[debate.leader].append(debate.table)
        kept = f" takes *{debate.table}* into their pile and"
        debate.table = None
    debate.dumper, debate.step = other(debate, who), "dump"
    return [Event(f"{bold(state, who)} passes: {bold(state, debate.dumper)}{kept} may play the rest of their "
                  f"cards into their pile.")]


def _carry_on(state: State, chance: Chance) -> list[Event]:
    """Play what plays itself: forced passes, the Moirai's cards and the end of the debate."""
    events: list[Event] = []
    while state.phase == "debate":
        debate = state.debate
        who = actor(debate)
        if not has_cards(state, who):
            if debate.step == "dump":
                return events + _end(state, chance)
            events.append(Event(f"{bold(state, who)} has no cards left and must pass."))
            events += _pass(state, who, chance)
        elif state.players[who].automaton:
            deck = state.syllogism or state.sophistry
            debate.moirai_played += 1
            events += _play(state, who, deck.pop(0), None)
        else:
            break
    return events


# --- Ending --------------------------------------------------------------------------------------


def _end(state: State, chance: Chance) -> list[Event]:
    debate = state.debate
    if debate.final:
        return _end_final_debate(state, chance)
    a, b = debate.initiator, debate.challenged
    count_a, count_b = len(debate.piles[a]), len(debate.piles[b])
    if count_a != count_b:
        winner = a if count_a > count_b else b
    else:
        socrates = state.players[b].character == "Socrates" and not state.players[b].automaton
        winner = b if socrates else a
    high, low = max(count_a, count_b), min(count_a, count_b)
    state.last_debate = {"initiator": a, "challenged": b, "winner": winner,
                         "piles": {str(a): list(debate.piles[a]), str(b): list(debate.piles[b])}}
    events = [Event(f"🏆 {bold(state, winner)} wins the debate, {high} cards to {low}"
                    f"{' (a tie goes to the initiator)' if count_a == count_b and winner == a else ''}"
                    f"{' (Socrates wins ties)' if count_a == count_b and winner == b else ''}.")]
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


def _end_final_debate(state: State, chance: Chance) -> list[Event]:
    final, debate = state.final, state.debate
    for who, pile in debate.piles.items():
        final.piles[who] = pile
    final.index += 1
    state.last_debate = {"initiator": debate.initiator, "challenged": debate.challenged, "winner": None,
                         "piles": {str(who): list(pile) for who, pile in debate.piles.items()}}
    counts = ", ".join(f"{bold(state, who)} {len(final.piles[who])}" for who in final.order)
    events = [Event(f"Piles so far: {counts}.")]
    if final.index < len(final.pairings):
        return events + _next_final_debate(state, chance)
    best = max(len(pile) for pile in final.piles.values())
    tied = [who for who in final.order if len(final.piles[who]) == best]
    winner = min(tied, key=lambda who: state.players[who].numbered)
    why = f" (the tie goes to the first out of the Labyrinth, token {state.players[winner].numbered})" if len(tied) > 1 else ""
    return events + game_over(state, [winner], f"{name(state, winner)} wins the Final Public Debate with "
                                                 f"{best} cards{why} and wins Philosophia!")
