"""Ostrakon turns: stacking, the Sun's walk back, the end of a day, the end of the game."""

import pytest

from engine import Chance, GameOver
from engine.ostrakon import GAME
from engine.ostrakon.rules import State

from .positions import QUESTION, build, play, turn

SCORE_3 = {0, 1, 2, 3, 4}  # with 8 players and seat 0 speaking: 4 of 7 match, 3 do not: forward 3
FAIL = {0}  # nobody matches seat 0: under the Sun


# --- Stacking ------------------------------------------------------------------------------------


def test_an_arriving_philosopher_is_placed_on_top_of_the_pile_already_there():
    state = build({2: [7, 6, 5, 4, 3, 0], 5: [1, 2]}, sun=2)
    state = turn(state, SCORE_3).state
    assert GAME.view(state, None)["piles"] == [{"space": 2, "seats": [7, 6, 5, 4, 3]}, {"space": 5, "seats": [1, 2, 0]}]


def test_a_philosopher_sent_under_the_sun_goes_to_the_bottom_of_the_stack_there():
    state = build({2: [7, 6, 5, 4, 3, 0]}, sun=2, under_sun=[1, 2])
    state = turn(state, FAIL).state
    assert state.under_sun == [0, 1, 2]
    assert GAME.view(state, None)["positions"][0] == 2


def test_while_the_sunlit_pile_is_not_empty_the_sun_stays_and_the_next_one_down_speaks():
    state = build({2: [7, 6, 5, 4, 3, 1, 0]}, sun=2, under_sun=[2])
    assert GAME.view(state, None)["next_speaker"] == 1
    state = turn(state, FAIL).state
    shown = GAME.view(state, None)
    assert (shown["sun"], shown["speaker"], shown["under_sun"]) == (2, 1, [0, 2])


# --- The Sun's walk back -------------------------------------------------------------------------


def test_when_the_sunlit_space_empties_the_stack_under_the_sun_returns_and_the_sun_walks_back():
    state = build({1: [5, 6], 3: [7, 4], 6: [0], 12: [3]}, sun=6, under_sun=[1, 2])
    step = turn(state, SCORE_3)
    shown = GAME.view(step.state, None)
    assert {"space": 6, "seats": [1, 2]} in shown["piles"]
    assert shown["positions"][0] == 9 and shown["under_sun"] == []
    # Spaces 5 and 4 are empty: the Sun stops on the first pile it finds, space 3.
    assert (shown["sun"], shown["speaker"], shown["next_speaker"]) == (3, 4, 7)
    assert shown["day"] == 1


def test_a_day_that_is_not_the_last_ends_with_the_sun_on_the_leading_pile():
    state = build({2: [0], 7: [1, 2, 3], 9: [4, 5, 6, 7]}, sun=2, days=5, day=4)
    step = turn(state, SCORE_3)
    shown = GAME.view(step.state, None)
    assert (shown["day"], shown["sun"], shown["speaker"], shown["rule"]) == (5, 9, 7, "regular")
    assert shown["positions"][0] == 5 and GAME.outcome(step.state) is None
    assert any("Day 5 of 5" in event.text for event in step.events)


# --- The end of the game -------------------------------------------------------------------------


def test_after_the_last_day_the_philosopher_on_top_of_the_leading_pile_wins():
    state = build({2: [0], 7: [1, 2, 3], 11: [4, 5]}, sun=2, days=5, day=5, under_sun=[6, 7])
    step = turn(state, SCORE_3)
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners == (5,)
    assert "Berenike" in outcome.reason and "Calendar" in outcome.reason
    assert GAME.view(step.state, None)["winner"] == 5 and step.state.phase == "over"
    assert GAME.to_move(step.state) == frozenset()
    assert any("Berenike" in event.text and "wins" in event.text for event in step.events)
    with pytest.raises(GameOver):
        play(step.state, 5, QUESTION)


def test_the_stack_returned_from_under_the_sun_can_be_the_leading_pile():
    # Everyone else failed today and sits under the Sun on 10; the last speaker fails too.
    state = build({10: [0]}, sun=10, days=3, day=3, under_sun=[1, 2, 3, 4, 5, 6, 7])
    step = turn(state, FAIL)
    assert GAME.view(step.state, None)["piles"] == [{"space": 10, "seats": [0, 1, 2, 3, 4, 5, 6, 7]}]
    assert GAME.outcome(step.state).winners == (7,)


@pytest.mark.parametrize("start, black, spaces", [(15, {0, 1, 2, 3, 4, 5}, 2), (16, SCORE_3, 3)])
def test_reaching_the_temple_is_an_outstanding_victory_at_once(start, black, spaces):
    state = build({2: [1, 2, 3, 4, 5, 6, 7], start: [0]}, sun=start, day=1)
    step = turn(state, black)
    outcome = GAME.outcome(step.state)
    assert outcome.winners == (0,) and "Outstanding Victory" in outcome.reason
    shown = GAME.view(step.state, None)
    assert shown["positions"][0] == 17 and shown["winner"] == 0 and shown["phase"] == "over"
    assert step.state.last.advanced == spaces
    assert any("Outstanding Victory" in event.text for event in step.events)


# --- Whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 8, 12])
def test_every_philosopher_speaks_exactly_once_a_day_even_with_followers(players):
    for seed in range(6):
        chance = Chance.seeded(f"days-{players}-{seed}")
        state = GAME.setup(players, None, chance)
        spoke: dict[int, list[int]] = {}
        for _ in range(2000):
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.to_move(state))
            moves = GAME.legal_actions(state, seat)
            follows = [m for m in moves if m.kind == "follow"]
            action = follows[0] if follows and chance.roll(3) == 1 else GAME.stand_in(state, seat, chance)
            if action.kind == "ask":
                spoke.setdefault(state.day, []).append(seat)
            state = play(state, seat, action, chance).state
            assert State.model_validate_json(state.model_dump_json()) == state
        assert GAME.outcome(state) is not None
        full_days = [day for day in spoke if day < state.day or not state.outstanding]
        for day in full_days:
            assert sorted(spoke[day]) == list(range(players)), (seed, day)


def test_after_an_outstanding_victory_no_question_or_follower_stays_open():
    state = build({2: [1, 2, 3, 4, 5, 6, 7], 16: [0]}, sun=16)
    state = play(state, 0, QUESTION).state
    state = play(state, 7, {"kind": "follow"}).state
    for seat in range(8):
        state = play(state, seat, {"kind": "vote", "stone": "black" if seat in SCORE_3 else "white"}).state
    shown = GAME.view(state, 7)
    assert shown["winner"] == 0 and shown["phase"] == "over"
    assert (shown["question"], shown["voted"], shown["follower"], shown["my_vote"]) == (None, [], None, None)
    assert shown["last"]["follower"] == 7 and shown["last"]["votes"]["7"] == "white"
    assert shown["positions"][7] == 2
