"""Epireia's Diplomacy and Resolution phases: moves and their limits, the fixed resolution orders,
Territories, Greek cities, second chances, the Collection, scenarios and Acts."""

import pytest

from engine import IllegalAction
from engine.epireia import GAME, diplomacy
from engine.epireia.actions import Accept, EndDiplomacy, Move, Reroll
from engine.epireia.state import Token

from .test_setup import end_development, new_game, play


def texts(step):
    return [e.text for e in step.events if e.to is None]


def destinations(state, seat, figure):
    return set(diplomacy.destinations(state, seat, figure))


def test_only_sea_figures_reach_the_sea():
    state = end_development(new_game(["Athens", "Sparta"], figures={"Athens": "Cleisthenes", "Sparta": "Lysander"}))
    land = destinations(state, 0, "Cleisthenes")
    assert "Persia" in land and "Epirus" in land and "Phoenicia" not in land and "Aigaio Pelagos" not in land
    assert {"Phoenicia", "Aigaio Pelagos", "Syracuse"} <= destinations(state, 1, "Lysander")
    state = play(state, 1, EndDiplomacy()).state
    with pytest.raises(IllegalAction, match="cannot go to sea"):
        play(state, 0, Move(figure="Cleisthenes", to="Egypt"))


def test_greek_cities_are_the_neutral_ones():
    state = end_development(new_game(["Athens", "Sparta"]))
    cities = {
        to
        for to in destinations(state, 1, state.players[1].figures[0])
        if to in ("Athens", "Sparta", "Corinth", "Delphi", "Elis", "Larissa")
    }
    assert cities == {"Corinth", "Delphi", "Elis", "Larissa"}


def test_one_figure_of_a_city_per_empire_but_several_on_a_territory():
    state = new_game(["Athens", "Sparta"])
    state.players[1].figures = ["Leonidas", "Archidamus"]
    state = end_development(state)
    state = play(state, 1, Move(figure="Leonidas", to="Persia")).state
    assert "Persia" not in destinations(state, 1, "Archidamus")
    state = play(state, 1, Move(figure="Archidamus", to="Macedonia")).state
    assert GAME.to_move(state) == {0}  # every Spartan figure has moved: Athens's turn
    state = new_game(["Athens", "Sparta"])
    state.players[1].figures = ["Leonidas", "Archidamus"]
    state = end_development(state)
    state = play(state, 1, Move(figure="Leonidas", to="Ionia")).state
    assert "Ionia" in destinations(state, 1, "Archidamus")


def test_with_four_players_one_figure_of_a_league_per_empire():
    state = end_development(new_game(["Athens", "Sparta", "Corinth", "Elis"]))
    assert state.order == [1, 2, 0, 3]
    first = state.players[1].figures[0]
    state = play(state, 1, Move(figure=first, to="Persia")).state  # its only figure: its turn ends
    assert GAME.to_move(state) == {2}
    assert "Persia" not in destinations(state, 2, state.players[2].figures[0])  # partner
    state = play(state, 2, EndDiplomacy()).state
    assert "Persia" in destinations(state, 0, state.players[0].figures[0])  # the other league


def test_a_figure_moves_once_and_may_stay_on_a_territory():
    state = end_development(new_game(["Athens", "Sparta"], figures={"Athens": "Cleisthenes"}))
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, Move(figure="Cleisthenes", to="Epirus")).state
    assert state.places["Cleisthenes"] == "Epirus"  # the tax was taken, he stays to protect it
    assert state.territories["Epirus"].owner == "Athens" and state.turn == 2


def test_resolution_orders_empires_then_territories_then_cities():
    state = new_game(["Athens", "Sparta"], figures={"Athens": "Alcibiades", "Sparta": "Lysander"})
    state.players[0].figures = ["Alcibiades", "Cleisthenes", "Aspasia"]
    state = end_development(state)
    state = play(state, 1, Move(figure="Lysander", to="Carthage")).state
    state = play(state, 0, Move(figure="Alcibiades", to="Phoenicia")).state
    state = play(state, 0, Move(figure="Cleisthenes", to="Elis")).state
    step = play(state, 0, Move(figure="Aspasia", to="Illyria"), rolls=[5, 5, 7])
    # Phoenicia (Athens) comes before Carthage (Sparta) whoever moved first; then Illyria, then Elis.
    results = [t for t in texts(step) if "favours" in t or "joins" in t or "takes" in t]
    assert results[0].startswith("✅ Phoenicia favours **Athens**")
    assert results[1].startswith("✅ Carthage favours **Sparta**")
    assert results[2].startswith("🚩 **Athens** takes **Illyria**")
    assert results[3].startswith("🤝 **Elis** joins the Delian League")
    state = step.state
    assert state.allies["Elis"].league == "delian" and state.allies["Elis"].token.unit == "triremes"


def integrate(rolls, figure="Alcibiades", assembly=False):
    state = new_game(["Athens", "Sparta"], figures={"Athens": figure})
    if assembly:
        state.players[0].buildings = ["Assembly"]
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    return play(state, 0, Move(figure=figure, to="Delphi"), rolls=rolls)


def test_integration_needs_7_and_gives_1_copper_and_a_league_token():
    step = integrate([7])
    assert any("= **7**, needs 7+" in t for t in texts(step))
    state = step.state
    assert state.players[0].copper == 2 + 1 + 1
    assert state.allies["Delphi"].league == "delian" and state.allies["Delphi"].token.unit == "cavalry"
    assert state.players[0].reserve == []  # the token sits on the league's space
    assert "Delphi" in GAME.view(state, None)["leagues"]["delian"]["allies"]
    assert integrate([6]).state.allies == {}


