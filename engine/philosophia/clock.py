"""The timeline towards 146 BC, and how the game ends when Rome arrives: one philosopher out of
the Labyrinth wins, several hold the Final Public Debate, nobody and the Romans win."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .debate import carry_on
from .state import Debate, Final, State, bold, current_debate, current_final, name

LAST = len(data.TIMELINE) - 1


def year(state: State) -> str:
    return f"{data.TIMELINE[state.timeline]} BC"


def game_over(state: State, winners: list[int], reason: str) -> list[Event]:
    state.phase = "over"
    state.winners = winners
    state.end = reason
    state.debate = state.auction = state.veto = None
    return [Event(f"🏁 {reason}")]


def advance_timeline(state: State, chance: Chance) -> list[Event]:
    state.timeline += 1
    if state.timeline < LAST:
        return [Event(f"⏳ The timeline moves on to **{year(state)}**.")]
    return [Event(f"⏳ The timeline reaches **{year(state)}**: Rome arrives in Greece.")] + finish(state, chance)


def finishers(state: State) -> list[int]:
    return [who for who in range(state.seats) if len(state.players[who].claimed) >= data.TOKENS_TO_WIN]


def finish(state: State, chance: Chance) -> list[Event]:
    """With 146 BC reached: one philosopher with three Labyrinth tokens wins; several meet in the
    Final Public Debate; nobody, and the Romans win."""
    done = finishers(state)
    if not done:
        return game_over(state, [], "Nobody found the way out of the Labyrinth in time: the Romans win.")
    if len(done) == 1:
        return game_over(state, done, f"{name(state, done[0])} leaves the Labyrinth and wins Philosophia!")
    names = ", ".join(bold(state, who) for who in done)
    return [Event(f"🏛️ {names} hold three Labyrinth tokens: the Final Public Debate begins!")] + begin_final(
        state, done, chance
    )


# --- The Final Public Debate ---------------------------------------------------------------------


def round_robin(order: list[int]) -> list[tuple[int, int]]:
    """Every pair once: first each against the next (the last against the first), then further."""
    n, pairs = len(order), []
    for gap in range(1, n // 2 + 1):
        for i in range(n):
            if 2 * gap == n and i >= gap:
                break
            pairs.append((order[i], order[(i + gap) % n]))
    return pairs


def _exit_number(state: State, who: int) -> int:
    """The numbered Labyrinth token of a philosopher out of the Labyrinth: the order they got out."""
    numbered = state.players[who].numbered
    assert numbered is not None, "the third Labyrinth token, the way out, is a numbered one"
    return numbered


def begin_final(state: State, finishers: list[int], chance: Chance) -> list[Event]:
    """The last to finish opens; each philosopher keeps one pile through all their debates."""
    order = sorted(finishers, key=lambda who: _exit_number(state, who), reverse=True)
    state.final = Final(order=order, pairings=round_robin(order), piles={who: [] for who in order})
    return _next_final_debate(state, chance)


def _next_final_debate(state: State, chance: Chance) -> list[Event]:
    final = current_final(state)
    a, b = final.pairings[final.index]
    state.phase = "debate"
    state.debate = Debate(initiator=a, challenged=b, leader=a, final=True, piles={a: final.piles[a], b: final.piles[b]})
    events = [
        Event(f"🏛️ Final debate {final.index + 1} of {len(final.pairings)}: {bold(state, a)} against {bold(state, b)}.")
    ]
    return events + carry_on(state, chance, end_final_debate)


def end_final_debate(state: State, chance: Chance) -> list[Event]:
    """A debate of the Final Public Debate is over: its piles run on into the next pairing; after
    the last, the biggest pile wins the game."""
    final, debate = current_final(state), current_debate(state)
    for who, pile in debate.piles.items():
        final.piles[who] = pile
    final.index += 1
    state.last_debate = {
        "initiator": debate.initiator,
        "challenged": debate.challenged,
        "winner": None,
        "piles": {str(who): list(pile) for who, pile in debate.piles.items()},
    }
    counts = ", ".join(f"{bold(state, who)} {len(final.piles[who])}" for who in final.order)
    events = [Event(f"Piles so far: {counts}.")]
    if final.index < len(final.pairings):
        return events + _next_final_debate(state, chance)
    best = max(len(pile) for pile in final.piles.values())
    tied = [who for who in final.order if len(final.piles[who]) == best]
    winner = min(tied, key=lambda who: _exit_number(state, who))
    why = (
        f" (the tie goes to the first out of the Labyrinth, token {state.players[winner].numbered})"
        if len(tied) > 1
        else ""
    )
    return events + game_over(
        state,
        [winner],
        f"{name(state, winner)} wins the Final Public Debate with {best} cards{why} and wins Philosophia!",
    )
