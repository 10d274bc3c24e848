"""The Great Battle: each league deploys its tokens and places a figure face down on each of the
three fronts (in secret), then the fronts are fought column by column, the figures engaged in
secret and revealed together."""

from __future__ import annotations

from ..core import Event, IllegalAction
from . import data, deploy
from .actions import Engage
from .state import Battle, Plan, State, Token, admin_ready, league_army, open_battle, other, seats_of

LEAGUE = data.LEAGUE_NAMES


def _league_name(state: State, league: str) -> str:
    """The league as a sentence names it, article included: "the Delian League", "the enemy"."""
    return "the enemy" if state.solo and not seats_of(state, league) else f"the {LEAGUE[league]}"


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


def _league_label(state: State, league: str) -> str:
    """The league as a list or a line starts with it: "Delian League", "Enemy"."""
    return "Enemy" if state.solo and not seats_of(state, league) else LEAGUE[league]


# --- The start and the reveal -------------------------------------------------------------------


def _army_size(state: State, league: str) -> int:
    if seats_of(state, league):
        return len(league_army(state, league))
    return sum(len(column) for columns in state.enemy_army.values() for column in columns)


def start(state: State, events: list[Event]) -> None:
    state.phase = "battle"
    state.battle = Battle(plans={}, engaged={league: [] for league in data.LEAGUES})
    for league in data.LEAGUES:
        if seats_of(state, league):
            deploy.open_plan(state, league)
        else:  # the solo enemy: its army was set up at the start, it has no figures
            columns = {
                front: [[t.model_copy() for t in column] for column in columns]
                for front, columns in state.enemy_army.items()
            }
            open_battle(state).plans[league] = Plan(columns=columns, figures={f: None for f in data.FRONTS}, ready=True)
    counts = ", ".join(f"{_league_label(state, lg)}: {_army_size(state, lg)} tokens" for lg in data.LEAGUES)
    events.append(Event(f"⚔️ **The Great Battle!** {counts}. Each league deploys in secret."))
    advance(state, events)


def advance(state: State, events: list[Event]) -> None:
    battle = open_battle(state)
    if battle.stage == "place" and all(p.ready for p in battle.plans.values()):
        _reveal(state, events)


def _reveal(state: State, events: list[Event]) -> None:
    battle = open_battle(state)
    battle.revealed = True
    lines = []
    for league in data.LEAGUES:
        figures = battle.plans[league].figures
        placed = ", ".join(f"{data.FRONT_NAMES[f]}: {figures.get(f) or '-'}" for f in data.FRONTS)
        lines.append(f"{_league_label(state, league)}: {placed}")
    events.append(Event("🎴 The figures are revealed.\n" + "\n".join(lines)))
    _open_column(state, events)


# --- Engagement, column by column ----------------------------------------------------------------


def _figure_on_front(state: State, league: str) -> str | None:
    battle = open_battle(state)
    front = data.FRONTS[battle.front]
    if front in battle.engaged[league]:
        return None
    return battle.plans[league].figures.get(front)


def polemarch_seat(state: State, league: str) -> int | None:
    return next(
        (p.seat for p in state.players if p.league == league and p.admin == "Polemarch" and admin_ready(p)), None
    )


def engage_options(state: State, league: str) -> list[Engage]:
    figure = _figure_on_front(state, league)
    polemarch = polemarch_seat(state, league) is not None
    found = [Engage()]
    if figure:
        found.append(Engage(figure=figure))
    if polemarch:
        found.append(Engage(polemarch=True))
    if figure and polemarch:
        found.append(Engage(figure=figure, polemarch=True))
    return found


def _most(state: State, league: str) -> int:
    figure = _figure_on_front(state, league)
    return (data.FIGURES[figure]["attack"] if figure else 0) + (2 if polemarch_seat(state, league) is not None else 0)


def _current_totals(state: State) -> dict[str, int]:
    battle = open_battle(state)
    return dict(battle.column_totals[battle.front][battle.column])


