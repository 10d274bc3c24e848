"""Nine Muses: call the Muses and turn Aristotle's three kinds of Knowledge into victory points.

Reads top to bottom: set-up, who moves and what is legal, applying an action (the Muses' gifts at
the start of a turn, then one Philosopher card), new rounds and the end, views and the outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeVar, assert_never

from ..chance import Chance
from ..core import Event, IllegalAction, Outcome, Step, copy_state
from . import data
from .actions import Action, Call, Collect, Demonstrate, Exchange, Toil
from .data import Trade
from .state import CardName, MuseName, Options, Player, State
from .trades import amount, check, settle, steal_choices

TOIL = Trade("toil: gain 1 Craft", gain={"craft": 1})
Name = TypeVar("Name", bound=str)


def players(state: State) -> int:
    return len(state.players)


def ordered(names: Iterable[Name], order: Sequence[Name]) -> list[Name]:
    return sorted(names, key=order.index)


# --- Set-up --------------------------------------------------------------------------------------


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    if not 2 <= seats <= 4:
        raise IllegalAction("Nine Muses needs 2 to 4 players.")
    pool = dict(data.POOL[seats])
    pool["craft"] -= data.STARTING_CRAFT * seats
    muses = chance.shuffle(list(data.MUSE_NAMES))
    # Whoever most recently read a philosophy book goes first: here, chance decides.
    first = chance.pick(list(range(seats)))
    state = State(
        options=options or Options(),
        names=list(data.SAGES[:seats]),
        pool=pool,
        players=[Player(knowledge={"craft": data.STARTING_CRAFT, "science": 0, "ethics": 0}) for _ in range(seats)],
        centre=muses[: data.MUSES_AT_START],
        muse_deck=ordered(muses[data.MUSES_AT_START :], data.MUSE_NAMES),
        deck=data.full_deck(),
        first=first,
        turn=first,
    )
    _deal(state, chance)
    return state


def _draw(state: State, chance: Chance) -> tuple[list[Event], CardName]:
    events = []
    if not state.deck:  # 34 cards do not last five rounds: the discards become the new deck
        state.deck, state.discard = ordered(state.discard, data.CARD_NAMES), []
        events.append(Event("The Philosopher discards are shuffled into a new deck."))
    card = chance.pick(state.deck)
    state.deck.remove(card)
    return events, card


def _deal(state: State, chance: Chance) -> list[Event]:
    events = []
    for offset in range(players(state)):
        seat = (state.first + offset) % players(state)
        for _ in range(data.HAND_SIZE):
            reshuffled, card = _draw(state, chance)
            events += reshuffled
            state.players[seat].hand.append(card)
    return events


def opening(state: State) -> tuple[Event, ...]:
    """Round 1 as the set-up leaves it: the five Muses face up, everyone's 2 Craft, who starts;
    and each player's three cards, to that player alone."""
    muses = ", ".join(f"**{muse}**" for muse in state.centre)
    craft = amount(data.STARTING_CRAFT, "craft")
    return (
        Event(
            f"📜 Round 1: the Muses {muses} are face up in the centre. Every sage starts with "
            f"{craft}. **{state.names[state.first]}** starts."
        ),
        *private_hands(state),
    )


def private_hands(state: State) -> list[Event]:
    return [Event(f"Your Philosopher cards: {', '.join(p.hand)}.", to=seat) for seat, p in enumerate(state.players)]


# --- Who moves and what is legal -----------------------------------------------------------------


def to_move(state: State) -> frozenset[int]:
    return frozenset() if state.phase == "over" else frozenset({state.turn})


def gift(state: State, seat: int, muse: MuseName) -> Trade:
    card = data.MUSES[muse]
    if card.points_per_ethics:
        extra = min(state.players[seat].knowledge["ethics"], card.points_per_ethics)
        return replace(card.gift, points=card.gift.points + extra)
    return card.gift


def meets(state: State, seat: int, muse: MuseName) -> bool:
    others = [p for s, p in enumerate(state.players) if s != seat]
    return data.MUSES[muse].meets(state.players[seat], others)


def owner(state: State, muse: MuseName) -> int | None:
    return next((s for s, p in enumerate(state.players) if muse in p.muses), None)


