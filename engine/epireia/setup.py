"""Set-up: leagues, the choice of cities and Administrators in the rulebook's order, the secret
starting Influential Figure; in solo mode also the scenario, the league, the enemy and its army."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data, scenarios
from .actions import Action, ChooseAdmin, ChooseCity, ChooseFigure, ChooseLeague, ChooseScenario
from .data import League
from .state import (
    EnemyFigure,
    Options,
    Phase,
    Player,
    State,
    Territory,
    Token,
    Treasury,
    draw_token,
    name,
    solo_scenario,
)

# Picking order by seats, as leagues: the first Delian player, then the Peloponnesian player(s),
# then the second Delian player (rulebook).
PICK_LEAGUES: dict[int, tuple[League, ...]] = {
    2: ("delian", "peloponnesian"),
    3: ("delian", "peloponnesian", "delian"),
    4: ("delian", "peloponnesian", "peloponnesian", "delian"),
}


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    if not 1 <= seats <= 4:
        raise IllegalAction("Epireia is played by 1 to 4 players.")
    options = options or Options()
    pools = {key: list(values) for key, values in data.POOLS.items()}
    treasury: dict[str, Treasury] = {league: Treasury() for league in data.LEAGUES}
    territories = {place: Territory() for place in data.TERRITORIES}
    if seats == 1:
        player = Player(seat=0, league="delian", prestige=data.SOLO_START_PRESTIGE)
        return State(
            solo=True,
            phase="scenario",
            players=[player],
            picking=[0],
            options=options,
            pools=pools,
            treasury=treasury,
            territories=territories,
        )
    picking = list(range(seats))
    if options.leagues == "random":
        picking = chance.shuffle(picking)  # who represents which league
    leagues = dict(zip(picking, PICK_LEAGUES[seats]))
    players = [Player(seat=seat, league=leagues[seat]) for seat in range(seats)]
    return State(
        phase="city",
        players=players,
        picking=picking,
        options=options,
        pools=pools,
        treasury=treasury,
        territories=territories,
    )


def legal(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    if state.phase == "scenario":
        return [ChooseScenario(scenario=s) for s in data.SOLO_SCENARIOS]
    if state.phase == "city":
        taken = {p.city for p in state.players}
        return [ChooseCity(city=c) for c in data.CITIES if c not in taken]
    if state.phase == "league":
        return [ChooseLeague(league=league) for league in data.LEAGUES]
    if state.phase == "admin":
        taken = {p.admin for p in state.players}
        return [ChooseAdmin(admin=a) for a in data.ADMINISTRATORS if a not in taken]
    if player.chosen is None:
        assert player.city is not None, "cities are chosen before figures"
        return [ChooseFigure(figure=f) for f in data.city_figures(player.city)]
    return []


def act(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    if action not in legal(state, seat):
        raise IllegalAction(
            {
                "scenario": "There is no such solo scenario.",
                "city": "That city is not free.",
                "league": "That is not a league you can join.",
                "admin": "That Administrator is not free.",
                "figure": "Choose one of your own city's figures (you choose only once).",
            }.get(action.kind, "That choice is not open now.")
        )
    player = state.players[seat]
    if action.kind == "scenario":
        return _scenario(state, action)
    if action.kind == "city":
        player.city = action.city
        if state.solo:
            forced = data.FORCED_LEAGUE.get(action.city)
            player.league = forced or player.league
            state.phase = "admin" if forced else "league"
            joins = f" ({data.LEAGUE_NAMES[forced]})" if forced else ""
            return [Event(f"🏛️ You lead **{action.city}**{joins}.")]
        events = [Event(f"🏛️ **Seat {seat + 1}** takes **{action.city}** ({data.LEAGUE_NAMES[player.league]}).")]
        return events + _next_pick(state, "admin")
    if action.kind == "league":
        player.league = action.league
        state.phase = "admin"
        return [Event(f"**{player.city}** joins the {data.LEAGUE_NAMES[action.league]}.")]
    if action.kind == "admin":
        player.admin = action.admin
        events = [
            Event(f"📜 **{name(state, seat)}** appoints the **{action.admin}**: {data.ADMINISTRATORS[action.admin]}.")
        ]
        if state.solo:
            state.phase = "figure"
            return events
        return events + _next_pick(state, "figure")
    assert action.kind == "figure", "legal() offers only the set-up choices"
    player.chosen = action.figure
    events = [
        Event(f"You chose **{action.figure}**; it is revealed when everyone has chosen.", to=seat),
        Event(f"**{name(state, seat)}** has chosen a starting figure."),
    ]
    if all(p.chosen for p in state.players):
        events += _reveal_figures(state, chance)
    return events


def _scenario(state: State, action: ChooseScenario) -> list[Event]:
    state.solo_scenario = action.scenario
    card = data.SOLO_SCENARIOS[action.scenario]
    events = [
        Event(
            f"📜 Solo scenario: **{action.scenario}**. In {card['turns']} turns: {card['text']}, "
            "then win the final Battle."
        )
    ]
    player = state.players[0]
    if card["city"]:
        player.city = card["city"]
        player.league = data.FORCED_LEAGUE.get(card["city"], player.league)
        events.append(Event(f"The scenario gives you **{player.city}** ({data.LEAGUE_NAMES[player.league]})."))
        state.phase = "admin"
    else:
        state.phase = "city"
    return events


def _next_pick(state: State, then: Phase) -> list[Event]:
    state.pick += 1
    if state.pick < len(state.picking):
        return []
    state.pick = 0
    state.phase = then
    return (
        [Event("Everyone has chosen an Administrator. Now each player secretly chooses a starting Influential Figure.")]
        if then == "figure"
        else []
    )


def _reveal_figures(state: State, chance: Chance) -> list[Event]:
    for player in state.players:
        assert player.chosen is not None, "the figures are revealed once everyone has chosen"
        player.figures, player.chosen = [player.chosen], None
    shown = ", ".join(f"**{p.city}**: {p.figures[0]}" for p in state.players)
    events = [Event(f"🎴 Starting figures: {shown}.")]
    if state.solo:
        events += _solo_start(state, chance)
    scenarios.start_turn(state, chance, events)
    return events


def _solo_start(state: State, chance: Chance) -> list[Event]:
    card = data.SOLO_SCENARIOS[solo_scenario(state)]
    player = state.players[0]
    for city in card["enemies"][player.league]:
        state.enemies.append(EnemyFigure(name=data.ENEMY_FIGURES[city], city=city))
    army: dict[str, list[list[Token]]] = {front: [[], [], []] for front in data.FRONTS}
    for front, placed in card["army"].items():
        for column, unit, level in placed:
            token = draw_token(state, unit, level, chance)
            if token:
                army[front][column].append(token)
    state.enemy_army = army
    state.augurs = chance.shuffle(list(data.AUGURS))[: card["turns"]]
    foes = ", ".join(f"**{e.name}** of {e.city}" for e in state.enemies) or "nobody"
    size = sum(len(c) for columns in army.values() for c in columns)
    return [Event(f"The enemy: {foes}; its army of {size} tokens waits face down on the battlefield.")]
