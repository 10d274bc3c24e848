"""Epireia's actions (one pydantic model per kind) and how each reads on a Discord select."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from . import data
from .data import Front, League, Resource, Unit
from .state import Token

# --- Set-up --------------------------------------------------------------------------------------


class ChooseScenario(BaseModel):
    kind: Literal["scenario"] = "scenario"
    scenario: str


class ChooseCity(BaseModel):
    kind: Literal["city"] = "city"
    city: str


class ChooseLeague(BaseModel):
    kind: Literal["league"] = "league"
    league: League


class ChooseAdmin(BaseModel):
    kind: Literal["admin"] = "admin"
    admin: str


class ChooseFigure(BaseModel):
    kind: Literal["figure"] = "figure"
    figure: str


# --- Development ---------------------------------------------------------------------------------


class Donate(BaseModel):
    kind: Literal["donate"] = "donate"
    resource: Resource
    amount: int = Field(ge=data.DONATION[0], le=data.DONATION[1])


class Build(BaseModel):
    kind: Literal["build"] = "build"
    building: str


class Produce(BaseModel):
    kind: Literal["produce"] = "produce"
    unit: Unit
    level: int = Field(ge=1, le=2)


class ArchitectBuild(BaseModel):
    kind: Literal["architect"] = "architect"
    building: str


class Trade(BaseModel):
    kind: Literal["trade"] = "trade"
    give: Resource
    get: Resource


class Withdraw(BaseModel):
    kind: Literal["withdraw"] = "withdraw"
    first: Resource
    second: Resource


class Archon(BaseModel):
    kind: Literal["archon"] = "archon"


class EndDevelopment(BaseModel):
    kind: Literal["end_development"] = "end_development"


# --- Prompts (Prestige bonuses, recruiting, second chances) --------------------------------------


class BonusResource(BaseModel):
    kind: Literal["bonus_resource"] = "bonus_resource"
    resource: Resource


class BonusUnit(BaseModel):
    kind: Literal["bonus_unit"] = "bonus_unit"
    unit: Unit


class Recruit(BaseModel):
    kind: Literal["recruit"] = "recruit"
    figure: str


class Reroll(BaseModel):
    kind: Literal["reroll"] = "reroll"
    source: Literal["Priestess", "Aristonice", "Zeus"]


class Boost(BaseModel):
    kind: Literal["boost"] = "boost"
    source: Literal["Phemonoe", "Polemarch"]


class Accept(BaseModel):
    kind: Literal["accept"] = "accept"


# --- Diplomacy -----------------------------------------------------------------------------------


class Move(BaseModel):
    kind: Literal["move"] = "move"
    figure: str
    to: str  # an Empire, a Territory, a neutral Greek city, or "home"


class EndDiplomacy(BaseModel):
    kind: Literal["end_diplomacy"] = "end_diplomacy"


# --- The Great Battle ----------------------------------------------------------------------------


class Place(BaseModel):
    """Put one of the league's tokens in a slot of a front (None: empty the slot). Slot 2c+r is
    column c, row r; the row's unit is data.FRONT_ROWS."""

    kind: Literal["place"] = "place"
    front: Front
    slot: int = Field(ge=0, lt=2 * data.COLUMNS)
    token: Token | None = None


class Strongest(BaseModel):
    kind: Literal["strongest"] = "strongest"
    front: Front


class ConfirmFront(BaseModel):
    kind: Literal["confirm_front"] = "confirm_front"
    front: Front


class Reopen(BaseModel):
    kind: Literal["reopen"] = "reopen"
    front: Front


class ConfirmPlan(BaseModel):
    """Confirm the league's whole plan. A plan that keeps more than half the league's tokens in
    reserve asks first: `ask` (its button reads as the plain confirm) tells the player how many
    stay back, and only then `reserve`, that count, confirms it (deploy.py)."""

    kind: Literal["confirm_plan"] = "confirm_plan"
    ask: bool = False
    reserve: int | None = Field(default=None, ge=1)


class AutoDeploy(BaseModel):
    """Finish the league's plan with a plan of the bot's (stand-ins and missed deadlines too)."""

    kind: Literal["auto_deploy"] = "auto_deploy"


class Station(BaseModel):
    kind: Literal["station"] = "station"
    front: Front
    figure: str | None = None


class Engage(BaseModel):
    kind: Literal["engage"] = "engage"
    figure: str | None = None  # the league's figure on this front, or None to keep it back
    polemarch: bool = False