def call_refusal(state: State, seat: int, muse: MuseName) -> str | None:
    """Why `seat` may not call `muse` now, or None if they may."""
    holder = owner(state, muse)
    condition = data.MUSES[muse].condition
    if holder == seat:
        return f"**{muse}** is already yours."
    if holder is None and muse not in state.centre:
        return f"**{muse}** is not on the table yet."
    if not meets(state, seat, muse):
        return f"To call **{muse}** you need {condition}."
    rivals = [state.names[s] for s in range(players(state)) if s != seat and meets(state, s, muse)]
    if rivals:
        return (
            f"**{rivals[0]}** also meets **{muse}**'s condition ({condition}); "
            "she can only be called by the one player who does."
        )
    return None


def cards_in_hand(state: State, seat: int) -> list[CardName]:
    return ordered(set(state.players[seat].hand), data.CARD_NAMES)


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_move(state):
        return []
    if state.phase == "collect":
        muse = state.pending[0]
        return [Collect(muse=muse, steal=s) for s in steal_choices(state, seat, gift(state, seat, muse))]
    # Grouped by kind, so that a select lists all exchanges, then all calls, and so on.
    me, cards = state.players[seat], cards_in_hand(state, seat)
    exchanges: list[Action] = [
        Exchange(card=card, option=option, steal=s)
        for card in cards
        for option, trade in enumerate(data.PHILOSOPHERS[card][1])
        for s in steal_choices(state, seat, trade)
    ]
    calls = [Call(card=card, muse=m) for m in data.MUSE_NAMES if call_refusal(state, seat, m) is None for card in cards]
    demonstrations = [
        Demonstrate(card=card, knowledge=k, amount=n)
        for k in data.KNOWLEDGE
        for n in range(me.knowledge[k], 0, -1)
        for card in cards
    ]
    toils = [Toil(card=card, steal=s) for card in cards for s in steal_choices(state, seat, TOIL)]
    return exchanges + calls + demonstrations + toils


# --- Applying an action --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, chance: Chance) -> Step:
    state = copy_state(state)
    if action.kind == "collect":
        events = _collect(state, seat, action)
    else:
        if state.phase == "collect":
            raise IllegalAction(f"First choose whom **{state.pending[0]}** steals from.")
        if action.card not in state.players[seat].hand:
            raise IllegalAction(f"You have no {action.card} card in hand.")
        state.last = f"**{state.names[seat]}** plays {action.card}: " + _play(state, seat, action) + "."
        state.players[seat].hand.remove(action.card)
        state.discard.append(action.card)
        events = [Event(state.last)] + _next_turn(state, chance)
    return Step(state=state, events=tuple(events))


def _collect(state: State, seat: int, action: Collect) -> list[Event]:
    if state.phase != "collect" or action.muse != state.pending[0]:
        raise IllegalAction("There is no Muse's gift to collect now.")
    trade = gift(state, seat, action.muse)
    check(state, seat, trade, action.steal)
    state.pending.pop(0)
    did = settle(state, seat, trade, action.steal)
    return [Event(f"🎵 **{action.muse}** inspires **{state.names[seat]}**: {did}.")] + _collect_gifts(state)


def _play(state: State, seat: int, action: Exchange | Call | Demonstrate | Toil) -> str:
    """What the card does, by the action's kind."""
    if action.kind == "exchange":
        return _exchange(state, seat, action)
    if action.kind == "call":
        return _call(state, seat, action)
    if action.kind == "demonstrate":
        return _demonstrate(state, seat, action)
    if action.kind == "toil":
        return _toil(state, seat, action)
    assert_never(action)


def _exchange(state: State, seat: int, action: Exchange) -> str:
    options = data.PHILOSOPHERS[action.card][1]
    if action.option >= len(options):
        raise IllegalAction(f"{action.card} has only {len(options)} options.")
    check(state, seat, options[action.option], action.steal)
    return settle(state, seat, options[action.option], action.steal)


def _call(state: State, seat: int, action: Call) -> str:
    refusal = call_refusal(state, seat, action.muse)
    if refusal:
        raise IllegalAction(refusal)
    holder = owner(state, action.muse)
    if holder is None:
        state.centre.remove(action.muse)
        source = "from the centre"
    else:
        state.players[holder].muses.remove(action.muse)
        source = f"away from **{state.names[holder]}**"
    me = state.players[seat]
    me.muses = ordered(me.muses + [action.muse], data.MUSE_NAMES)
    return f"calls **{action.muse}** {source}"


