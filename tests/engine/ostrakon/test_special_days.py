"""Ostrakon special days: which Rule of the Day, and Corruption, Oracle and Treachery."""

from math import comb

import pytest

from engine import Chance, IllegalAction
from engine.ostrakon import GAME
from engine.ostrakon.rules import Options

from .positions import build, play, turn


def texts(step) -> str:
    return "\n".join(event.text for event in step.events if event.to is None)


# --- Which Rule of the Day -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "space, rule",
    [
        (4, "corruption"),
        (10, "corruption"),
        (6, "oracle"),
        (13, "oracle"),
        (8, "treachery"),
        (15, "treachery"),
        (5, "regular"),
        (9, "regular"),
        (16, "regular"),
    ],
)
def test_the_rule_of_the_day_comes_from_the_suns_space_at_the_start_of_the_day(space, rule):
    state = build({2: [0], space: [1, 2, 3, 4, 5, 6, 7]}, sun=2, day=1)
    step = turn(state, {0})  # seat 0 goes under the Sun, the day ends
    assert (step.state.day, step.state.sun, step.state.rule) == (2, space, rule)


def test_the_first_day_is_always_regular_even_on_a_special_space():
    options = Options(corruption_spaces=(5,))
    state = GAME.setup(5, options, Chance.scripted())
    assert (state.sun, state.rule) == (5, "regular")


def test_the_rule_holds_for_the_whole_day_wherever_the_sun_walks():
    # A Corruption day that began on 10; the Sun walks back onto space 8 (a Treachery space).
    state = build({8: [1, 2, 3, 4, 5, 6, 7], 10: [0]}, sun=10, day=2, rule="corruption")
    step = turn(state, {0, 1, 2, 3, 4})
    step = play(step.state, 0, {"kind": "corrupt", "seats": [5, 6]})
    assert (step.state.sun, step.state.rule, step.state.day) == (8, "corruption", 2)


def test_special_days_can_be_switched_off():
    state = build({2: [0], 10: [1, 2, 3, 4, 5, 6, 7]}, sun=2, options=Options(special_days=False))
    assert turn(state, {0}).state.rule == "regular"


# --- Corruption ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, affected", [(5, 1), (6, 1), (7, 2), (8, 2), (9, 2), (10, 3), (11, 3), (12, 3)])
def test_the_speaker_corrupts_exactly_one_two_or_three_by_player_count(players, affected):
    others = list(range(1, players))
    state = build({3: others[::-1] + [0]}, sun=3, players=players, rule="corruption")
    step = turn(state, {0})
    assert step.state.phase == "corrupt" and GAME.to_move(step.state) == frozenset({0})
    moves = GAME.legal_actions(step.state, 0)
    assert len(moves) == comb(players - 1, affected)
    assert all(m.kind == "corrupt" and len(m.seats) == affected and 0 not in m.seats for m in moves)
    too_many = others[: affected + 1]
    with pytest.raises(IllegalAction, match=f"exactly {affected}"):
        play(step.state, 0, {"kind": "corrupt", "seats": too_many})


def test_corrupted_philosophers_show_their_stones_then_change_them_to_match_the_speakers():
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule="corruption")
    step = turn(state, {0, 1, 2, 3})  # 3 of 7 match black: not enough on its own
    assert "Sea" not in texts(step) and "Mountains" not in texts(step)  # no stone shown yet
    step = play(step.state, 0, {"kind": "corrupt", "seats": [4, 5]})
    assert step.state.last.votes == {
        0: "black",
        1: "black",
        2: "black",
        3: "black",
        4: "black",
        5: "black",
        6: "white",
        7: "white",
    }
    assert step.state.last.advanced == 2
    assert GAME.view(step.state, None)["positions"][0] == 5
    assert GAME.view(step.state, None)["last"]["shown"] == {"4": "white", "5": "white"}  # what they voted
    public = texts(step)
    assert "Corruption!" in public and "**Archelaos** ⚪" in public and "**Berenike** ⚪" in public


@pytest.mark.parametrize(
    "seats, reason",
    [
        ([0, 4], "yourself"),
        ([4, 4], "once"),
        ([4, 9], "not at this table"),
        ([4], "exactly 2"),
    ],
)
def test_a_wrong_corruption_is_refused_and_changes_nothing(seats, reason):
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule="corruption")
    before = turn(state, {0}).state
    with pytest.raises(IllegalAction, match=reason):
        play(before, 0, {"kind": "corrupt", "seats": seats})


# --- Oracle --------------------------------------------------------------------------------------


def test_the_oracle_shows_the_chosen_stones_to_everyone_then_the_speaker_keeps_or_turns():
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule="oracle")
    step = turn(state, {0, 1, 2})
    assert step.state.phase == "consult"
    step = play(step.state, 0, {"kind": "consult", "seats": [3, 4]})
    public = GAME.view(step.state, None)
    assert public["phase"] == "decide" and public["shown"] == {"3": "white", "4": "white"}
    assert "votes" not in public and public["last"] is None
    assert "**Malia** ⚪" in texts(step) and "**Archelaos** ⚪" in texts(step)
    assert GAME.legal_actions(step.state, 0) == [
        GAME.actions.validate_python({"kind": "decide", "flip": False}),
        GAME.actions.validate_python({"kind": "decide", "flip": True}),
    ]
    turned = play(step.state, 0, {"kind": "decide", "flip": True})
    assert turned.state.last.votes[0] == "white" and turned.state.last.advanced == 2  # 5 of 7 white
    assert "The stones are revealed!" in texts(turned)
    kept = play(step.state, 0, {"kind": "decide", "flip": False})
    assert kept.state.last.votes[0] == "black" and kept.state.under_sun == [0]  # 2 of 7 black


# --- Treachery -----------------------------------------------------------------------------------


def test_on_treachery_days_the_speaker_may_turn_the_stone_after_the_reveal():
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule="treachery")
    step = turn(state, {0, 1})  # only one of seven matches black
    assert step.state.phase == "decide" and "The stones are revealed!" in texts(step)
    public = GAME.view(step.state, None)
    assert public["revealed"] and public["votes"]["0"] == "black" and public["votes"]["5"] == "white"
    turned = play(step.state, 0, {"kind": "decide", "flip": True})
    assert turned.state.last.votes[0] == "white" and turned.state.last.advanced == 1
    assert GAME.view(turned.state, None)["positions"][0] == 4


def test_treachery_cannot_save_a_speaker_when_the_others_are_unanimous():
    state = build({3: [7, 6, 5, 4, 3, 2, 1, 0]}, sun=3, rule="treachery")
    step = turn(state, {0})  # all seven others white
    for flip in (False, True):
        assert play(step.state, 0, {"kind": "decide", "flip": flip}).state.under_sun == [0]


def test_the_public_view_shows_the_special_day_symbols_of_the_path():
    shown = GAME.view(GAME.setup(7, None, Chance.scripted()), None)
    assert shown["special_spaces"] == {
        "4": "corruption",
        "6": "oracle",
        "8": "treachery",
        "10": "corruption",
        "13": "oracle",
        "15": "treachery",
    }
    plain = GAME.setup(7, Options(special_days=False), Chance.scripted())
    assert GAME.view(plain, None)["special_spaces"] == {}