def _matters(state: State, league: str, rival_can_add: bool) -> bool:
    """Whether engaging could still change this column for the league."""
    mine = _most(state, league)
    if mine == 0:
        return False
    totals = _current_totals(state)
    rival = other(league)
    theirs = _most(state, rival) if rival_can_add else 0
    return not (totals[league] > totals[rival] + theirs or totals[league] + mine < totals[rival])


def _base(state: State, league: str, column: list[Token]) -> int:
    front = data.FRONTS[open_battle(state).front]
    value = sum(t.strength for t in column)
    if open_battle(state).plans[league].figures.get(front) == "Aleuas":
        value += sum(1 for t in column if t.unit == "cavalry")
    return value


def _open_column(state: State, events: list[Event]) -> None:
    battle = open_battle(state)
    front = data.FRONTS[battle.front]
    if battle.column == 0:
        battle.column_totals.append([])
        battle.column_results.append([])
        battle.column_added.append([])
    totals: dict[str, int] = {
        lg: _base(state, lg, battle.plans[lg].columns[front][battle.column]) for lg in data.LEAGUES
    }
    battle.column_totals[battle.front].append(totals)
    battle.column_added[battle.front].append({})
    events.append(
        Event(
            f"🏺 {data.FRONT_NAMES[front]}, column {battle.column + 1}: "
            + " · ".join(f"{_league_label(state, lg)} **{totals[lg]}**" for lg in data.LEAGUES)
        )
    )
    battle.choices, battle.responder = {}, None
    battle.waiting = [lg for lg in data.LEAGUES if _matters(state, lg, rival_can_add=True)]
    battle.stage = "engage"
    if not battle.waiting:
        _close_column(state, events)


def encode(action: Engage) -> str:
    """A secret engagement as stored until both leagues have chosen."""
    return ("figure" if action.figure else "") + ("+polemarch" if action.polemarch else "")


def decode(state: State, league: str, choice: str) -> Engage:
    figure = _figure_on_front(state, league) if "figure" in choice else None
    return Engage(figure=figure, polemarch="polemarch" in choice)


def engage(state: State, league: str, action: Engage, events: list[Event]) -> None:
    battle = open_battle(state)
    if action not in engage_options(state, league):
        raise IllegalAction(_cannot_engage(state, league, action))
    if battle.stage == "respond":
        _commit(state, league, action, events)
        _close_column(state, events)
        return
    battle.choices[league] = encode(action)
    if any(lg not in battle.choices for lg in battle.waiting):
        return
    engaged = []
    for lg in battle.waiting:
        choice = battle.choices[lg]
        _commit(state, lg, decode(state, lg, choice), events)
        if choice:
            engaged.append(lg)
    held = [lg for lg in battle.waiting if lg not in engaged]
    if len(engaged) == 1 and held and _matters(state, held[0], rival_can_add=False):
        battle.stage, battle.responder = "respond", held[0]
        events.append(Event(f"The {LEAGUE[held[0]]} may answer in this column."))
        return
    _close_column(state, events)


def _cannot_engage(state: State, league: str, action: Engage) -> str:
    """Why an engagement is not open in this column (offered for an earlier one, perhaps)."""
    battle = open_battle(state)
    where = f"column {battle.column + 1} of the {data.FRONT_NAMES[data.FRONTS[battle.front]]}"
    if action.polemarch and polemarch_seat(state, league) is None:
        return f"You cannot engage that in {where}: your league's Polemarch is not ready (its uses are spent)."
    figure = _figure_on_front(state, league)
    here = f"only {figure} can" if figure else "none can"
    return f"You cannot engage that in {where}: of your league's figures, {here} engage here."


