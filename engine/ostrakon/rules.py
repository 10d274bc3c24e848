"""Ostrakon: a council of philosophers asks two-answer questions and votes with secret stones.

Reads top to bottom: comparing questions, set-up, who moves and what is legal, applying an
action, then scoring, the Sun's walk and the day's end. The options, state and actions are in
state.py; reading the position in position.py; the dealer's words in announce.py; the views and
the outcome in views.py.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import assert_never

from ..chance import Chance
from ..core import Event, IllegalAction, Outcome, Step, copy_state
from . import data
from .actions import Action, Ask, Consult, Corrupt, Decide, Follow, Vote
from .announce import announce, final_standings, standings
from .announce import opening as opening  # what the set-up tells, worded with the other announcements
from .position import affected, can_follow, is_over, pile_at, players, positions, speaker, speaker_in_play
from .state import STONE_ICON, Options, Pile, Question, Reveal, Rule, State

# --- Comparing questions -------------------------------------------------------------------------


@lru_cache(maxsize=4096)  # stand-ins compare the canned questions on every turn
def normalise(question: str) -> str:
    """A question as compared for repeats: case, punctuation and spacing ignored. Letters, digits
    and symbols (emoji too) count; marks such as emoji variation selectors do not."""
    ignored = ("P", "M", "C")  # punctuation, combining marks, format and control characters
    text = unicodedata.normalize("NFKC", question).casefold()
    kept = (" " if c.isspace() else c for c in text if c.isspace() or not unicodedata.category(c).startswith(ignored))
    return " ".join("".join(kept).split())


# --- Set-up --------------------------------------------------------------------------------------


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    if not 5 <= seats <= 12:
        raise IllegalAction("Ostrakon needs 5 to 12 players.")
    options = options or Options()
    order = chance.shuffle(list(range(seats)))
    start = data.start_space(seats)
    deck = chance.shuffle(list(data.SUBJECTS) + list(options.extra_subjects))
    return State(
        options=options,
        names=list(data.PHILOSOPHERS[:seats]),
        days=data.days_for(seats),
        sun=start,
        piles=[Pile(space=start, seats=list(reversed(order)))],  # the first shuffled is on top
        deck=deck[2:],
        subject=deck[0],
        next_subject=deck[1],
    )


# --- Who moves and what is legal -----------------------------------------------------------------


def to_move(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "vote":
        return frozenset(seat for seat in range(players(state)) if seat not in state.votes)
    return frozenset({speaker_in_play(state)})


def waiting_reason(state: State, seat: int) -> str | None:
    """A stone already cast is the reason a voter has nothing to do, not "your turn"."""
    if state.phase == "vote" and seat in state.votes:
        return "You have already voted."
    return None


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action; an `Ask` is a template whose texts the speaker writes."""
    if seat not in to_move(state):
        return []
    others = [s for s in range(players(state)) if s != seat]
    if state.phase == "ask":
        return [Ask(question="", white="", black="")]
    if state.phase == "vote":
        moves: list[Action] = [Vote(stone="white"), Vote(stone="black")]
        return moves + [Follow()] if can_follow(state, seat) else moves
    if state.phase in ("corrupt", "consult"):
        from itertools import combinations

        make = Corrupt if state.phase == "corrupt" else Consult
        return [make(seats=list(group)) for group in combinations(others, affected(state))]
    return [Decide(flip=False), Decide(flip=True)]


# --- Applying an action --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, chance: Chance) -> Step:
    state = copy_state(state)
    events = _handle(state, seat, action, chance)
    return Step(state=state, events=tuple(events))


