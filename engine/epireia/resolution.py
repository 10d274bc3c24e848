"""The Resolution phase, in the rulebook's fixed order: Empire negotiations, Territory conflicts
(with the Brigands) and taxes, the integration of Greek cities, then the Collection."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data, dice
from .data import League
from .develop import change_prestige
from .state import (
    HOME,
    Ally,
    Roll,
    Side,
    State,
    Task,
    development_order,
    diplomacy_order,
    draw_token,
    gain,
    name,
    open_roll,
    other,
    place_of,
    territories_of,
)


def start(state: State, events: list[Event]) -> None:
    state.phase = "resolve"
    order = diplomacy_order(state)  # the Peloponnesian League begins
    enemies_at = [e.place for e in state.enemies]
    tasks = []
    for empire in data.EMPIRES:
        visitors = [s for s in order for f in state.players[s].figures if place_of(state, f) == empire]
        crowded = len(visitors) + enemies_at.count(empire) >= 2
        tasks += [Task(kind="empire", place=empire, seat=s, crowded=crowded) for s in visitors]
    for land in data.TERRITORIES:
        if _player_figures(state, land) or land in enemies_at:
            tasks.append(Task(kind="territory", place=land))
    for city in data.INTEGRATION_ORDER:
        if _player_figures(state, city):
            tasks.append(Task(kind="city", place=city))
    state.tasks = tasks + [Task(kind="collect")]
    events.append(Event("⚖️ **Resolution phase.**"))


def run(state: State, chance: Chance, events: list[Event]) -> bool:
    """Work through the tasks; True when a player must choose something first."""
    while state.tasks:
        if state.prompts or (state.roll is not None and dice.offer(state, events)):
            return True
        task = state.tasks[0]
        if HANDLERS[task.kind](state, task, chance, events):
            state.tasks.pop(0)
    return bool(state.prompts)


# --- Who stands where ----------------------------------------------------------------------------


def _player_figures(state: State, place: str) -> list[str]:
    return [f for s in diplomacy_order(state) for f in state.players[s].figures if place_of(state, f) == place]


def _league_of_figure(state: State, figure: str) -> League:
    return next(p.league for p in state.players if figure in p.figures)


def _send_home(state: State, figures: list[str]) -> None:
    for figure in figures:
        state.places.pop(figure, None)
    for enemy in state.enemies:
        if enemy.name in figures:
            enemy.place = HOME


def _going_home(figures: list[str]) -> str:
    if len(figures) == 1:
        return f"{figures[0]} returns home"
    return f"{', '.join(figures[:-1])} and {figures[-1]} return home"


def _sides(state: State, place: str) -> list[Side]:
    """One side per league present (the Peloponnesian first); the solo enemy is a side too."""
    sides = []
    here = _player_figures(state, place)
    leagues: tuple[League, League] = ("peloponnesian", "delian")
    for league in leagues:
        figures = [f for f in here if _league_of_figure(state, f) == league]
        if figures:
            roller = next(s for s in diplomacy_order(state) if set(figures) & set(state.players[s].figures))
            sides.append(_side(state, league, roller, figures, place))
    enemies = [e for e in state.enemies if e.place == place]
    if enemies:
        sides.append(
            Side(
                league=other(state.players[0].league),
                seat=None,
                figures=[e.name for e in enemies],
                attack=sum(data.FIGURES[e.name]["attack"] for e in enemies),
            )
        )
    return sides


def _side(state: State, league: League, seat: int, figures: list[str], place: str) -> Side:
    attack = sum(data.FIGURES[f]["attack"] for f in figures)
    notes = []
    if "Archidamus" in figures and place in data.TERRITORIES and not data.is_sea(place):
        attack += 1
        notes.append("(Archidamus +1 attack)")
    if "Themistocles" in figures and data.is_sea(place):
        attack += 1
        notes.append("(Themistocles +1 attack)")
    bonus, augur = dice.augur_bonus(state, figures)
    return Side(league=league, seat=seat, figures=figures, attack=attack, bonus=bonus, notes=notes + augur)


def _league_label(state: State, side: Side) -> str:
    return (
        dice.side_label(state, side) if side.seat is None or len(state.players) < 3 else data.LEAGUE_NAMES[side.league]
    )


def _settle(state: State) -> Roll:
    """The roll in progress, taken off the state now that it stands."""
    roll, state.roll = open_roll(state), None
    return roll


def _seat(side: Side) -> int:
    assert side.seat is not None, "only a player's side takes Brigands or integrates a city"
    return side.seat


def _conflict_result(state: State, events: list[Event]) -> Side | None:
    """Settle a contest: the loser's figures go home (both on a tie); returns the winner."""
    roll = _settle(state)
    winner = next((s for i, s in enumerate(roll.sides) if dice.won(roll, i)), None)
    if winner is None:
        _send_home(state, [f for s in roll.sides for f in s.figures])
        events.append(Event(f"🤝 A tie at {roll.place}: nobody wins, and every figure returns home."))
        return None
    loser = next(s for s in roll.sides if s is not winner)
    _send_home(state, loser.figures)
    events.append(
        Event(f"🏆 **{_league_label(state, winner)}** wins the conflict at {roll.place}; {_going_home(loser.figures)}.")
    )
    _pericles(state, winner, events)
    return winner


