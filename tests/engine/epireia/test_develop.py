"""Epireia's Development phase: donations, buildings, units, Administrators, Prestige bonuses."""

import pytest

from engine import IllegalAction
from engine.epireia import GAME
from engine.epireia.actions import (
    ArchitectBuild,
    Archon,
    BonusResource,
    BonusUnit,
    Build,
    Donate,
    EndDevelopment,
    Produce,
    Recruit,
    Trade,
    Withdraw,
)

from .test_setup import new_game, play


def kinds(state, seat):
    return {a.kind for a in GAME.legal_actions(state, seat)}


def rich(state, seat=0, amount=9):
    player = state.players[seat]
    player.wheat = player.wood = player.copper = amount
    return state


def test_donations_are_2_to_8_of_one_resource_for_1_prestige():
    state = rich(new_game(["Athens", "Sparta"]))
    donations = [a for a in GAME.legal_actions(state, 0) if a.kind == "donate"]
    assert sorted({a.amount for a in donations}) == list(range(2, 9))
    assert len(donations) == 3 * 7
    with pytest.raises(Exception):
        play(state, 0, {"kind": "donate", "resource": "wheat", "amount": 1})
    state = play(state, 0, Donate(resource="wood", amount=5)).state
    assert state.players[0].wood == 4 and state.players[0].prestige == 2
    assert state.treasury["delian"].wood == 5 and state.treasury["peloponnesian"].wood == 0
    poor = new_game(["Athens", "Sparta"])
    with pytest.raises(IllegalAction):
        play(poor, 0, Donate(resource="wheat", amount=3))  # only 2 held


def test_two_actions_then_the_next_player_and_the_same_action_twice():
    state = rich(new_game(["Athens", "Sparta"]))
    state = play(state, 0, Donate(resource="wheat", amount=2)).state
    assert GAME.to_move(state) == {0}
    state = play(state, 0, Donate(resource="wheat", amount=2)).state
    assert state.players[0].prestige == 3 and state.players[0].actions_left == 0
    assert GAME.to_move(state) == {0}  # the Prestige 3 bonus comes first
    state = play(state, 0, BonusResource(resource="wood")).state
    assert GAME.to_move(state) == {1}


def test_a_building_is_built_once_and_paid_at_once():
    state = rich(new_game(["Athens", "Sparta"]))
    state = play(state, 0, Build(building="Granary")).state
    assert state.players[0].buildings == ["Granary"] and state.players[0].wood == 7
    assert Build(building="Granary") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        play(state, 0, Build(building="Granary"))


def test_the_temple_gives_prestige_and_crossing_3_offers_a_resource():
    state = rich(new_game(["Athens", "Sparta"]))
    step = play(state, 0, Build(building="Temple"))
    state = step.state
    assert state.players[0].prestige == 3
    assert GAME.to_move(state) == {0} and state.prompts[0].kind == "bonus_resource"
    assert kinds(state, 0) == {"bonus_resource"}
    state = play(state, 0, BonusResource(resource="copper")).state
    assert state.players[0].copper == 9 - 1 + 1


def test_lv_ii_units_need_their_building_and_stacks_run_out():
    state = rich(new_game(["Athens", "Sparta"]))
    assert Produce(unit="hoplites", level=2) not in GAME.legal_actions(state, 0)
    state = play(state, 0, Build(building="Barracks")).state
    assert Produce(unit="hoplites", level=2) in GAME.legal_actions(state, 0)
    step = play(state, 0, Produce(unit="hoplites", level=2))
    token = step.state.players[0].reserve[0]
    assert (token.unit, token.level, step.state.players[0].copper) == ("hoplites", 2, 9 - 2 - 3)
    assert any(e.to == 0 and "strength" in e.text for e in step.events)
    assert not any("strength" in e.text for e in step.events if e.to is None)
    state = rich(new_game(["Athens", "Sparta"]))
    state.pools["cavalry1"] = []
    assert Produce(unit="cavalry", level=1) not in GAME.legal_actions(state, 0)


def test_unit_costs():
    state = new_game(["Athens", "Sparta"])
    state = play(state, 0, Produce(unit="triremes", level=1)).state
    assert state.players[0].wood == 0
    assert Produce(unit="triremes", level=1) not in GAME.legal_actions(state, 0)


def test_a_bonus_unit_that_cannot_be_paid_is_forfeited():
    state = new_game(["Athens", "Sparta"])
    player = state.players[0]
    player.prestige, player.bonuses = 6, [3, 5]
    player.wheat, player.wood, player.copper = 2, 0, 0
    step = play(state, 0, Donate(resource="wheat", amount=2))
    assert any("cannot pay for it: it is lost" in e.text for e in step.events)
    assert step.state.prompts == [] and step.state.players[0].bonuses == [3, 5, 7]