def _handle(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    """The action's own rule, chosen by its kind."""
    if action.kind == "ask":
        return _ask(state, seat, action, chance)
    if action.kind == "follow":
        return _follow(state, seat, action, chance)
    if action.kind == "vote":
        return _vote(state, seat, action, chance)
    if action.kind == "corrupt":
        return _corrupt(state, seat, action, chance)
    if action.kind == "consult":
        return _consult(state, seat, action, chance)
    if action.kind == "decide":
        return _decide(state, seat, action, chance)
    assert_never(action)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def _ask(state: State, seat: int, action: Ask, chance: Chance) -> list[Event]:
    _require(state.phase == "ask", "The question has already been asked.")
    text, white, black = action.question.strip(), action.white.strip(), action.black.strip()
    _require(bool(normalise(text)), "Write a question.")
    _require(bool(white) and bool(black), "Give both answers: one for the white stone, one for the black.")
    _require(white.casefold() != black.casefold(), "The two answers must be different.")
    _require(normalise(text) not in state.asked, "That question was already asked in this game.")
    state.asked.append(normalise(text))
    state.question = Question(text=text, white=white, black=black)
    state.phase = "vote"
    name = state.names[seat]
    return [
        Event(f"**{name}** asks: {text}\n⚪ {white} · ⚫ {black}"),
        Event("Your question is out. Now cast your own stone: the one you think most will choose.", to=seat),
    ]


def _follow(state: State, seat: int, action: Follow, chance: Chance) -> list[Event]:
    _require(state.phase == "vote", "You can only follow while the votes are being cast.")
    _require(state.follower is None, "Someone is already following this speaker.")
    _require(seat not in state.followed, "You have already used your follower card.")
    _require(seat not in state.votes, "Follow before you vote.")
    _require(seat != speaker(state), "You cannot follow yourself.")
    _require(can_follow(state, seat), "You can follow only from the top of a pile behind the speaker.")
    state.follower = seat
    state.followed.append(seat)
    return [Event(f"**{state.names[seat]}** follows **{state.names[speaker_in_play(state)]}** this turn.")]


def _vote(state: State, seat: int, action: Vote, chance: Chance) -> list[Event]:
    _require(state.phase == "vote", "There is no vote now.")
    state.votes[seat] = action.stone
    answer = getattr(state.question, action.stone)
    events = [
        Event(f"You voted {STONE_ICON[action.stone]} {answer}.", to=seat),
        Event(f"**{state.names[seat]}** has voted ({len(state.votes)}/{players(state)})."),
    ]
    if len(state.votes) < players(state):
        return events
    if state.rule == "corruption":
        state.phase = "corrupt"
        return events + [Event(f"All stones are down. The speaker now corrupts {affected(state)}.")]
    if state.rule == "oracle":
        state.phase = "consult"
        return events + [Event(f"All stones are down. The speaker consults {affected(state)} before deciding.")]
    events.append(_reveal_event(state))
    if state.rule == "treachery":
        state.phase = "decide"
        return events + [Event("Treachery day: the speaker may now turn their stone over.")]
    return events + _resolve(state, chance)


def _pick_others(state: State, seat: int, chosen: list[int], verb: str) -> list[int]:
    count = affected(state)
    unique = sorted(set(chosen))
    _require(len(unique) == len(chosen), f"Name each philosopher to {verb} once.")
    _require(seat not in unique, f"You cannot {verb} yourself.")
    _require(all(0 <= s < players(state) for s in unique), "That philosopher is not at this table.")
    _require(len(unique) == count, f"Choose exactly {count} philosopher{'s' if count > 1 else ''} to {verb}.")
    return unique


def _corrupt(state: State, seat: int, action: Corrupt, chance: Chance) -> list[Event]:
    _require(state.phase == "corrupt", "There is nobody to corrupt now.")
    chosen = _pick_others(state, seat, action.seats, "corrupt")
    stone = state.votes[seat]
    for other in chosen:
        state.shown[other] = state.votes[other]
        state.votes[other] = stone
    # The corrupted show their own stones before turning them (the table learns what they voted).
    shown = ", ".join(f"**{state.names[s]}** {STONE_ICON[state.shown[s]]}" for s in chosen)
    events = [Event(f"Corruption! **{state.names[seat]}** shows {STONE_ICON[stone]}. {shown} must match it.")]
    return events + [_reveal_event(state)] + _resolve(state, chance)


def _consult(state: State, seat: int, action: Consult, chance: Chance) -> list[Event]:
    _require(state.phase == "consult", "There is no oracle to consult now.")
    chosen = _pick_others(state, seat, action.seats, "consult")
    for other in chosen:
        state.shown[other] = state.votes[other]
    state.phase = "decide"
    shown = ", ".join(f"**{state.names[s]}** {STONE_ICON[state.votes[s]]}" for s in chosen)
    return [Event(f"The Oracle: {shown}. **{state.names[seat]}** may now turn their stone over.")]


def _decide(state: State, seat: int, action: Decide, chance: Chance) -> list[Event]:
    _require(state.phase == "decide", "There is nothing to decide now.")
    if action.flip:
        state.votes[seat] = "black" if state.votes[seat] == "white" else "white"
    verb = "turns their stone over" if action.flip else "keeps their stone"
    events = [Event(f"**{state.names[seat]}** {verb}.")]
    if state.rule == "oracle":
        events.append(_reveal_event(state))
    return events + _resolve(state, chance)


def _reveal_event(state: State) -> Event:
    question = state.question
    by_stone = {
        stone: [state.names[s] for s, v in sorted(state.votes.items()) if v == stone] for stone in ("white", "black")
    }
    lines = [
        f"{STONE_ICON[stone]} {getattr(question, stone)} ({len(names)}): {', '.join(names) or '-'}"
        for stone, names in by_stone.items()
    ]
    return Event("The stones are revealed!\n" + "\n".join(lines))


# --- Scoring, the Sun's walk and the day's end ---------------------------------------------------


def _take_from_pile(state: State, seat: int) -> None:
    for pile in state.piles:
        if seat in pile.seats:
            pile.seats.remove(seat)
    state.piles = [pile for pile in state.piles if pile.seats]


def _place_on_top(state: State, seat: int, space: int) -> None:
    pile = pile_at(state, space)
    if pile is None:
        state.piles.append(Pile(space=space, seats=[seat]))
        state.piles.sort(key=lambda p: p.space)
    else:
        pile.seats.append(seat)


def _resolve(state: State, chance: Chance) -> list[Event]:
    talker = speaker_in_play(state)
    question = state.question
    assert question is not None, "the question stays open until its vote is resolved"
    stone = state.votes[talker]
    others = players(state) - 1
    matching = sum(1 for s, v in state.votes.items() if s != talker and v == stone)
    missing = others - matching
    scores = matching >= data.majority_needed(players(state)) and missing > 0
    name = state.names[talker]
    state.last = Reveal(
        speaker=talker,
        question=question,
        votes=dict(state.votes),
        advanced=missing if scores else 0,
        follower=state.follower,
        shown=dict(state.shown),
    )
    follower = state.follower
    # The turn is over, even when the game ends with it: no question stays open in the views.
    state.question, state.votes, state.shown, state.follower = None, {}, {}, None
    _take_from_pile(state, talker)
    if not scores:
        state.under_sun.insert(0, talker)
        why = "everyone agreed" if missing == 0 else f"only {matching} of {others} matched"
        events = [Event(f"**{name}** misjudged the council ({why}) and goes under the Sun.")]
    else:
        target = min(data.TEMPLE, state.sun + missing)
        events = [
            Event(
                f"**{name}** foresaw the vote: {matching} of {others} matched, "
                f"forward {missing} space{'s' if missing > 1 else ''}."
            )
        ]
        if target == data.TEMPLE:
            state.winner, state.outstanding, state.phase = talker, True, "over"
            return events + [
                Event(f"🏛️ **{name}** reaches the Temple of Wisdom: an Outstanding Victory!"),
                final_standings(state),
            ]
        _place_on_top(state, talker, target)
        if follower is not None:
            events.append(_move_follower(state, follower, missing))
    state.phase = "ask"
    _next_subject(state, chance)
    events += _walk_sun(state)
    if is_over(state):  # the Sun's walk found no pile on the last day
        return events + [final_standings(state)]
    return events + [standings(state), announce(state)]


def _move_follower(state: State, follower: int, spaces: int) -> Event:
    start = positions(state)[follower]
    target = min(start + spaces, state.sun)  # a follower never passes the Sun
    _take_from_pile(state, follower)
    _place_on_top(state, follower, target)
    return Event(
        f"**{state.names[follower]}** follows, {target - start} space{'s' if target - start != 1 else ''} forward."
    )


def _next_subject(state: State, chance: Chance) -> None:
    state.discard.append(state.subject)
    if not state.deck:
        state.deck, state.discard = chance.shuffle(state.discard), []
    state.subject, state.next_subject = state.next_subject, state.deck.pop(0)


def _walk_sun(state: State) -> list[Event]:
    """When the sunlit space empties, the philosophers under the Sun return to it and the Sun
    walks back along the path to the next pile; finding none, the day is over."""
    if pile_at(state, state.sun) is not None:
        return []
    if state.under_sun:
        state.piles.append(Pile(space=state.sun, seats=state.under_sun))
        state.piles.sort(key=lambda p: p.space)
        state.under_sun = []
    behind = [pile for pile in state.piles if pile.space < state.sun]
    if behind:
        state.sun = behind[-1].space
        return []
    return _end_day(state)


def _end_day(state: State) -> list[Event]:
    if state.day >= state.days:
        state.phase = "over"
        leader = state.piles[-1].seats[-1]
        state.winner = leader
        return [
            Event(f"The Moon covers the Calendar. 🏆 **{state.names[leader]}** stands closest to the Temple and wins!")
        ]
    state.day += 1
    state.sun = state.piles[-1].space
    state.rule = rule_of_space(state.options, state.sun)
    special = "" if state.rule == "regular" else f" It is a day of **{state.rule.title()}**."
    return [Event(f"🌙 Day {state.day} of {state.days} begins.{special}")]


def rule_of_space(options: Options, space: int) -> Rule:
    if options.special_days:
        specials: tuple[tuple[Rule, tuple[int, ...]], ...] = (
            ("corruption", options.corruption_spaces),
            ("oracle", options.oracle_spaces),
            ("treachery", options.treachery_spaces),
        )
        for rule, spaces in specials:
            if space in spaces:
                return rule
    return "regular"


def special_spaces(options: Options) -> dict[str, Rule]:
    """The path's special-day symbols, as the board shows them: space -> rule."""
    return {
        str(space): rule_of_space(options, space)
        for space in range(1, data.LAST_SPACE + 1)
        if rule_of_space(options, space) != "regular"
    }


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    name = state.names[state.winner]
    reason = (
        "an Outstanding Victory in the Temple of Wisdom"
        if state.outstanding
        else "closest to the Temple when the Moon covered the Calendar"
    )
    return Outcome(winners=(state.winner,), reason=f"{name}: {reason}")