def _pericles(state: State, side: Side, events: list[Event]) -> None:
    if side.seat is not None and "Pericles" in side.figures:
        seat = next(p.seat for p in state.players if "Pericles" in p.figures)
        change_prestige(state, seat, 1, events, " (Pericles wins a conflict)")


# --- Empires -------------------------------------------------------------------------------------


def _empire(state: State, task: Task, chance: Chance, events: list[Event]) -> bool:
    seat = task.seat
    assert seat is not None, "an Empire task is one player's figure there"
    player = state.players[seat]
    figure = next(f for f in player.figures if place_of(state, f) == task.place)
    card = data.EMPIRES[task.place]
    if state.roll is None:
        side = _side(state, player.league, seat, [figure], task.place)
        side.attack = 0
        for source, bonus in (
            ("Embassy", "Embassy" in player.buildings),
            (figure, figure in ("Heliodorus", "Hippias")),
            (figure, figure == "Timoleon" and task.place == "Syracuse"),
        ):
            if bonus:
                side.bonus += 2
                side.notes.append(f"+2 {source}")
        target = card["target"][1 if task.crowded else 0]
        dice.throw(state, Roll(what="empire", place=task.place, sides=[side], target=target), chance, events)
        return False
    roll = _settle(state)
    _send_home(state, [figure])
    if not dice.won(roll, 0):
        events.append(Event(f"❌ {task.place} turns **{name(state, seat)}** away."))
        return True
    gains = []
    for resource, count in card["reward"].items():
        gain(player, resource, count)
        gains.append(f"{count}{data.ICON[resource]}")
    if card.get("unit"):
        token = draw_token(state, card["unit"], 1, chance)
        if token:
            player.reserve.append(token)
            gains.append(data.unit_name(card["unit"], 1))
            events.append(Event(f"Your token from {task.place}: strength {token.strength}.", to=task.seat))
    player.deeds.append(f"empire:{task.place}")
    events.append(Event(f"✅ {task.place} favours **{name(state, seat)}**: {' + '.join(gains)}."))
    return True


# --- Territories ---------------------------------------------------------------------------------


def _meet(state: State, task: Task, chance: Chance, events: list[Event], then: str, news: str) -> bool:
    """A place's first step: two sides there roll for the conflict first, else on to `then`."""
    sides = _sides(state, task.place)
    task.stage = then
    if len(sides) == 2:
        task.stage = "conflict"
        events.append(Event(news))
        dice.throw(state, Roll(what="conflict", place=task.place, sides=sides), chance, events)
    return False


def _territory(state: State, task: Task, chance: Chance, events: list[Event]) -> bool:
    land = state.territories[task.place]
    if task.stage == "start":
        return _meet(state, task, chance, events, "brigands", f"⚔️ Conflict at **{task.place}**!")
    if task.stage == "conflict":
        _conflict_result(state, events)
        task.stage = "brigands"
        return False
    if task.stage == "brigands":
        sides = [s for s in _sides(state, task.place) if s.seat is not None]
        task.stage = "take"
        if land.brigands and len(sides) == 1:
            side = sides[0]
            if "Brasidas" in side.figures:
                side.attack += 1
                side.notes.append("(Brasidas +1 attack)")
            task.stage = "brigands_roll"
            events.append(Event(f"🗡️ **{dice.side_label(state, side)}** attacks the Brigands at **{task.place}**."))
            dice.throw(state, Roll(what="brigands", place=task.place, sides=[side]), chance, events)
        return False
    if task.stage == "brigands_roll":
        roll = _settle(state)
        side = roll.sides[0]
        task.stage = "take"
        if dice.won(roll, 0):
            land.brigands = False
            state.players[_seat(side)].deeds.append("brigands")
            events.append(Event(f"✅ The Brigands flee {task.place}!"))
            _pericles(state, side, events)
        else:
            _send_home(state, side.figures)
            events.append(Event(f"❌ The Brigands hold {task.place}; {_going_home(side.figures)}."))
        return False
    _take(state, task.place, events)
    return True


def _league_of_city(state: State, city: str | None) -> str | None:
    player = next((p for p in state.players if p.city == city), None)
    if player:
        return player.league
    return None if city is None else ("peloponnesian" if state.players[0].league == "delian" else "delian")


