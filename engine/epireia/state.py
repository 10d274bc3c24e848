"""Epireia's options and state (pydantic models), and small queries over them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..chance import Chance
from ..core import copy_state
from . import data
from .data import League, Resource, Unit

Phase = Literal["scenario", "city", "league", "admin", "figure", "develop", "diplomacy", "resolve", "battle", "over"]
HOME = "home"


class Options(BaseModel):
    last_turn: int = Field(default=data.LAST_TURN, ge=3, le=40)
    # "random": leagues and the picking order are dealt by chance; "seats": seat 1 is the first
    # Delian, seat 2 the (first) Peloponnesian, then as the picking order goes (see setup.py).
    leagues: Literal["random", "seats"] = "random"


class Token(BaseModel):
    unit: Unit
    level: int
    strength: int  # seen by its league only, until revealed in battle


class Player(BaseModel):
    seat: int
    league: League
    city: str | None = None
    admin: str | None = None
    prestige: int = data.START_PRESTIGE
    wheat: int = data.START_RESOURCES
    wood: int = data.START_RESOURCES
    copper: int = data.START_RESOURCES
    buildings: list[str] = []  # in the order they were built
    figures: list[str] = []
    chosen: str | None = None  # the secret starting figure, until all are revealed
    reserve: list[Token] = []
    admin_uses: int = 0
    donated: int = 0
    bonuses: list[int] = []  # Prestige bonuses already taken
    deeds: list[str] = []  # what counts for the current scenario: "empire:Persia", "integrate", ...
    actions_left: int = 0
    extra_actions: int = 0  # from the Prestige 5 bonus, spent in the next Development turn
    archon_used: bool = False  # this turn
    trades_left: int = 0  # the Trapezites' second exchange
    moved: list[str] = []  # figures moved this turn
    used: list[str] = []  # once-a-turn abilities used this turn: "Aristonice", "Phemonoe", "Zeus"


class Treasury(BaseModel):
    wheat: int = 0
    wood: int = 0
    copper: int = 0


class Ally(BaseModel):
    """A neutral Greek city won over: its token sits on the league's space with its unit."""

    league: League
    token: Token | None = None


class Territory(BaseModel):
    owner: str | None = None  # a city's name: its token marks the Territory
    brigands: bool = False


class EnemyFigure(BaseModel):
    name: str
    city: str
    place: str = HOME


class Side(BaseModel):
    """One side of a roll: a league (or the solo enemy, seat None) with its die and modifiers."""

    league: League
    seat: int | None
    figures: list[str]
    die: int = 0
    bonus: int = 0  # modifiers known before the roll
    notes: list[str] = []
    attack: int = 0  # combined attack of the figures (conflicts and Brigands)
    boost: int = 0  # added afterwards (Phemonoe, Polemarch)
    declined: bool = False


class Roll(BaseModel):
    """A roll in progress: a check against a target (`target` set, or Brigands) or a contest."""

    what: Literal["empire", "integration", "brigands", "conflict"]
    place: str
    sides: list[Side]
    target: int = 0


class Task(BaseModel):
    """One step of the Resolution phase, in the rulebook's order."""

    kind: Literal["empire", "territory", "city", "collect"]
    place: str = ""
    seat: int | None = None  # empires: one task per figure there
    stage: str = "start"
    crowded: bool = False  # empires: two figures were there when the phase began


class Prompt(BaseModel):
    """A choice one seat must make before the game goes on."""

    seat: int
    kind: Literal["bonus_resource", "bonus_unit", "recruit", "second_chance"]
    level: int = 1


class Plan(BaseModel):
    """A league's battlefield: per front three columns of tokens, and a figure per front. A front
    is set up slot by slot in `slots` (slot 2c+r: column c, row r) until it is confirmed: then its
    columns are in `columns`. `ready`: the league confirmed the whole plan."""

    columns: dict[str, list[list[Token]]] = {}
    slots: dict[str, list[Token | None]] = {}
    figures: dict[str, str | None] = {}
    ready: bool = False
    asked: int | None = None  # the reserve the league was last asked to confirm (deploy.py)


class Battle(BaseModel):
    plans: dict[str, Plan]  # by league
    revealed: bool = False
    front: int = 0
    column: int = 0
    stage: Literal["place", "engage", "respond", "done"] = "place"
    waiting: list[str] = []  # leagues still to choose whether to engage in this column
    choices: dict[str, str] = {}  # secret engagement choices, by league: "hold", "figure", ...
    responder: str | None = None
    engaged: dict[str, list[str]] = {}  # by league: fronts where its figure was engaged
    column_results: list[list[str | None]] = []  # per front, per revealed column: winner or None
    column_totals: list[list[dict[str, int]]] = []
    column_added: list[list[dict[str, str]]] = []  # what each league engaged in that column
    front_results: list[str | None] = []


