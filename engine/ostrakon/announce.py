"""The dealer's words: what Ostrakon tells the table about where things stand, at the opening,
after each turn and at the end."""

from __future__ import annotations

from ..core import Event
from . import data
from .position import next_speaker, pile_at, speaker_in_play
from .state import State


def opening(state: State) -> tuple[Event, ...]:
    """The dealer's words as the council opens: where everyone starts, then the first subject."""
    space = state.piles[0].space
    way = data.TEMPLE - space
    return (
        Event(
            f"🌅 Day 1 of {state.days}: the council gathers on space {space} of the path, "
            f"{way} spaces from the Temple of Wisdom."
        ),
        announce(state),
    )


def ranking(state: State) -> list[tuple[int, int]]:
    """(seat, space) from the closest to the Temple to the farthest: higher spaces first, and on
    one space the top of the pile first, then those waiting under the Sun there."""
    ranked: list[tuple[int, int]] = []
    if state.outstanding:
        assert state.winner is not None, "an Outstanding Victory is the winner's"
        ranked.append((state.winner, data.TEMPLE))
    for space in sorted({pile.space for pile in state.piles} | {state.sun}, reverse=True):
        pile = pile_at(state, space)
        seats = list(reversed(pile.seats)) if pile else []
        if space == state.sun:
            seats += list(reversed(state.under_sun))
        ranked += [(seat, space) for seat in seats]
    return ranked


def standings(state: State) -> Event:
    """Where everyone stands after a turn: each pile, top first, and who waits under the Sun."""
    parts = [
        f"{'☀️' if pile.space == state.sun else ''}{pile.space} "
        + ", ".join(state.names[seat] for seat in reversed(pile.seats))
        for pile in reversed(state.piles)
    ]
    if state.under_sun:
        parts.append(
            f"☀️ under the Sun on {state.sun}: " + ", ".join(state.names[seat] for seat in reversed(state.under_sun))
        )
    return Event("📍 On the path (space, top of the pile first): " + " · ".join(parts))


def final_standings(state: State) -> Event:
    lines = [
        f"{place}. **{state.names[seat]}**, " + ("the Temple" if space == data.TEMPLE else f"space {space}")
        for place, (seat, space) in enumerate(ranking(state), start=1)
    ]
    return Event("🏁 Final standings:\n" + "\n".join(lines))


def announce(state: State) -> Event:
    """The dealer's words at each new turn: this subject and speaker, then the next ones."""

    def subject(name: str) -> str:
        return "a free subject" if name == data.FREE_SUBJECT else f"**{name}**"

    after = next_speaker(state)
    now = subject(state.subject)
    text = f"🗣️ {now[0].upper() + now[1:]}: **{state.names[speaker_in_play(state)]}** asks."
    if after is not None:
        text += f" Next: {subject(state.next_subject)}, **{state.names[after]}**."
    elif state.day < state.days:
        text += f" Next: {subject(state.next_subject)}, whoever leads on day {state.day + 1}."
    else:
        text += " This is the last question of the council."
    return Event(text)
