"""Moving, location tokens and the standard, Temple and Oracle actions."""

import pytest

from engine import IllegalAction, NotYourTurn
from engine.philosophia import GAME, data

from .test_support import at, new_game, play, private, public

PLATO = data.CHARACTERS["Plato"].coins  # seat 0 in most tests

CARO, ALI = 0, 1


def kinds(state, seat):
    return {action.kind for action in GAME.legal_actions(state, seat)}


# --- Moving --------------------------------------------------------------------------------------


def test_a_philosopher_must_move_to_a_free_place_then_act():
    state = new_game(2)  # Plato at Syracuse, Homer at Ithaca
    targets = {a.to for a in GAME.legal_actions(state, 0)}
    assert "syracuse" not in targets and "ithaca" not in targets
    assert len(targets) == len(data.LOCATIONS) - 2
    with pytest.raises(IllegalAction):
        play(state, 0, "move", to="ithaca")
    with pytest.raises(NotYourTurn):
        play(state, 1, "move", to="athens")
    with pytest.raises(IllegalAction):
        play(state, 0, "tutor")  # move first
    state = play(state, 0, "move", to="timeline").state
    assert state.players[0].location == "timeline" and state.phase == "act"


def test_heraclitus_may_share_a_place_and_sophocles_an_acropolis_spot():
    state = new_game(3, characters=("Heraclitus", "Sophocles", "Homer"))
    state.players[2].location = "debate"
    state.players[1].location = "athens"
    assert {"athens", "debate"} <= {a.to for a in GAME.legal_actions(state, 0)}
    state.turn = 1
    sophocles = {a.to for a in GAME.legal_actions(state, 1)}
    assert "debate" in sophocles
    state.players[2].location = "corinth"
    assert "corinth" not in {a.to for a in GAME.legal_actions(state, 1)}


def test_adjacent_movement_is_an_option():
    state = new_game(2, movement="adjacent")
    assert {a.to for a in GAME.legal_actions(state, 0)} == set(data.neighbours("syracuse"))
    state.players[0].location = "rhodes"
    state.players[1].location = "knossos"
    assert {a.to for a in GAME.legal_actions(state, 0)} == {"miletus"}
    state.players[1].location = "miletus"
    state.sites["knossos"].token = None
    assert {a.to for a in GAME.legal_actions(state, 0)} == {"knossos"}


def test_entering_an_opponents_school_costs_a_coin_but_not_for_homer():
    state = new_game(3, characters=("Aristotle", "Plato", "Homer"))
    state.sites["athens"].schools = [1]
    state.sites["athens"].token = None
    coins = state.players[0].coins
    step = play(state, 0, "move", to="athens")
    assert step.state.players[0].coins == coins - 1
    assert step.state.players[1].coins == state.players[1].coins + 1
    assert any("pays 1 coin" in text for text in public(step))
    state.turn = 2
    step = play(state, 2, "move", to="athens")
    assert step.state.players[2].coins == state.players[2].coins  # Homer never pays
    state.players[1].wisdom = ["Invocation of the Muse"]  # a Wisdom card with the "fee" perk: 2 coins
    state.turn = 0
    assert play(state, 0, "move", to="athens").state.players[0].coins == coins - 2


def test_at_a_location_token_keep_it_or_take_its_benefit():
    state = new_game(2)
    state = play(state, 0, "move", to="athens").state  # a black token lies there
    assert state.phase == "bonus"
    assert {a.keep for a in GAME.legal_actions(state, 0)} == {True, False}
    kept = play(state, 0, "bonus", keep=True).state
    assert kept.players[0].tokens == ["black"] and kept.sites["athens"].token is None
    assert kept.phase == "act"
    taken = play(state, 0, "bonus", keep=False).state
    assert taken.players[0].tokens == [] and taken.players[0].coins == state.players[0].coins + 2
    assert taken.sites["athens"].token is None


@pytest.mark.parametrize("colour,field,gain", [("blue", "sophists", 1), ("red", "builders", 1), ("green", "study", 1)])
def test_token_benefits(colour, field, gain):
    state = new_game(2)
    state.sites["athens"].token = colour
    state = play(play(state, 0, "move", to="athens").state, 0, "bonus", keep=False).state
    assert getattr(state.players[0], field) == gain


# --- Standard actions ----------------------------------------------------------------------------


def test_tutor_earns_one_coin_plus_one_per_wisdom_card_and_athena_disk():
    state = at(new_game(2), 0, "corinth")
    assert play(state, 0, "tutor").state.players[0].coins == PLATO + 1
    state.players[0].wisdom = ["The Academy", "Theory of Forms"]
    state.players[0].disks = 1
    assert play(state, 0, "tutor").state.players[0].coins == PLATO + 4
    flat = at(new_game(2, tutor="flat"), 0, "corinth")
    assert play(flat, 0, "tutor").state.players[0].coins == PLATO + 2