class State(BaseModel):
    options: Options = Options()
    solo: bool = False
    phase: Phase
    turn: int = 0
    players: list[Player]
    picking: list[int] = []  # seats in the rulebook's picking order (city, administrator)
    pick: int = 0
    treasury: dict[str, Treasury] = {}
    allies: dict[str, Ally] = {}
    territories: dict[str, Territory] = {}
    places: dict[str, str] = {}  # figure -> where it stands (HOME if absent)
    enemies: list[EnemyFigure] = []
    pools: dict[str, list[int]]
    act: int = 0
    scenario: str | None = None
    scenario_winner: int | None = None
    solo_scenario: str | None = None
    augurs: list[str] = []  # the face-down Augur deck
    augur: str | None = None  # this turn's Augur
    augurs_seen: list[str] = []
    objectives_met: list[int] = []
    enemy_army: dict[str, list[list[Token]]] = {}
    order: list[int] = []  # who acts in this phase, in order
    current: int = 0
    tasks: list[Task] = []
    roll: Roll | None = None
    prompts: list[Prompt] = []
    battle: Battle | None = None
    winners: list[int] | None = None
    result: str = ""


# --- Queries -------------------------------------------------------------------------------------


def open_roll(state: State) -> Roll:
    """The roll in progress, where the phase guarantees one (its dice and second chances)."""
    assert state.roll is not None, "a roll is in progress"
    return state.roll


def open_battle(state: State) -> Battle:
    """The Great Battle, from the battle phase on."""
    assert state.battle is not None, "the Great Battle has begun"
    return state.battle


def solo_scenario(state: State) -> str:
    """The solo scenario being played, chosen first thing in a solo game."""
    assert state.solo_scenario is not None, "a solo game has chosen its scenario"
    return state.solo_scenario


def seats_of(state: State, league: str) -> list[int]:
    return [p.seat for p in state.players if p.league == league]


def other(league: str) -> League:
    return "peloponnesian" if league == "delian" else "delian"


def development_order(state: State) -> list[int]:
    return seats_of(state, "delian") + seats_of(state, "peloponnesian")


def diplomacy_order(state: State) -> list[int]:
    return seats_of(state, "peloponnesian") + seats_of(state, "delian")


def name(state: State, seat: int) -> str:
    return state.players[seat].city or f"Seat {seat + 1}"


def place_of(state: State, figure: str) -> str:
    return state.places.get(figure, HOME)


def amount(player: Player, resource: Resource | str) -> int:
    held: int = getattr(player, resource)
    return held


def gain(player: Player, resource: str, count: int) -> int:
    """Add (or with a negative count take, never below 0) and return the real change."""
    before: int = getattr(player, resource)
    setattr(player, resource, max(0, before + count))
    after: int = getattr(player, resource)
    return after - before


def can_pay(player: Player, cost: dict[str, int]) -> bool:
    return all(getattr(player, r) >= n for r, n in cost.items())


def pay(player: Player, cost: dict[str, int]) -> None:
    for resource, count in cost.items():
        setattr(player, resource, getattr(player, resource) - count)


def cost_text(cost: dict[str, int]) -> str:
    return " ".join(f"{n}{data.ICON[r]}" for r, n in cost.items() if n) or "free"


def territories_of(state: State, city: str | None) -> list[str]:
    return [t for t, land in state.territories.items() if city and land.owner == city]


def neutral_cities(state: State) -> list[str]:
    played = {p.city for p in state.players} | {e.city for e in state.enemies}
    return [c for c in data.CITIES if c not in played]


def admin_ready(player: Player) -> bool:
    return "Administrator's Hall" in player.buildings and player.admin_uses < data.ADMIN_USES


def league_army(state: State, league: str) -> list[Token]:
    tokens = [t for p in state.players if p.league == league for t in p.reserve]
    return tokens + [a.token for a in state.allies.values() if a.league == league and a.token]


def draw_token(state: State, unit: Unit, level: int, chance: Chance) -> Token | None:
    """Take the top token of a face-down stack (none when the stack is exhausted)."""
    pool = state.pools[data.pool_key(unit, level)]
    if not pool:
        return None
    strength = chance.pick(pool)
    pool.remove(strength)
    return Token(unit=unit, level=level, strength=strength)


def clone(state: State) -> State:
    """A deep copy (engine.core.copy_state)."""
    return copy_state(state)
