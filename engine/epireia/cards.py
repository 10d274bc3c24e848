"""The words of Epireia and the shapes of its cards, as data.py writes them (plain dicts, typed here)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

League = Literal["delian", "peloponnesian"]
Resource = Literal["wheat", "wood", "copper"]
Unit = Literal["hoplites", "triremes", "cavalry"]
Front = Literal["flank", "centre", "maritime"]

# An objective is (measure, amount): a count to reach, or for "deed" the deeds any one of which
# meets it (scenarios.py says what each measure counts).
Objective = tuple[str, int] | tuple[str, tuple[str, ...]]


class BuildingCard(TypedDict):
    type: str
    cost: dict[str, int]
    effect: str
    unlocks: NotRequired[Unit]  # military buildings: the unit they let a city produce at Lv II
    produces: NotRequired[Resource]  # civil buildings: their resource at Collection


class FigureCard(TypedDict):
    city: str
    attack: int
    sea: bool
    ability: str


class TerritoryCard(TypedDict):
    sea: bool
    tax: dict[str, int]


class EmpireCard(TypedDict):
    sea: bool
    target: tuple[int, int]  # alone, with two figures
    reward: dict[str, int]
    unit: NotRequired[Unit]  # a Lv I token of this unit besides


class ScenarioCard(TypedDict):
    act: int
    objective: Objective
    reward: list[tuple[Unit, int]]  # tokens: (unit, level)
    text: str
    constraint: NotRequired[str]
    brigands: NotRequired[tuple[str, ...]]  # the Territories Brigands occupy when it is revealed


class SoloScenarioCard(TypedDict):
    turns: int
    city: str | None  # the city the scenario gives the player, or None to choose one
    enemies: dict[str, list[str]]  # by the player's league: the enemy's cities
    objectives: list[Objective]
    text: str
    army: dict[str, list[tuple[int, Unit, int]]]  # per front: (column, unit, level)