def _take(state: State, place: str, events: list[Event]) -> None:
    land = state.territories[place]
    if land.brigands:
        return
    here = _player_figures(state, place)
    if not here:
        enemy = next((e for e in state.enemies if e.place == place), None)
        if enemy and _league_of_city(state, land.owner) != _league_of_city(state, enemy.city):
            _change_owner(state, place, enemy.city, events)
        return
    league = _league_of_figure(state, here[0])
    if land.owner and _league_of_city(state, land.owner) == league:
        return  # already the league's: a partner's Territory cannot be taken
    present = [s for s in diplomacy_order(state) if set(here) & set(state.players[s].figures)]
    taker = next((s for s in present if len(territories_of(state, state.players[s].city)) < data.CITY_TOKENS), None)
    if taker is None:
        # Said when a figure comes: a figure that stays on would repeat it every turn.
        if any(f in state.players[s].moved for s in present for f in here):
            events.append(
                Event(
                    f"**{name(state, present[0])}** has no City token left to mark {place} "
                    f"(all {data.CITY_TOKENS} mark other Territories)."
                )
            )
        return
    player = state.players[taker]
    assert player.city is not None, "every player has a city by the first Resolution"
    _change_owner(state, place, player.city, events)
    tax = data.TERRITORIES[place]["tax"]
    for resource, count in tax.items():
        gain(player, resource, count)
    events.append(
        Event(
            f"💰 **{player.city}** collects the tax of {place}: "
            f"{' '.join(f'{n}{data.ICON[r]}' for r, n in tax.items())}."
        )
    )


def _change_owner(state: State, place: str, city: str, events: list[Event]) -> None:
    land = state.territories[place]
    before = f" from **{land.owner}**" if land.owner else ""
    land.owner = city
    events.append(Event(f"🚩 **{city}** takes **{place}**{before}."))


# --- Greek cities --------------------------------------------------------------------------------


def _city(state: State, task: Task, chance: Chance, events: list[Event]) -> bool:
    if task.stage == "start":
        return _meet(state, task, chance, events, "integrate", f"⚔️ Rival envoys meet at **{task.place}**!")
    if task.stage == "conflict":
        task.stage = "integrate"
        return _conflict_result(state, events) is None
    if task.stage == "integrate":
        side = _sides(state, task.place)[0]
        player = state.players[_seat(side)]
        side.attack = 0
        for source, bonus in (
            ("Assembly", "Assembly" in player.buildings),
            ("Cleisthenes", "Cleisthenes" in side.figures),
            ("Gorgo", "Gorgo" in side.figures),
        ):
            if bonus:
                side.bonus += 2
                side.notes.append(f"+2 {source}")
        task.stage = "integrate_roll"
        roll = Roll(what="integration", place=task.place, sides=[side], target=data.INTEGRATION_TARGET)
        dice.throw(state, roll, chance, events)
        return False
    roll = _settle(state)
    side = roll.sides[0]
    _send_home(state, side.figures)
    if not dice.won(roll, 0):
        events.append(Event(f"❌ {task.place} refuses **{name(state, _seat(side))}**."))
        return True
    player = state.players[_seat(side)]
    gain(player, "copper", 1)
    ally = state.allies.get(task.place)
    if ally is None:
        ally = Ally(league=player.league, token=draw_token(state, data.CITY_UNIT[task.place], 1, chance))
        state.allies[task.place] = ally
    ally.league = player.league
    player.deeds.append("integrate")
    unit = data.unit_name(data.CITY_UNIT[task.place], 1) if ally.token else "no token left"
    events.append(
        Event(
            f"🤝 **{task.place}** joins the {data.LEAGUE_NAMES[player.league]} "
            f"(**{player.city}** +1🪙; the league gains {unit})."
        )
    )
    return True


# --- Collection ----------------------------------------------------------------------------------


def _collect(state: State, task: Task, chance: Chance, events: list[Event]) -> bool:
    for seat in development_order(state):
        player = state.players[seat]
        income = {r: 1 for r in data.RESOURCES}
        civil = [b for b in player.buildings if data.BUILDINGS[b].get("produces")]
        if state.scenario == "The Earthquake" and civil:
            civil = civil[:-1]
        for building in civil:
            income[data.BUILDINGS[building]["produces"]] += 1
        if "Aspasia" in player.figures:
            scarcest = min(data.RESOURCES, key=lambda r: getattr(player, r))
            income[scarcest] += 1
        if "Lais" in player.figures:
            income["copper"] += 1
        if "Eupolemos" in player.figures:
            income["wood"] += 1
        if state.augur == "Drought":
            income["wheat"] = 0
        income["wheat"] += {"Bountiful Harvest": 1}.get(state.augur or "", 0)
        income["copper"] += {"Tribute": 1}.get(state.augur or "", 0)
        if state.scenario == "The Plague":
            income["wheat"] -= 1
        for resource, count in income.items():
            gain(player, resource, count)
        got = " ".join(f"{n:+d}{data.ICON[r]}" for r, n in income.items() if n)
        events.append(Event(f"🧺 **{name(state, seat)}** collects {got or 'nothing'}."))
        if "Temple" in player.buildings:
            change_prestige(state, seat, 1, events, " (Temple)")
        if "Xenoclea" in player.figures and "Xenoclea" not in player.moved and place_of(state, "Xenoclea") == HOME:
            change_prestige(state, seat, 1, events, " (Xenoclea stayed home)")
    return True


HANDLERS = {"empire": _empire, "territory": _territory, "city": _city, "collect": _collect}