def _commit(state: State, league: str, action: Engage, events: list[Event]) -> None:
    battle = open_battle(state)
    added = []
    totals = battle.column_totals[battle.front][battle.column]
    if action.figure:
        figure = _figure_on_front(state, league)
        assert figure is not None, "engage_options offers only the figure on this front"
        battle.engaged[league].append(data.FRONTS[battle.front])
        totals[league] += data.FIGURES[figure]["attack"]
        added.append(f"{figure} (+{data.FIGURES[figure]['attack']})")
    if action.polemarch:
        seat = polemarch_seat(state, league)
        assert seat is not None, "engage_options offers the Polemarch only where one is ready"
        state.players[seat].admin_uses += 1
        totals[league] += 2
        added.append("Polemarch (+2)")
    battle.column_added[battle.front][battle.column][league] = ", ".join(added)
    text = f"engages {' and '.join(added)}" if added else "holds back"
    events.append(Event(f"{_sentence(_league_name(state, league))} {text}: **{totals[league]}**."))


def _close_column(state: State, events: list[Event]) -> None:
    battle = open_battle(state)
    totals = battle.column_totals[battle.front][battle.column]
    delian, pelop = totals["delian"], totals["peloponnesian"]
    winner = None if delian == pelop else ("delian" if delian > pelop else "peloponnesian")
    battle.column_results[battle.front].append(winner)
    events.append(
        Event(
            f"Column {battle.column + 1}: "
            + (f"won by {_league_name(state, winner)}" if winner else "a tie, nobody wins it")
            + "."
        )
    )
    battle.choices, battle.waiting, battle.responder = {}, [], None
    battle.column += 1
    if battle.column < data.COLUMNS:
        _open_column(state, events)
        return
    results = battle.column_results[battle.front]
    wins = {lg: results.count(lg) for lg in data.LEAGUES}
    front_winner: str | None = None
    if wins["delian"] != wins["peloponnesian"]:
        front_winner = max(wins, key=wins.__getitem__)
    battle.front_results.append(front_winner)
    name = data.FRONT_NAMES[data.FRONTS[battle.front]]
    events.append(
        Event(
            f"🚩 The {name} front: "
            + (f"won by **{_league_name(state, front_winner)}**" if front_winner else "nobody wins it")
            + "."
        )
    )
    battle.front += 1
    battle.column = 0
    if battle.front < len(data.FRONTS):
        _open_column(state, events)
        return
    battle.stage = "done"
    _finish(state, events)


def _fronts(won: int, lost: int) -> str:
    """`2 fronts to 1`, `1 front to 0`."""
    return f"{won} front{'s' if won != 1 else ''} to {lost}"


def _finish(state: State, events: list[Event]) -> None:
    results = open_battle(state).front_results
    fronts = {lg: results.count(lg) for lg in data.LEAGUES}
    state.phase = "over"
    if state.solo:
        mine = state.players[0].league
        if fronts[mine] > fronts[other(mine)]:
            state.winners, state.result = [0], f"won {_fronts(fronts[mine], fronts[other(mine)])}: victory!"
        else:
            state.winners, state.result = [], f"won {_fronts(fronts[mine], fronts[other(mine)])}: defeat."
        events.append(Event(f"🏁 The Great Battle is over: you {state.result}"))
        return
    winner: str | None = None
    why = ""
    if fronts["delian"] != fronts["peloponnesian"]:
        winner, why = max(fronts, key=fronts.__getitem__), _fronts(max(fronts.values()), min(fronts.values()))
    elif results[2] is not None:
        winner, why = results[2], "tied on fronts, but won the Maritime front"
    else:
        for measure in ("prestige", "copper"):
            best = {lg: max(getattr(state.players[s], measure) for s in seats_of(state, lg)) for lg in data.LEAGUES}
            if best["delian"] != best["peloponnesian"]:
                winner = max(best, key=best.__getitem__)
                why = f"tied on fronts and at sea, but has the player with the most {measure.title()}"
                break
    if winner is None:
        state.winners = sorted(p.seat for p in state.players)
        state.result = "a perfect tie: the leagues share the victory"
    else:
        state.winners, state.result = seats_of(state, winner), f"the {LEAGUE[winner]} wins: {why}"
    events.append(Event(f"🏁 The Great Battle is over: {state.result}."))
