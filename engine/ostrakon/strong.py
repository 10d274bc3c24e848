"""The strong stand-in of Ostrakon: it reads the council as a crowd of people.

A speaker asks a question from the bank (bank.py) whose split it can estimate, the one that fits
the subject and promises the longest walk (odds.py), and votes the side it expects the majority to
take. A voter expects the speaker to vote the side the majority is expected to take, and votes to
hold the speaker back (every step another takes is one it has to make up), unless it follows that
speaker: then it votes to help. It follows when the expected gain now is as good as it is likely
to get, or the game is nearly over. On special days it weighs the stones it has seen.

It never reads a stone it cannot see: it begins from `shuffle_secrets(state, chance, keep=seat)`
and uses only its own stone and those shown to everyone. The question's text and the positions are
public. Ties are broken by `chance`, its only randomness.

Against players who choose at random none of this can tell their stones apart: only the special
days' choices and the Follow gain anything there (docs/ostrakon.md, "Stand-ins").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..chance import Chance
from . import data
from .actions import Action, Ask, Decide, Follow, Vote
from .bank import BANK, CANNED_SHARES, Banked
from .odds import matches, steps, walk
from .position import can_follow, players, positions, speaker_in_play
from .rules import legal_actions, normalise
from .standin import canned_question
from .state import Question, State, Stone
from .views import shuffle_secrets

# How often a speaker votes the side the majority is expected to take (the rules ask them to guess
# the council's vote; people mostly do).
READS_MAJORITY = 0.75
STONES: tuple[Stone, Stone] = ("white", "black")
T = TypeVar("T")

SHARES: dict[str, tuple[str, float]] = {normalise(q.text): (q.white.casefold(), q.white_share) for q in BANK}
for _text, _white, _ in data.CANNED_QUESTIONS:
    SHARES[normalise(_text)] = (_white.casefold(), CANNED_SHARES[_text])


def strong(state: State, seat: int, chance: Chance) -> Action:
    world = shuffle_secrets(state, chance, keep=seat)
    if world.phase == "ask":
        return _question(world, chance)
    if world.phase == "vote":
        return _vote(world, seat, chance)
    if world.phase == "decide":
        return _decide(world, seat)
    # Whom to corrupt or consult: every stone is hidden and read alike, so any group will do.
    return chance.pick(legal_actions(world, seat))


def white_share(question: Question | None) -> float:
    """The share of a council expected to vote white on `question` (a half if it is not ours)."""
    if question is None:
        return 0.5
    known = SHARES.get(normalise(question.text))
    if known is None:
        return 0.5
    white, share = known
    if question.white.casefold() == white:
        return share
    return 1 - share if question.black.casefold() == white else 0.5


def _best(options: Sequence[T], values: Sequence[float], chance: Chance) -> T:
    top = max(values)
    return chance.pick([option for option, value in zip(options, values) if value > top - 1e-9])


# --- Speaking -----------------------------------------------------------------------------------------


def _fits(state: State, banked: Banked) -> bool:
    return state.subject == data.FREE_SUBJECT or not banked.subjects or state.subject in banked.subjects


def promise(banked: Banked, council: int) -> float:
    """The walk a question promises its speaker, voting the side most are expected to take."""
    others = council - 1
    return max(walk([banked.white_share] * others, council), walk([1 - banked.white_share] * others, council))


def _question(state: State, chance: Chance) -> Ask:
    fresh = [q for q in BANK if normalise(q.text) not in state.asked]
    fitting = [q for q in fresh if _fits(state, q)] or fresh
    if not fitting:
        return canned_question(state)
    council = players(state)
    chosen = _best(fitting, [promise(q, council) for q in fitting], chance)
    return Ask(question=chosen.text, white=chosen.white, black=chosen.black)


def _speakers_stone(share: float) -> float:
    """The chance that the speaker's stone is white."""
    if share == 0.5:
        return 0.5
    return READS_MAJORITY if share > 0.5 else 1 - READS_MAJORITY


def expected_walk(state: State, seat: int, mine: Stone, cap: int) -> float:
    """The speaker's expected walk (at most `cap`) if `seat` votes `mine`: over the speaker's
    stone, with the other stones as the council is expected to vote."""
    talker = speaker_in_play(state)
    council = players(state)
    share = white_share(state.question)
    voters = [v for v in range(council) if v not in (seat, talker)]
    if seat == talker:
        return walk([share if mine == "white" else 1 - share] * len(voters), council, cap)
    total = 0.0
    for stone, chance in (("white", _speakers_stone(share)), ("black", 1 - _speakers_stone(share))):
        match = share if stone == "white" else 1 - share
        chances = [match] * len(voters) + [1.0 if mine == stone else 0.0]
        if state.rule == "corruption":  # the speaker turns some stones to match theirs
            chances = [1.0] * data.affected_for(council) + chances[data.affected_for(council) :]
        if state.rule == "treachery":  # the speaker turns their stone after seeing them all
            total += chance * _treachery_walk(match, len(voters), mine == stone, council, cap)
        else:
            total += chance * walk(chances, council, cap)
    return total


def _treachery_walk(match: float, voters: int, i_match: bool, council: int, cap: int) -> float:
    """A speaker who sees every stone before choosing theirs: the better of the two walks."""
    total = 0.0
    for matched, chance in enumerate(matches([match] * voters)):
        agree = matched + (1 if i_match else 0)
        total += chance * min(cap, max(steps(council, agree), steps(council, council - 1 - agree)))
    return total


# --- Voting and following -------------------------------------------------------------------------------


def _vote(state: State, seat: int, chance: Chance) -> Action:
    talker = speaker_in_play(state)
    gap = state.sun - positions(state)[seat]
    if seat == talker:
        values = [expected_walk(state, seat, stone, data.TEMPLE) for stone in STONES]
        return Vote(stone=_best(STONES, values, chance))
    if can_follow(state, seat) and _follow_now(state, seat, gap):
        return Follow()
    following = state.follower == seat
    sign = 1.0 if following else -1.0  # help the speaker one follows, else hold them back
    cap = gap if following else data.TEMPLE
    values = [sign * expected_walk(state, seat, stone, cap) for stone in STONES]
    return Vote(stone=_best(STONES, values, chance))


def _follow_now(state: State, seat: int, gap: int) -> bool:
    """Follow when the gain expected now is as good as a typical one, or the days run out."""
    gain = max(expected_walk(state, seat, stone, gap) for stone in STONES)
    council = players(state)
    typical = walk([0.5] * (council - 1), council)
    if state.day >= state.days:
        return gain > 0.25 * typical
    return gain >= 0.95 * typical


# --- Special days ---------------------------------------------------------------------------------------


def _decide(state: State, seat: int) -> Decide:
    """Keep or turn the stone: the exact walk if every stone is shown (Treachery), else the
    expected one over the stones still hidden (Oracle)."""
    council = players(state)
    mine = state.votes[seat]
    known = state.votes if state.rule == "treachery" else {**state.shown, seat: mine}
    share = white_share(state.question)
    hidden = council - len(known)
    values = []
    for stone in (mine, "black" if mine == "white" else "white"):
        agree = sum(1 for other, vote in known.items() if other != seat and vote == stone)
        match = share if stone == "white" else 1 - share
        values.append(walk([1.0] * agree + [0.0] * (len(known) - 1 - agree) + [match] * hidden, council))
    return Decide(flip=values[1] > values[0] + 1e-9)