Action = Annotated[
    Union[
        ChooseScenario,
        ChooseCity,
        ChooseLeague,
        ChooseAdmin,
        ChooseFigure,
        Donate,
        Build,
        Produce,
        ArchitectBuild,
        Trade,
        Withdraw,
        Archon,
        EndDevelopment,
        BonusResource,
        BonusUnit,
        Recruit,
        Reroll,
        Boost,
        Accept,
        Move,
        EndDiplomacy,
        Place,
        Strongest,
        ConfirmFront,
        Reopen,
        ConfirmPlan,
        AutoDeploy,
        Station,
        Engage,
    ],
    Field(discriminator="kind"),
]
actions = TypeAdapter(Action)


def token_text(token: Token) -> str:
    """A military token with its strength: `🐎 Cavalry II (3)`."""
    return f"{data.UNIT_ICON[token.unit]} {data.unit_name(token.unit, token.level)} ({token.strength})"


def _res(resource: str) -> str:
    return f"{data.ICON[resource]} {resource.title()}"


def label(action: Action) -> str:
    if action.kind == "scenario":
        solo = data.SOLO_SCENARIOS.get(action.scenario)
        return f"{action.scenario} ({solo['turns'] if solo else '?'} turns)"
    if action.kind == "city":
        return action.city
    if action.kind == "league":
        return data.LEAGUE_NAMES[action.league]
    if action.kind == "admin":
        return f"{action.admin}: {data.ADMINISTRATORS.get(action.admin, '')}"[:80]
    if action.kind in ("figure", "recruit"):
        figure = data.FIGURES.get(action.figure)
        sea = " ⛵" if figure and figure["sea"] else ""
        ability = f", {figure['ability']}" if figure and figure["ability"] else ""
        return f"{action.figure} ⚔️{figure['attack'] if figure else '?'}{sea}{ability}"[:80]
    if action.kind == "donate":
        return f"Donate {action.amount} {_res(action.resource)} (+1 ⭐)"
    if action.kind in ("build", "architect"):
        building = data.BUILDINGS.get(action.building)
        who = "Architect: " if action.kind == "architect" else "Build "
        return f"{who}{action.building} ({building['effect'] if building else ''})"[:80]
    if action.kind == "produce":
        return f"Produce {data.UNIT_ICON[action.unit]} {data.unit_name(action.unit, action.level)}"
    if action.kind == "trade":
        return f"Trapezites: 2 {_res(action.give)} → 1 {_res(action.get)}"
    if action.kind == "withdraw":
        return f"Merchant: take {_res(action.first)} + {_res(action.second)}"
    if action.kind == "bonus_resource":
        return f"Bonus: +1 {_res(action.resource)}"
    if action.kind == "bonus_unit":
        return f"Bonus: produce {data.UNIT_ICON[action.unit]} {data.UNIT_NAMES[action.unit]}"
    if action.kind == "reroll":
        return f"Re-roll ({action.source})"
    if action.kind == "boost":
        return f"+2 ({action.source})"
    if action.kind == "move":
        where = "home" if action.to == "home" else f"{action.to} ({data.place_kind(action.to)})"
        return f"{action.figure} → {where}"
    if action.kind == "place":
        column, row = divmod(action.slot, 2)
        where = f"{data.FRONT_NAMES[action.front]} column {column + 1}, row {row + 1}"
        return f"{where}: {token_text(action.token) if action.token else 'empty'}"
    if action.kind in ("strongest", "confirm_front", "reopen"):
        verb = {"strongest": "Strongest on", "confirm_front": "✅ Confirm", "reopen": "Change"}[action.kind]
        return f"{verb} the {data.FRONT_NAMES[action.front]}"
    if action.kind == "station":
        return f"{action.figure or 'No figure'} on the {data.FRONT_NAMES[action.front]}"
    if action.kind == "confirm_plan" and action.reserve is not None:
        tokens = f"{action.reserve} token{'' if action.reserve == 1 else 's'}"
        return f"⚔️ Confirm the battle plan with {tokens} in reserve"
    if action.kind == "engage":
        card = data.FIGURES.get(action.figure or "")
        attack = card["attack"] if card else 0
        parts = ([f"Engage {action.figure} (+{attack})"] if action.figure else []) + (
            ["Polemarch (+2)"] if action.polemarch else []
        )
        return " + ".join(parts) or "Hold back"
    return {
        "archon": "Archon: one more Development action",
        "end_development": "End my Development",
        "accept": "Keep this result",
        "end_diplomacy": "End my moves",
        "confirm_plan": "⚔️ Confirm the battle plan",
        "auto_deploy": "🎲 Finish the plan for me",
    }.get(action.kind, action.kind)
