"""The strong stand-in (engine/ostrakon/strong.py): legal everywhere, blind to stones it cannot
see, and sensible where the right move is plain."""

import pytest

from engine import Chance, RuleError, referee
from engine.ostrakon import GAME
from engine.ostrakon.actions import Ask, Decide, Follow, Vote
from engine.ostrakon.bank import BANK
from engine.ostrakon.odds import walk
from engine.ostrakon.standin import canned_question
from engine.ostrakon.state import Question
from engine.ostrakon.strong import strong

from .positions import build, play

MAX_STEPS = 5000


def positions(players: int, seed: int):
    """Each position of a seeded game between a strong seat (0) and random players, with a seat
    to move."""
    chance = Chance.seeded(f"strong:{players}:{seed}")
    state = GAME.setup(players, None, chance)
    for number in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            return
        seat = chance.pick(sorted(GAME.to_move(state)))
        yield number, state, seat
        if seat == 0:
            action = strong(state, seat, Chance.seeded(f"{seed}:{number}"))
        elif state.phase == "ask":
            action = canned_question(state)
        else:
            action = chance.pick(GAME.legal_actions(state, seat))
        state = referee.play(GAME, state, seat, action, chance).state
    pytest.fail(f"{players} players, seed {seed}: no end within {MAX_STEPS} actions")


@pytest.mark.parametrize("players", [5, 8, 12])
def test_every_choice_is_legal_and_the_game_ends(players):
    phases = set()
    for number, state, seat in positions(players, 1):
        if seat != 0:
            continue
        action = strong(state, seat, Chance.seeded(f"check:{number}"))
        if not isinstance(action, Ask):  # a question is written, not picked from a list
            assert action in GAME.legal_actions(state, seat), (state.phase, action)
        try:
            referee.play(GAME, state, seat, action, Chance.seeded("apply"))
        except RuleError as error:
            pytest.fail(f"the strong choice {action} was refused: {error}")
        phases.add(state.phase)
    assert {"ask", "vote"} <= phases


@pytest.mark.parametrize("players", [5, 7, 10])
def test_the_same_view_with_the_stones_dealt_again_gives_the_same_choice(players):
    compared = 0
    for number, state, seat in positions(players, 2):
        shadow = GAME.shuffle_secrets(state, Chance.seeded(f"shadow:{number}"), keep=seat)
        assert GAME.view(shadow, seat) == GAME.view(state, seat)
        choice = strong(state, seat, Chance.seeded(f"same:{number}"))
        assert strong(shadow, seat, Chance.seeded(f"same:{number}")) == choice, (number, state.phase)
        compared += shadow.votes != state.votes
    assert compared > 10  # positions where the re-dealt stones differ


def voting(piles, sun, question: Question, players: int = 5, **fields):
    state = build(piles, sun, players=players, **fields)
    state.phase, state.question = "vote", question
    return state


def test_a_treachery_speaker_turns_its_stone_when_that_walks_further():
    state = build({5: [1, 2, 3, 4, 0]}, sun=5, players=5, rule="treachery")
    state = play(state, 0, {"kind": "ask", "question": "Up or down?", "white": "Up", "black": "Down"}).state
    state.votes = {0: "white", 1: "white", 2: "black", 3: "black", 4: "black"}
    state.phase = "decide"
    # White matches one of four (under the Sun); black matches three (a step).
    assert strong(state, 0, Chance.seeded("t")) == Decide(flip=True)
    state.votes = {0: "white", 1: "white", 2: "white", 3: "black", 4: "black"}
    assert strong(state, 0, Chance.seeded("t")) == Decide(flip=False)  # two steps either way


def test_an_oracle_speaker_sides_with_the_stone_it_was_shown():
    state = build({5: [1, 2, 3, 4, 0]}, sun=5, players=5, rule="oracle")
    state = play(state, 0, {"kind": "ask", "question": "Up or down?", "white": "Up", "black": "Down"}).state
    state.votes = {0: "white", 1: "black", 2: "white", 3: "white", 4: "black"}
    state.shown = {1: "black"}
    state.phase = "decide"
    assert strong(state, 0, Chance.seeded("o")) == Decide(flip=True)


def test_it_follows_from_far_behind_and_keeps_its_card_for_a_small_gain():
    question = Question(text="Up or down?", white="Up", black="Down")
    far = voting({2: [1], 9: [2, 3, 4, 0]}, sun=9, question=question, day=1, days=6)
    assert strong(far, 1, Chance.seeded("f")) == Follow()
    near = voting({8: [1], 9: [2, 3, 4, 0]}, sun=9, question=question, day=1, days=6)
    assert isinstance(strong(near, 1, Chance.seeded("f")), Vote)
    last_day = voting({8: [1], 9: [2, 3, 4, 0]}, sun=9, question=question, day=6, days=6)
    assert strong(last_day, 1, Chance.seeded("f")) == Follow()  # the last chance to use it


def test_a_follower_votes_to_help_the_speaker_and_another_voter_to_hold_them_back():
    paper = next(q for q in BANK if q.text == "Paper books or e-books?")  # most expected to say paper
    question = Question(text=paper.text, white=paper.white, black=paper.black)
    state = voting({2: [1], 3: [4], 9: [2, 3, 0]}, sun=9, question=question)
    state.follower, state.followed = 1, [1]
    helping = strong(state, 1, Chance.seeded("v"))
    holding_back = strong(state, 4, Chance.seeded("v"))
    assert isinstance(helping, Vote) and isinstance(holding_back, Vote)
    assert helping.stone != holding_back.stone


def test_a_speaker_asks_a_question_of_the_bank_that_fits_the_subject():
    state = build({5: [1, 2, 3, 4, 0]}, sun=5, players=5)
    state.subject = "Food"
    question = strong(state, 0, Chance.seeded("q"))
    assert isinstance(question, Ask)
    assert any(q.text == question.question and "Food" in q.subjects for q in BANK)
    state = play(state, 0, question).state  # accepted, and never asked twice
    state.phase, state.question, state.votes = "ask", None, {}
    again = strong(state, 0, Chance.seeded("q"))
    assert again.question != question.question


def test_the_odds_of_a_walk():
    assert walk([0.5] * 4, 5) == pytest.approx(1.0)  # 2 steps 6/16, 1 step 4/16
    assert walk([1, 1, 0, 0], 5) == pytest.approx(2.0)
    assert walk([1, 1, 1, 1], 5) == 0  # a unanimous council teaches nothing
    assert walk([1, 0, 0, 0], 5) == 0  # too few match
    assert walk([1, 1, 0, 0], 5, cap=1) == pytest.approx(1.0)
