"""Rolls of the Resolution phase: checks against a target, contests between leagues, and the
second chances (re-rolls and +2s) a player may take when a roll goes against them."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .actions import Accept, Action, Boost, Reroll
from .state import Prompt, Roll, Side, State, admin_ready, name, open_roll


def augur_bonus(state: State, figures: list[str]) -> tuple[int, list[str]]:
    """The solo Augur's effect on a roll of the player's."""
    if state.augur == "Bad Omen":
        return -1, ["-1 Bad Omen"]
    if state.augur == "Fair Winds" and any(data.FIGURES[f]["sea"] for f in figures):
        return 1, ["+1 Fair Winds"]
    return 0, []


def side_label(state: State, side: Side) -> str:
    if side.seat is None:
        return "The enemy"
    return name(state, side.seat)


def total(roll: Roll, side: Side) -> int:
    value = side.die + side.bonus + side.boost
    return value + side.attack if roll.what == "conflict" else value


def needed(roll: Roll, side: Side) -> int:
    return data.brigand_target(side.attack) if roll.what == "brigands" else roll.target


def won(roll: Roll, index: int) -> bool:
    side = roll.sides[index]
    if roll.what == "conflict":
        return total(roll, side) > total(roll, roll.sides[1 - index])
    return total(roll, side) >= needed(roll, side)


def _would_win(roll: Roll, index: int, boost: int = 0, attack: int = 0) -> bool:
    trial = roll.model_copy(deep=True)
    trial.sides[index].boost += boost
    trial.sides[index].attack += attack
    return won(trial, index)


def second_chances(state: State, roll: Roll, index: int) -> list[Action]:
    """What the side's roller may still do about a roll that went against them."""
    side = roll.sides[index]
    if side.seat is None or side.declined or won(roll, index):
        return []
    player = state.players[side.seat]
    options: list[Action] = []
    if player.admin == "Priestess" and admin_ready(player):
        options.append(Reroll(source="Priestess"))
    if "Aristonice" in player.figures and "Aristonice" not in player.used:
        options.append(Reroll(source="Aristonice"))
    if state.augur == "Favour of Zeus" and "Zeus" not in player.used:
        options.append(Reroll(source="Zeus"))
    if "Phemonoe" in player.figures and "Phemonoe" not in player.used and _would_win(roll, index, boost=2):
        options.append(Boost(source="Phemonoe"))
    if (
        player.admin == "Polemarch"
        and admin_ready(player)
        and roll.what in ("conflict", "brigands")
        and _would_win(roll, index, attack=2)
    ):
        options.append(Boost(source="Polemarch"))
    return options + [Accept()] if options else []


def next_offer(state: State) -> int | None:
    roll = open_roll(state)
    for index in range(len(roll.sides)):
        if second_chances(state, roll, index):
            return index
    return None


def offer(state: State, events: list[Event]) -> bool:
    """Ask the next roller who may want a second chance; False when the roll stands."""
    index = next_offer(state)
    if index is None:
        return False
    seat = open_roll(state).sides[index].seat
    assert seat is not None, "only a player's side is offered a second chance"
    state.prompts.append(Prompt(seat=seat, kind="second_chance"))
    events.append(Event("Your roll went against you: you may try a second chance.", to=seat))
    return True


def describe(state: State, roll: Roll, side: Side) -> str:
    figures = ", ".join(side.figures)
    parts = [f"🎲 **{side.die}**"]
    if roll.what == "conflict" and side.attack:
        parts.append(f"+ {side.attack} attack")
    elif roll.what == "brigands":
        parts.append(f"({side.attack} attack: needs {needed(roll, side)}+)")
    parts += side.notes
    if side.boost:
        parts.append(f"+{side.boost}")
    text = f"**{side_label(state, side)}** ({figures}) rolls {' '.join(parts)}"
    if roll.what == "conflict":
        return f"{text} = **{total(roll, side)}**"
    if roll.what == "empire" or roll.what == "integration":
        return f"{text} = **{total(roll, side)}**, needs {roll.target}+"
    return text


def throw(state: State, roll: Roll, chance: Chance, events: list[Event]) -> None:
    for side in roll.sides:
        side.die = chance.roll(12)
        events.append(Event(describe(state, roll, side)))
    state.roll = roll


def reroll(state: State, seat: int, action: Reroll, chance: Chance) -> list[Event]:
    roll = open_roll(state)
    side = next(s for s in roll.sides if s.seat == seat)
    player = state.players[seat]
    if action.source == "Priestess":
        player.admin_uses += 1
    else:
        player.used.append(action.source)
    side.die = chance.roll(12)
    return [Event(f"🔁 {action.source}: {describe(state, roll, side)}")]


def boost(state: State, seat: int, action: Boost) -> list[Event]:
    roll = open_roll(state)
    side = next(s for s in roll.sides if s.seat == seat)
    player = state.players[seat]
    if action.source == "Polemarch":
        player.admin_uses += 1
        side.attack += 2
    else:
        player.used.append(action.source)
        side.boost += 2
    return [Event(f"✨ **{name(state, seat)}** adds +2 ({action.source}): {describe(state, roll, side)}")]


def accept(state: State, seat: int) -> list[Event]:
    for side in open_roll(state).sides:
        if side.seat == seat:
            side.declined = True
    return []