def test_the_rulebook_following_example():
    """Caro moves to Ithaca, where Ali has a follower, and creates a following there; she may not
    place another follower there."""
    state = new_game(2, characters=("Plato", "Aristotle"))
    state.sites["ithaca"].followers = [ALI]
    state.sites["ithaca"].token = None
    state = play(state, CARO, "move", to="ithaca").state
    state = play(state, CARO, "follow").state
    assert state.sites["ithaca"].followers == [ALI, CARO]
    assert state.players[CARO].followers_left == 8
    assert state.turn == ALI
    state = at(state, CARO, "ithaca")
    assert "follow" not in kinds(state, CARO)


def test_the_rulebook_sophist_example():
    """Caro at the Oracle of Delphi, where Ali has a follower, pays a Sophist to the supply: Ali's
    cube goes back to her board and one of Caro's takes its place."""
    state = new_game(2, characters=("Plato", "Aristotle"))
    state.sites["delphi"].followers = [ALI]
    state.players[ALI].followers_left = 8
    state = at(state, CARO, "delphi")
    assert "use_sophist" not in kinds(state, CARO)  # no Sophist yet
    state = play(state, CARO, "hire_sophist").state
    assert state.players[CARO].sophists == 1 and state.players[CARO].coins == PLATO - 1
    assert state.supply.sophists == 11
    state = at(state, CARO, "delphi")
    step = play(state, CARO, "use_sophist", target=ALI)
    state = step.state
    assert state.sites["delphi"].followers == [CARO]
    assert state.players[ALI].followers_left == 9 and state.players[CARO].followers_left == 8
    assert state.players[CARO].sophists == 0 and state.supply.sophists == 12


def test_builders_cost_two_coins_and_at_most_four_are_held():
    state = at(new_game(2, characters=("Homer", "Plato")), 0, "corinth")
    state.players[0].coins = 10
    state = play(state, 0, "hire_builder").state
    assert state.players[0].builders == 1 and state.players[0].coins == 8
    state.players[0].builders = 4
    assert "hire_builder" not in kinds(at(state, 0, "corinth"), 0)


def test_a_school_needs_a_builder_and_a_coin_except_plato_needs_no_builder():
    state = at(new_game(2, characters=("Homer", "Plato")), 0, "corinth")
    assert "build_school" not in kinds(state, 0)
    state.players[0].builders = 1
    state = play(state, 0, "build_school").state
    assert state.sites["corinth"].schools == [0]
    assert state.players[0].builders == 0 and state.players[0].schools_left == 3
    assert state.players[0].coins == 3 - 1
    plato = at(state, 1, "corinth")
    assert "build_school" in kinds(plato, 1)
    plato = play(plato, 1, "build_school").state
    assert plato.sites["corinth"].schools == [0, 1] and plato.players[1].coins == PLATO - 1
    again = at(plato, 1, "corinth")
    assert "build_school" not in kinds(again, 1)  # one school of yours per place


def test_study_at_a_temple_and_unlock_a_wisdom_card():
    state = at(new_game(2), 0, "corinth")
    assert "study" not in kinds(state, 0)
    state = at(state, 0, "delos")
    state.players[0].coins = 4
    state = play(state, 0, "study").state
    assert state.players[0].study == 1 and state.players[0].coins == 0 and state.supply.study == 5
    state = at(state, 0, "delos")
    unlocks = [a.card for a in GAME.legal_actions(state, 0) if a.kind == "unlock"]
    assert unlocks == list(data.CHARACTERS["Plato"].wisdom)
    state = play(state, 0, "unlock", card="The Academy").state
    assert state.players[0].wisdom == ["The Academy"] and state.players[0].study == 0


def test_aristotle_studies_anywhere():
    state = at(new_game(2, characters=("Aristotle", "Plato")), 0, "corinth")
    state.players[0].coins = 4
    assert "study" in kinds(state, 0)


def test_collect_an_oracle_card_only_at_an_oracle():
    state = at(new_game(2), 0, "corinth")
    assert "consult" not in kinds(state, 0)
    step = play(at(state, 0, "lebadea"), 0, "consult")
    assert step.state.players[0].oracles == ["Favour of Trophonius"]
    assert len(step.state.oracle_decks["trophonius"]) == 6
    assert "Favour of Trophonius" not in " ".join(public(step))
    assert "Favour of Trophonius" in " ".join(private(step, 0))


def test_no_standard_action_on_the_acropolis():
    state = at(new_game(2), 0, "observe")
    assert not kinds(state, 0) & {"tutor", "follow", "hire_builder", "hire_sophist", "labyrinth"}
    with pytest.raises(IllegalAction):
        play(state, 0, "tutor")


def test_a_spellbound_player_moves_but_loses_the_action():
    state = new_game(2)
    state.players[0].silenced = True
    step = play(state, 0, "move", to="timeline")
    assert step.state.turn == 1 and not step.state.players[0].silenced
    assert any("loses this action" in text for text in public(step))


def test_resting_ends_the_turn_and_rounds_turn_the_hourglass():
    state = new_game(2)
    for round_ in range(4):
        for seat, spot in ((0, "observe"), (1, "athena")) if round_ % 2 == 0 else ((0, "timeline"), (1, "debate")):
            state = play(state, seat, "move", to=spot).state
            state = play(state, seat, "rest").state
        assert state.timeline == (1 if round_ == 3 else 0)
    assert state.round == 5
