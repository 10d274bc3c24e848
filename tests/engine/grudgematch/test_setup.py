"""Set-up, line-ups, the ball into play and the penalty box."""

import pytest

from engine import Chance, IllegalAction, NotYourTurn
from engine.grudgematch import GAME, data, field
from engine.grudgematch.state import Options

from .test_helpers import F, G, play, position, public_text


def new_game(**options):
    return GAME.setup(2, Options(**options), Chance.scripted())


def test_the_joker_goes_in_near_the_middle_and_each_team_gets_five_cards():
    state = new_game()
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert len(state.deck) == 53 - 10
    # A scripted shuffle keeps the deck in order; the joker goes in at the very middle (26 of 53)
    # and the hands are dealt alternately, Germans first.
    assert state.deck.index("JOKER") == 26 - 10
    assert state.hands[G] == ["AC", "3C", "5C", "7C", "9C"]
    assert state.hands[F] == ["2C", "4C", "6C", "8C", "10C"]


def test_the_joker_is_always_within_five_cards_of_the_middle():
    for seed in range(40):
        state = GAME.setup(2, Options(), Chance.seeded(str(seed)))
        assert 21 <= state.deck.index("JOKER") + 10 <= 31


def test_only_two_can_play():
    with pytest.raises(IllegalAction):
        GAME.setup(3, Options(), Chance.scripted())


@pytest.mark.parametrize("lineup", sorted(data.LINEUPS))
def test_every_lineup_puts_the_philosophers_in_their_own_in_field(lineup):
    state = new_game()
    state = play(state, G, {"kind": "lineup", "lineup": lineup}).state
    state = play(state, F, {"kind": "lineup", "lineup": lineup}, rolls=[1, 2, 3, 4]).state
    for team in (G, F):
        spaces = [state.spots[p] for p in data.TEAMS[team]]
        assert len(set(spaces)) == 4
        assert set(spaces) <= set(field.in_field(team))


def test_the_in_fields_are_rows_2_to_6_from_each_end_outside_the_goal_boxes():
    german, french = field.in_field(G), field.in_field(F)
    assert {field.cell(s)[1] for s in german} == {2, 3, 4, 5, 6}
    assert {field.cell(s)[1] for s in french} == {12, 13, 14, 15, 16}
    assert "F2" not in german and "E16" not in french and "D2" in german
    assert len(german) == len(french) == 11 * 5 - 3


def test_lineups_are_secret_until_both_have_chosen_and_the_germans_kick_off():
    state = new_game()
    assert GAME.to_move(state) == {G, F}
    step = play(state, F, {"kind": "lineup", "lineup": "Wide"})
    assert "Wide" not in str(GAME.view(step.state, None))
    assert "Wide" not in public_text(step) and "Wide" not in str(GAME.view(step.state, G))
    assert GAME.view(step.state, F)["lineup"] == "Wide"
    assert GAME.to_move(step.state) == {G}
    with pytest.raises(NotYourTurn):
        play(step.state, F, {"kind": "lineup", "lineup": "Attack"})
    # Germans pick; the ball goes in on 3+4 = 7 (F9), then the Germans roll 2+5 to run.
    step = play(step.state, G, {"kind": "lineup", "lineup": "Balanced"}, rolls=[3, 4, 2, 5])
    state = step.state
    assert state.spots["Pascal"] == "B12" and state.spots["Sartre"] == "F13"  # Wide, mirrored
    assert state.spots["Husserl"] == "C5" and state.spots["Nietzsche"] == "F3"
    assert state.mover == G and state.turn == 1 and state.phase == "run"
    assert state.ball == "F9" and state.running.left == [2, 5]


def test_without_line_up_choice_both_teams_take_the_default_at_once():
    state = GAME.setup(2, Options(choose_lineup=False), Chance.scripted([6, 6, 1, 2]))
    assert state.phase == "run" and state.ball == "K9"
    assert state.spots["Hegel"] == "F6" and state.spots["Sartre"] == "F12"


@pytest.mark.parametrize("number, space", [(2, "A9"), (7, "F9"), (12, "K9")])
def test_the_centre_line_is_numbered_2_to_12(number, space):
    assert field.centre_space(number) == space


def test_a_ball_put_into_play_on_a_philosopher_is_set_down_by_his_team_and_so_on():
    spots = {"Nietzsche": "F3", "Hegel": "A2", "Pascal": "F9", "Sartre": "F8", "Descartes": "F15"}
    state = position(spots, None, [["2C"], ["3C"]], mover=G, phase="kick")
    state.phase = "kick"
    # The German turn ends (nothing to kick), the French turn puts the ball in on 3+4 = F9: Pascal.
    step = play(state, G, {"kind": "stop_kicking"}, rolls=[3, 4])
    state = step.state
    assert state.mover == F and state.ball == "F9" and state.phase == "place"
    assert GAME.to_move(state) == {F}
    assert len(GAME.legal_actions(state, F)) == 8
    # The French set it on Sartre (F8): the French set it down again, next to Sartre.
    state = play(state, F, {"kind": "place", "to": "F8"}).state
    assert state.phase == "place" and state.placing.holder == "Sartre"
    with pytest.raises(IllegalAction):
        play(state, F, {"kind": "place", "to": "F10"})  # not next to Sartre
    state = play(state, F, {"kind": "place", "to": "G7"}, rolls=[1, 2]).state
    assert state.ball == "G7" and state.phase == "run" and state.running.left == [1, 2]


def test_a_ball_landing_on_an_opponent_is_his_teams_to_place():
    spots = {"Nietzsche": "F3", "Pascal": "F9", "Hegel": "F8"}
    state = position(spots, None, [["2C"], ["3C"]], mover=G, phase="kick")
    state = play(state, G, {"kind": "stop_kicking"}, rolls=[3, 4]).state
    state = play(state, F, {"kind": "place", "to": "F8"}).state
    assert state.placing.holder == "Hegel" and GAME.to_move(state) == {G}


def fouling_position(penalty, spots, roll):
    state = position(spots, "A1", [["2C"], ["3C"]], mover=F, phase="kick", penalty=penalty)
    state.options.fouling = True
    return play(state, F, {"kind": "stop_kicking"}, rolls=[roll, 1, 2]).state


def test_a_5_or_6_releases_the_longest_serving_philosopher_at_the_exit():
    state = fouling_position([["Hegel", "Husserl"], []], {"Nietzsche": "F3"}, 5)
    assert state.spots["Hegel"] == "A8" and state.penalty[G] == ["Husserl"]


def test_a_release_onto_an_occupied_exit_goes_to_the_nearest_open_space():
    state = fouling_position([["Hegel"], []], {"Nietzsche": "F3", "Pascal": "A8"}, 6)
    assert state.spots["Hegel"] in ("A7", "B8", "A9")
    assert state.spots["Hegel"] == "A7"  # ties go to the upper space


def test_a_4_keeps_him_in_the_penalty_box():
    state = fouling_position([["Hegel"], []], {"Nietzsche": "F3"}, 4)
    assert "Hegel" not in state.spots and state.penalty[G] == ["Hegel"]


def test_without_fouling_there_is_no_penalty_box_roll():
    state = position({"Nietzsche": "F3"}, "A1", [["2C"], ["3C"]], mover=F, penalty=[["Hegel"], []])
    state = play(state, F, {"kind": "stop_kicking"}, rolls=[5, 1]).state
    assert "Hegel" not in state.spots and state.running.rolled == [5, 1]