def test_integration_bonuses_from_the_assembly_and_cleisthenes():
    assert integrate([5], figure="Cleisthenes").state.allies["Delphi"].league == "delian"
    assert integrate([5], assembly=True).state.allies["Delphi"].league == "delian"
    assert integrate([4], figure="Cleisthenes").state.allies == {}


def test_an_allied_city_can_be_won_back_by_the_other_league():
    state = integrate([7]).state
    state = end_development(state)
    sparta = state.players[1].figures[0]
    assert "Delphi" in destinations(state, 1, sparta)
    assert "Delphi" not in destinations(state, 0, "Alcibiades")  # already the Delian League's
    state = play(state, 1, Move(figure=sparta, to="Delphi")).state
    step = play(state, 0, EndDiplomacy(), rolls=[9])
    assert any("**Delphi** joins the Peloponnesian League" in t for t in texts(step))
    assert step.state.allies["Delphi"].league == "peloponnesian"
    assert step.state.allies["Delphi"].token.unit == "cavalry"  # the same token changes sides


def test_an_unprotected_territory_is_taken_back_and_the_token_returns():
    state = new_game(["Athens", "Sparta"], figures={"Athens": "Cleisthenes", "Sparta": "Leonidas"})
    state.territories["Epirus"].owner = "Athens"
    state = end_development(state)
    state = play(state, 1, Move(figure="Leonidas", to="Epirus")).state
    step = play(state, 0, EndDiplomacy())
    assert any("**Sparta** takes **Epirus** from **Athens**" in t for t in texts(step))


def test_a_partners_territory_cannot_be_taken():
    state = new_game(["Athens", "Sparta", "Corinth"])
    state.territories["Epirus"].owner = "Athens"  # seat 0, Delian; Corinth (seat 2) is Delian too
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    step = play(state, 2, Move(figure=state.players[2].figures[0], to="Epirus"))
    assert step.state.territories["Epirus"].owner == "Athens"


def test_three_city_tokens_at_most():
    state = new_game(["Athens", "Sparta"], figures={"Athens": "Cleisthenes"})
    for land in ("Illyria", "Euboea", "Chalkidiki"):
        state.territories[land].owner = "Athens"
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    step = play(state, 0, Move(figure="Cleisthenes", to="Epirus"))
    assert any("no City token left" in t for t in texts(step))
    assert step.state.territories["Epirus"].owner is None


def test_the_priestess_may_re_roll_a_failed_roll():
    state = new_game(["Athens", "Sparta"], admins=["Priestess", "Merchant"], figures={"Athens": "Cleisthenes"})
    state.players[0].buildings = ["Administrator's Hall"]
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, Move(figure="Cleisthenes", to="Persia"), rolls=[3]).state
    assert state.phase == "resolve" and GAME.to_move(state) == {0}
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["reroll", "accept"]
    step = play(state, 0, Reroll(source="Priestess"), rolls=[8])
    assert any("🔁 Priestess" in t and "**8**" in t for t in texts(step))
    assert any("Persia favours **Athens**" in t for t in texts(step))
    assert step.state.players[0].admin_uses == 1
    state = play(state, 0, Accept()).state
    assert state.players[0].admin_uses == 0 and state.turn == 2


def test_collection_with_civil_buildings_and_the_temple():
    state = new_game(["Athens", "Sparta"])
    state.players[0].buildings = ["Granary", "Mine", "Temple"]
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    athens, sparta = state.players
    assert (athens.wheat, athens.wood, athens.copper, athens.prestige) == (4, 3, 4, 2)
    assert (sparta.wheat, sparta.wood, sparta.copper, sparta.prestige) == (3, 3, 3, 1)


def test_scenario_reward_and_next_act_at_the_next_turn():
    state = new_game(["Athens", "Sparta"])
    state.players[0].wheat = 6
    state = play(state, 0, {"kind": "donate", "resource": "wheat", "amount": 6}).state
    assert state.scenario_winner == 0 and state.players[0].reserve[0].unit == "hoplites"
    assert state.act == 1
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    assert state.turn == 2 and state.act == 2 and state.scenario == "The Plague"


def test_the_plague_costs_wheat_at_collection():
    state = new_game(["Athens", "Sparta"])
    state.act, state.scenario = 2, "The Plague"
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    assert state.players[0].wheat == 2 and state.players[0].wood == 3


def test_act_iii_completed_starts_the_great_battle_after_the_turn():
    state = new_game(["Athens", "Sparta"])
    state.act, state.scenario = 3, "Call to Arms"
    state.players[1].reserve = [Token(unit="hoplites", level=1, strength=1) for _ in range(7)]
    state.players[1].wheat = 9
    state = play(state, 0, {"kind": "end_development"}).state
    state = play(state, 1, {"kind": "produce", "unit": "cavalry", "level": 1}).state
    assert state.scenario_winner == 1 and state.phase == "develop"
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    assert state.phase == "battle"


def test_the_last_turn_starts_the_battle_anyway():
    state = new_game(["Athens", "Sparta"])
    state.turn = state.options.last_turn
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    state = play(state, 0, EndDiplomacy()).state
    assert state.phase == "battle"