def test_a_bonus_unit_is_produced_when_paid():
    state = rich(new_game(["Athens", "Sparta"]))
    state.players[0].prestige, state.players[0].bonuses = 6, [3, 5]
    state = play(state, 0, Donate(resource="wheat", amount=2)).state
    assert [a.unit for a in GAME.legal_actions(state, 0)] == ["hoplites", "triremes", "cavalry"]
    state = play(state, 0, BonusUnit(unit="cavalry")).state
    assert state.players[0].reserve[0].unit == "cavalry" and state.players[0].wheat == 9 - 2 - 2


def test_prestige_5_gives_an_extra_action_now():
    state = rich(new_game(["Athens", "Sparta"]))
    state.players[0].prestige, state.players[0].bonuses = 4, [3]
    state = play(state, 0, Donate(resource="wheat", amount=2)).state
    assert state.players[0].actions_left == 2  # one spent, one left, one more from the bonus


def test_the_prytaneion_recruits_a_figure_who_may_move_this_turn():
    state = rich(new_game(["Athens", "Sparta"], figures={"Athens": "Pericles"}))
    state = play(state, 0, Build(building="Prytaneion")).state
    recruits = [a.figure for a in GAME.legal_actions(state, 0)]
    assert recruits == ["Themistocles", "Cleisthenes", "Alcibiades", "Aspasia"]
    state = play(state, 0, Recruit(figure="Aspasia")).state
    assert state.players[0].figures == ["Pericles", "Aspasia"]


def test_administrators_need_their_hall_and_have_three_uses():
    state = rich(new_game(["Athens", "Sparta"], admins=["Archon", "Merchant"]))
    assert "archon" not in kinds(state, 0)
    state.players[0].buildings = ["Administrator's Hall"]
    state = play(state, 0, Archon()).state
    assert state.players[0].actions_left == 3 and state.players[0].admin_uses == 1
    assert "archon" not in kinds(state, 0)  # once a turn
    state.players[0].admin_uses = 3
    state.players[0].archon_used = False
    assert "archon" not in kinds(state, 0)


def test_trapezites_makes_two_exchanges_for_one_use():
    state = rich(new_game(["Athens", "Sparta"], admins=["Trapezites", "Merchant"]))
    state.players[0].buildings = ["Administrator's Hall"]
    state = play(state, 0, Trade(give="wheat", get="copper")).state
    state = play(state, 0, Trade(give="wheat", get="wood")).state
    player = state.players[0]
    assert (player.wheat, player.wood, player.copper, player.admin_uses) == (5, 10, 10, 1)
    assert player.actions_left == 2  # exchanges are free


def test_merchant_takes_from_the_league_treasury():
    state = rich(new_game(["Athens", "Sparta"], admins=["Merchant", "Archon"]))
    state.players[0].buildings = ["Administrator's Hall"]
    assert "withdraw" not in kinds(state, 0)  # the treasury is empty
    state.treasury["delian"].wood = 3
    assert [(a.first, a.second) for a in GAME.legal_actions(state, 0) if a.kind == "withdraw"] == [("wood", "wood")]
    state = play(state, 0, Withdraw(first="wood", second="wood")).state
    assert state.players[0].wood == 11 and state.treasury["delian"].wood == 1


def test_architect_builds_for_two_less_from_the_largest_amounts():
    state = new_game(["Athens", "Sparta"], admins=["Architect", "Merchant"])
    player = state.players[0]
    player.buildings = ["Administrator's Hall"]
    player.wheat, player.wood, player.copper = 0, 1, 1
    assert Build(building="Temple") not in GAME.legal_actions(state, 0)
    state = play(state, 0, ArchitectBuild(building="Temple")).state  # 2 Wheat 1 Wood 1 Copper: 1 Wood 1 Copper
    player = state.players[0]
    assert "Temple" in player.buildings and (player.wheat, player.wood, player.copper) == (0, 0, 0)


def test_ending_development_early():
    state = new_game(["Athens", "Sparta"])
    state = play(state, 0, EndDevelopment()).state
    assert GAME.to_move(state) == {1}


def test_development_lists_are_small_and_labelled():
    state = rich(new_game(["Athens", "Sparta"], admins=["Trapezites", "Merchant"]), amount=12)
    state.players[0].buildings = ["Administrator's Hall"]
    by_kind = {}
    for action in GAME.legal_actions(state, 0):
        by_kind.setdefault(action.kind, []).append(GAME.label(action))
    for kind, labels in by_kind.items():
        assert len(labels) <= 25, kind
        assert len(set(labels)) == len(labels), kind
        assert all(0 < len(label) <= 80 for label in labels)
