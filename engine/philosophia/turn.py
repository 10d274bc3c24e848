"""The turn: move, then (after any location token) one action; then the next philosopher. After
every round the hourglass may move the timeline on."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from .clock import advance_timeline, year
from .moirai import moirai_turn
from .state import State, bold, solo


def begin_action(state: State, chance: Chance) -> list[Event]:
    """After the move: a spellbound philosopher loses the action; anyone else chooses one."""
    player = state.players[state.turn]
    if player.silenced:
        player.silenced = False
        return [Event(f"{bold(state, state.turn)} is under the Spell of Trophonius and loses this action.")] + end_turn(
            state, chance
        )
    state.phase = "act"
    return []


def end_turn(state: State, chance: Chance) -> list[Event]:
    events: list[Event] = []
    state.debate = state.auction = state.veto = None
    if solo(state):
        events += moirai_turn(state, chance)
        if state.phase == "over":
            return events
    state.turn = (state.turn + 1) % state.seats
    if state.turn == 0:
        events += end_round(state, chance)
        if state.phase == "over" or state.final is not None:  # the end, or the Final Debate
            return events
    state.phase = "move"
    return events + [Event(f"➡️ {bold(state, state.turn)}'s turn.")]


def end_round(state: State, chance: Chance) -> list[Event]:
    """The hourglass: every few rounds, or every round once Rome hurries (someone holds two
    Labyrinth tokens), the timeline moves one step. Solo games run on the Moirai's Atropos cards."""
    finished = state.round
    state.round += 1
    if solo(state):
        return []
    hurry = state.options.romans_hurry and any(len(p.claimed) >= 2 for p in state.players)
    if finished % state.options.hourglass_rounds == 0 or hurry:
        why = "Rome hurries" if hurry else "the hourglass runs out"
        return [Event(f"⌛ Round {finished} ends and {why}.")] + advance_timeline(state, chance)
    return [Event(f"Round {finished} ends ({year(state)}).")]
