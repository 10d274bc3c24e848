"""Ostrakon refuses wrong moves with a clear reason and leaves the position unchanged."""

import pytest

from engine import Chance, GameOver, IllegalAction, NotYourTurn, UnknownAction, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

TEA = {"kind": "ask", "question": "Tea or coffee?", "white": "Tea", "black": "Coffee"}


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def refused(state, seat, action, error, reason):
    before = state.model_dump_json()
    with pytest.raises(error, match=reason):
        play(state, seat, action)
    assert state.model_dump_json() == before


@pytest.fixture
def fresh():
    return GAME.setup(6, None, Chance.scripted())  # seat 0 on top of the pile on space 5


@pytest.fixture
def voting(fresh):
    return play(fresh, 0, TEA).state


# --- Wrong phase, wrong seat ---------------------------------------------------------------------


def test_only_the_speaker_may_ask(fresh):
    refused(fresh, 1, TEA, NotYourTurn, "not your turn")


def test_nothing_but_a_question_before_the_question(fresh):
    refused(fresh, 0, {"kind": "vote", "stone": "white"}, IllegalAction, "no vote now")
    refused(fresh, 0, {"kind": "corrupt", "seats": [1]}, IllegalAction, "nobody to corrupt")
    refused(fresh, 0, {"kind": "consult", "seats": [1]}, IllegalAction, "no oracle")
    refused(fresh, 0, {"kind": "decide", "flip": True}, IllegalAction, "nothing to decide")
    refused(fresh, 0, {"kind": "follow"}, IllegalAction, "only follow while the votes are being cast")


def test_one_question_per_turn_and_one_vote_per_philosopher(voting):
    refused(voting, 0, dict(TEA, question="Cats or dogs?"), IllegalAction, "already been asked")
    voted = play(voting, 3, {"kind": "vote", "stone": "black"}).state
    refused(voted, 3, {"kind": "vote", "stone": "white"}, NotYourTurn, "You have already voted")


def test_on_a_regular_day_there_is_nobody_to_corrupt_or_consult(voting):
    refused(voting, 0, {"kind": "corrupt", "seats": [1]}, IllegalAction, "nobody to corrupt")
    refused(voting, 0, {"kind": "consult", "seats": [1]}, IllegalAction, "no oracle")
    refused(voting, 0, {"kind": "decide", "flip": False}, IllegalAction, "nothing to decide")


# --- The question --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, white, black, reason",
    [
        ("", "Tea", "Coffee", "Write a question"),
        ("   ", "Tea", "Coffee", "Write a question"),
        ("Tea or coffee?", "", "Coffee", "Give both answers"),
        ("Tea or coffee?", "Tea", "  ", "Give both answers"),
        ("Tea or tea?", "Tea", " tea ", "must be different"),
    ],
)
def test_a_question_needs_text_and_two_different_answers(fresh, question, white, black, reason):
    refused(fresh, 0, {"kind": "ask", "question": question, "white": white, "black": black}, IllegalAction, reason)


def test_a_question_is_asked_with_its_texts_trimmed(fresh):
    step = play(fresh, 0, {"kind": "ask", "question": "  Tea or coffee? ", "white": " Tea", "black": "Coffee "})
    assert GAME.view(step.state, None)["question"] == {"text": "Tea or coffee?", "white": "Tea", "black": "Coffee"}
    assert step.events[0].text == "**Doreminos** asks: Tea or coffee?\n⚪ Tea · ⚫ Coffee"


@pytest.mark.parametrize(
    "again",
    [
        "Tea or coffee?",
        "tea or coffee",
        "  TEA,  or Coffee?! ",
        "Tea or coffee ?",
        "Tea\nor\tcoffee",
        "Ｔｅａ or coffee…",
    ],
)
def test_the_same_question_may_not_be_asked_twice_in_a_game_compared_normalised(voting, again):
    state = voting
    for seat in range(6):
        state = play(state, seat, {"kind": "vote", "stone": "white"}).state
    speaker = GAME.view(state, None)["speaker"]
    assert speaker == 1
    refused(state, speaker, dict(TEA, question=again), IllegalAction, "already asked in this game")
    assert play(state, speaker, dict(TEA, question="Tea or coffee, after dinner?")).state.phase == "vote"


# --- Malformed moves and the end -----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "dance"},
        {"kind": "vote", "stone": "grey"},
        {"kind": "vote"},
        dict(TEA, question="?" * 301),
        {"kind": "decide", "flip": "maybe"},
    ],
)
def test_malformed_moves_are_unknown(voting, action):
    refused(voting, 0, action, UnknownAction, "not a move in Ostrakon")


def test_nothing_can_be_played_once_the_game_is_over():
    state = State(
        options=Options(),
        names=list(PHILOSOPHERS[:5]),
        days=6,
        sun=5,
        winner=2,
        phase="over",
        piles=[Pile(space=5, seats=[4, 3, 1, 0]), Pile(space=9, seats=[2])],
        deck=[],
        subject="Sport",
        next_subject="Money",
    )
    refused(state, 2, TEA, GameOver, "over")


def test_questions_told_apart_only_by_their_emoji_are_different_questions(fresh):
    state = play(fresh, 0, {"kind": "ask", "question": "🐱 or 🐶?", "white": "🐱", "black": "🐶"}).state
    for seat in range(6):
        state = play(state, seat, {"kind": "vote", "stone": "white"}).state
    refused(
        state,
        1,
        {"kind": "ask", "question": "🐱  or 🐶 !", "white": "🐱", "black": "🐶"},
        IllegalAction,
        "already asked",
    )
    assert play(state, 1, {"kind": "ask", "question": "☕ or 🍵?", "white": "☕", "black": "🍵"}).state.phase == "vote"


def test_a_question_made_only_of_punctuation_is_not_a_question(fresh):
    refused(
        fresh, 0, {"kind": "ask", "question": "?!", "white": "Yes", "black": "No"}, IllegalAction, "Write a question"
    )