def _demonstrate(state: State, seat: int, action: Demonstrate) -> str:
    me, k = state.players[seat], action.knowledge
    if me.knowledge[k] < action.amount:
        raise IllegalAction(f"You have only {amount(me.knowledge[k], k)}.")
    points = action.amount * data.ARISTOTLE[k]
    me.knowledge[k] -= action.amount
    state.pool[k] += action.amount
    me.points += points
    return f"demonstrates {amount(action.amount, k)} to Aristotle for {points} VP"


def _toil(state: State, seat: int, action: Toil) -> str:
    check(state, seat, TOIL, action.steal)
    return "toils, " + settle(state, seat, TOIL, action.steal)


# --- Turns, Muses' gifts, rounds and the end -----------------------------------------------------


def _start_turn(state: State) -> list[Event]:
    state.pending = [m for m in data.MUSE_NAMES if m in state.players[state.turn].muses]
    return _collect_gifts(state)


def _collect_gifts(state: State) -> list[Event]:
    """Collect the gifts of the player's Muses, in card order, until one needs a choice of whom to
    steal from. A gift that cannot be given in full gives nothing."""
    seat, name, lines = state.turn, state.names[state.turn], []
    while state.pending:
        muse = state.pending[0]
        trade = gift(state, seat, muse)
        choices = steal_choices(state, seat, trade)
        if len(choices) > 1:
            state.phase = "collect"
            lines.append(f"**{name}** chooses whom **{muse}** steals from.")
            return [Event("\n".join(lines))]
        state.pending.pop(0)
        if not choices:
            lines.append(f"🎵 **{muse}** has nothing to give **{name}** this turn.")
        else:
            lines.append(f"🎵 **{muse}** inspires **{name}**: {settle(state, seat, trade, choices[0])}.")
    state.phase = "play"
    return [Event("\n".join(lines))] if lines else []


def _next_turn(state: State, chance: Chance) -> list[Event]:
    if not any(p.hand for p in state.players):
        return _end_round(state, chance)
    state.turn = (state.turn + 1) % players(state)
    while not state.players[state.turn].hand:  # never needed with equal hands; kept for safety
        state.turn = (state.turn + 1) % players(state)
    return _start_turn(state)


def _end_round(state: State, chance: Chance) -> list[Event]:
    if not state.muse_deck:  # the ninth Muse came out this round: that was the last round
        state.phase, state.pending = "over", []
        return [Event(f"The last round is over. 🏆 {final_outcome(state).reason}"), _final_scores(state)]
    state.round += 1
    state.first = (state.first + 1) % players(state)
    state.turn = state.first
    muse = chance.pick(state.muse_deck)
    state.muse_deck.remove(muse)
    state.centre.append(muse)
    last = " The ninth Muse is out: this is the **last round**!" if not state.muse_deck else ""
    events = [
        Event(
            f"📜 Round {state.round}: **{muse}** joins the Muses in the centre. "
            f"**{state.names[state.first]}** starts.{last}"
        )
    ]
    events += _deal(state, chance)
    return events + private_hands(state) + _start_turn(state)


def _final_scores(state: State) -> Event:
    ranked = sorted(range(players(state)), key=lambda s: (-state.players[s].points, -len(state.players[s].muses), s))
    lines = [
        f"**{state.names[s]}**: {state.players[s].points} VP, {_muses(len(state.players[s].muses))}" for s in ranked
    ]
    return Event("🏁 Final scores:\n" + "\n".join(lines))


def _muses(count: int) -> str:
    return f"{count} Muse{'s' if count != 1 else ''}"


# --- The outcome ---------------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    return final_outcome(state) if state.phase == "over" else None


def final_outcome(state: State) -> Outcome:
    """Who won a game that is over: the most VP, then the most Muses."""
    best = max((p.points, len(p.muses)) for p in state.players)
    winners = tuple(s for s, p in enumerate(state.players) if (p.points, len(p.muses)) == best)
    names = " and ".join(f"**{state.names[s]}**" for s in winners)
    points, muses = best
    if len(winners) == 1:
        tied = [p for p in state.players if p.points == points]
        why = f" (ahead on Muses: {muses})" if len(tied) > 1 else ""
        return Outcome(winners=winners, reason=f"{names} wins with {points} VP{why}.")
    return Outcome(winners=winners, reason=f"{names} share the win with {points} VP and {muses} Muses each.")
