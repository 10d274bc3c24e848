"""Epireia's solo mode: scenarios with their turn limits and forced cities, the Augur cards, the
enemy figures moved by the rulebook's d12 table, the preset enemy army, winning and losing."""

import pytest

from engine import Chance, IllegalAction
from engine.epireia import GAME
from engine.epireia.actions import (
    ChooseAdmin,
    ChooseCity,
    ChooseFigure,
    ChooseLeague,
    ChooseScenario,
    EndDevelopment,
    EndDiplomacy,
    Move,
)

from .test_setup import play

PEACE, SICILY, WAR = "The Thirty Years' Peace", "The Sicilian Expedition", "The Archidamian War"


def texts(step):
    return [e.text for e in step.events if e.to is None]


def solo(scenario=PEACE, city="Athens", league=None, figure=None):
    state = GAME.setup(1, GAME.Options(), Chance.scripted())
    assert state.phase == "scenario" and GAME.to_move(state) == {0}
    state = play(state, 0, ChooseScenario(scenario=scenario)).state
    if state.phase == "city":
        state = play(state, 0, ChooseCity(city=city)).state
    if state.phase == "league":
        state = play(state, 0, ChooseLeague(league=league)).state
    state = play(state, 0, ChooseAdmin(admin="Archon")).state
    figure = figure or GAME.legal_actions(state, 0)[0].figure
    return play(state, 0, ChooseFigure(figure=figure)).state


def to_diplomacy(state):
    while state.phase == "develop":
        state = play(state, 0, EndDevelopment()).state
    return state


def test_scenarios_and_forced_cities():
    state = GAME.setup(1, GAME.Options(), Chance.scripted())
    assert [GAME.label(a) for a in GAME.legal_actions(state, 0)] == [
        "The Thirty Years' Peace (8 turns)",
        "The Sicilian Expedition (10 turns)",
        "The Archidamian War (12 turns)",
    ]
    sicily = play(state, 0, ChooseScenario(scenario=SICILY)).state
    assert sicily.phase == "admin" and sicily.players[0].city == "Athens" and sicily.players[0].league == "delian"
    war = play(state, 0, ChooseScenario(scenario=WAR)).state
    assert war.players[0].city == "Sparta" and war.players[0].league == "peloponnesian"


def test_athens_and_sparta_have_their_league_others_choose():
    assert solo(city="Sparta").players[0].league == "peloponnesian"
    state = solo(city="Corinth", league="peloponnesian")
    assert state.players[0].league == "peloponnesian"
    assert [e.name for e in state.enemies] == ["Themistocles"]  # the enemy is in the other league
    assert [e.name for e in solo(city="Delphi", league="delian").enemies] == ["Brasidas"]


def test_solo_start():
    state = solo(scenario=WAR)
    player = state.players[0]
    assert (player.prestige, player.wheat, player.wood, player.copper) == (0, 2, 2, 2)
    assert [e.name for e in state.enemies] == ["Themistocles", "Pheidon"]
    assert len(state.augurs) + len(state.augurs_seen) == 12  # one Augur card per turn
    assert state.turn == 1 and state.augur == "Bad Omen" and state.phase == "develop"
    army = state.enemy_army
    assert sum(len(column) for columns in army.values() for column in columns) == 12
    assert [len(column) for column in army["flank"]] == [2, 1, 1]
    assert "strength" not in str(GAME.view(state, None)["enemies"])


def test_the_enemy_army_is_hidden():
    view = GAME.view(solo(), 0)
    assert "enemy_army" not in view and "strength" not in str({k: v for k, v in view.items() if k != "league_tokens"})


def test_augurs_change_the_turn():
    state = solo()
    state.augur = "Strike"
    from engine.epireia import develop

    develop.start_turn_of(state, 0)
    assert state.players[0].actions_left == 1
    state = solo(figure="Cleisthenes")
    state.augur = "Storm"
    state = to_diplomacy(state)
    assert not any(a.kind == "move" and a.to == "Aigaio Pelagos" for a in GAME.legal_actions(state, 0))


