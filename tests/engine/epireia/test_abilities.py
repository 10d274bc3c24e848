"""Epireia's figure abilities, Administrators at the table of the Resolution and the battle, and
scenario constraints."""

from engine import Chance
from engine.epireia import GAME, scenarios
from engine.epireia.actions import Boost, EndDiplomacy, Engage, Move
from engine.epireia.state import Token

from .test_setup import end_development, new_game, play


class PickThird(Chance):
    def pick(self, items):
        return list(items)[2]


def texts(step):
    return [e.text for e in step.events if e.to is None]


def diplomacy(figures, admins=None, buildings=()):
    """Athens (seat 0) with these figures, Sparta (seat 1) with Leonidas; Sparta has ended."""
    state = new_game(["Athens", "Sparta"], admins=admins, figures={"Sparta": "Leonidas"})
    state.players[0].figures = list(figures)
    state.players[0].buildings = list(buildings)
    state = end_development(state)
    return play(state, 1, EndDiplomacy()).state


def test_phemonoe_adds_2_once_a_turn_when_it_turns_the_roll():
    state = new_game(["Delphi", "Sparta"], figures={"Delphi": "Phemonoe"})
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, Move(figure="Phemonoe", to="Macedonia"), rolls=[3]).state
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["boost", "accept"]
    step = play(state, 0, Boost(source="Phemonoe"))
    assert any("Macedonia favours **Delphi**" in t for t in texts(step))  # 3 + 2 = 5, Macedonia's 5+
    assert step.state.turn == 2 and step.state.players[0].used == []  # a new turn, a new chance


def test_no_second_chance_when_it_could_not_help():
    state = new_game(["Delphi", "Sparta"], figures={"Delphi": "Phemonoe"})
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, Move(figure="Phemonoe", to="Macedonia"), rolls=[1]).state  # 1 + 2 < 5
    assert state.turn == 2 and state.prompts == []


def test_the_polemarch_adds_2_attack_against_brigands():
    state = diplomacy(["Aspasia"], admins=["Polemarch", "Merchant"], buildings=["Administrator's Hall"])
    state.territories["Illyria"].brigands = True
    state = play(state, 0, Move(figure="Aspasia", to="Illyria"), rolls=[6]).state  # attack 1: needs 7+
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["boost", "accept"]
    step = play(state, 0, Boost(source="Polemarch"))  # attack 3: needs 5+
    assert any("✅ The Brigands flee Illyria" in t for t in texts(step))
    assert step.state.players[0].admin_uses == 1 and step.state.territories["Illyria"].owner == "Athens"


def test_brasidas_and_archidamus_add_attack():
    state = new_game(["Athens", "Sparta"], figures={"Sparta": "Brasidas"})
    state.players[1].figures = ["Brasidas", "Archidamus"]
    state = end_development(state)
    state = play(state, 1, Move(figure="Archidamus", to="Epirus")).state
    state = play(state, 1, Move(figure="Brasidas", to="Illyria")).state
    state.territories["Illyria"].brigands = True
    step = play(state, 0, Move(figure=state.players[0].figures[0], to="Epirus"), rolls=[2, 5, 5])
    lines = texts(step)
    assert any("(Archidamus) rolls 🎲 **2** + 3 attack" in t for t in lines)  # 2 + 1 on land
    assert any("(Brasidas) rolls 🎲 **5** (3 attack: needs 5+)" in t for t in lines)  # 2 + 1 vs Brigands


def test_collection_abilities_and_xenoclea():
    state = new_game(["Delphi", "Corinth"], figures={"Delphi": "Xenoclea", "Corinth": "Lais"})
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    delphi, corinth = state.players
    assert delphi.prestige == 2  # Xenoclea stayed home
    assert corinth.copper == 2 + 1 + 1  # Lais


def test_the_earthquake_silences_the_last_civil_building():
    state = new_game(["Athens", "Sparta"])
    state.act, state.scenario = 2, "The Earthquake"
    state.players[0].buildings = ["Granary", "Mine"]
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    athens = state.players[0]
    assert (athens.wheat, athens.copper) == (4, 3)  # the Granary works, the Mine (built last) does not


def test_the_brigands_scenario_places_brigands_and_removes_city_tokens():
    state = new_game(["Athens", "Sparta"])
    state.act, state.territories["Epirus"].owner = 1, "Athens"
    events = []
    scenarios.reveal_act(state, PickThird(), events)
    assert state.scenario == "The Brigands"
    assert [t for t, land in state.territories.items() if land.brigands] == ["Epirus", "Euboea", "Ionia"]
    assert state.territories["Epirus"].owner is None
    assert any("drive **Athens** out" in e.text for e in events)


def test_aleuas_strengthens_his_cavalry_and_the_polemarch_a_column():
    state = new_game(
        ["Larissa", "Sparta"], admins=["Polemarch", "Merchant"], figures={"Larissa": "Aleuas", "Sparta": "Leonidas"}
    )
    state.players[0].buildings = ["Administrator's Hall"]
    state.players[0].reserve = [Token(unit="cavalry", level=1, strength=1)]
    state.players[1].reserve = [Token(unit="cavalry", level=2, strength=4)]
    state.turn = state.options.last_turn
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    for seat in (0, 1):
        state = play(state, seat, {"kind": "strongest", "front": "flank"}).state
        state = play(state, seat, {"kind": "confirm_front", "front": "flank"}).state
        figure = state.players[seat].figures[0]
        state = play(state, seat, {"kind": "station", "front": "flank", "figure": figure}).state
    state = play(state, 0, {"kind": "confirm_plan"}).state
    step = play(state, 1, {"kind": "confirm_plan"})
    assert any("Larissa" not in t and "Delian League **2** · Peloponnesian League **4**" in t for t in texts(step))
    state = step.state
    assert Engage(figure="Aleuas", polemarch=True) in GAME.legal_actions(state, 0)
    state = play(state, 0, Engage(figure="Aleuas", polemarch=True)).state  # 2 + 3 + 2 = 7
    step = play(state, 1, Engage(figure="Leonidas"))  # 4 + 3 = 7
    assert any("Column 1: a tie" in t for t in texts(step))
    assert step.state.players[0].admin_uses == 1