def test_no_greek_cities_in_solo():
    state = to_diplomacy(solo(figure="Pericles"))
    assert not any(a.kind == "move" and a.to in ("Corinth", "Delphi", "Elis") for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="solo"):
        play(state, 0, Move(figure="Pericles", to="Corinth"))


@pytest.mark.parametrize(
    "die, place", [(1, "Epirus"), (5, "Thrakiko Pelagos"), (9, "Ionia"), (10, "Phoenicia"), (12, "Syracuse")]
)
def test_enemy_figures_move_by_the_d12_table(die, place):
    state = to_diplomacy(solo(figure="Pericles"))
    step = play(state, 0, EndDiplomacy(), rolls=[die])
    assert any(f"Enemy **Brasidas** (Sparta) rolls **{die}** → {place}" in t for t in texts(step))


def test_a_lone_enemy_takes_a_territory_and_conflicts_are_fought():
    state = to_diplomacy(solo(figure="Pericles"))
    state.territories["Euboea"].owner = "Athens"
    state = play(state, 0, EndDiplomacy(), rolls=[3]).state  # Brasidas to Euboea
    assert state.territories["Euboea"].owner == "Sparta"
    state = to_diplomacy(state)
    # Turn 2's Augur is Drought (no effect on rolls): Pericles (3) against Brasidas (2).
    step = play(state, 0, Move(figure="Pericles", to="Euboea"), rolls=[3, 5, 4])
    lines = texts(step)
    assert any("**Athens** (Pericles) rolls 🎲 **5** + 3 attack = **8**" in t for t in lines)
    assert any("**The enemy** (Brasidas) rolls 🎲 **4** + 2 attack = **6**" in t for t in lines)
    assert step.state.territories["Euboea"].owner == "Athens"


def test_an_enemy_figure_on_an_empire_makes_it_harder():
    state = to_diplomacy(solo(figure="Pericles"))
    step = play(state, 0, Move(figure="Pericles", to="Phoenicia"), rolls=[10, 7])
    assert any("needs 7+" in t for t in texts(step))  # Phoenicia: 5+ alone, 7+ with two figures
    assert any("Bad Omen" in t and "= **6**" in t for t in texts(step))


def test_the_last_turn_without_the_objectives_is_a_defeat():
    state = to_diplomacy(solo())
    state.turn = 8
    state = play(state, 0, EndDiplomacy(), rolls=[1]).state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "not met" in outcome.reason


def test_objectives_are_checked_and_the_battle_decides():
    state = to_diplomacy(solo(figure="Pericles"))
    state.turn, state.players[0].prestige = 8, 4
    state.territories["Illyria"].owner = state.territories["Ionia"].owner = "Athens"
    state.players[0].reserve = []
    step = play(state, 0, EndDiplomacy(), rolls=[8])  # Brasidas to Aeolis
    assert any("Objective met: control 2 Territories" in t for t in texts(step))
    assert any("Objective met: reach Prestige 4" in t for t in texts(step))
    state = step.state
    assert state.phase == "battle"
    assert state.battle.plans["peloponnesian"].ready  # the preset enemy army, without figures
    # No tokens: every front stands empty; only the figure's place is a choice.
    assert [(a.kind, a.figure) for a in GAME.legal_actions(state, 0)[:-1]] == [("station", "Pericles")] * 3
    state = play(state, 0, {"kind": "station", "front": "flank", "figure": "Pericles"}).state
    state = play(state, 0, {"kind": "confirm_plan"}).state
    while GAME.outcome(state) is None:
        state = play(state, 0, GAME.legal_actions(state, 0)[-1]).state
    outcome = GAME.outcome(state)
    assert outcome.winners == () and "defeat" in outcome.reason
