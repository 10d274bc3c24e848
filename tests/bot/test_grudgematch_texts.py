"""Philosophy Grudgematch's end as players read it: the summary's winner line is two sentences, the
second one capitalised, and the reason does not name the winning team again (the board neither)."""

import pytest

from bot.ratings.summary import outcome_line
from bot.render.grudgematch_text import doing
from engine.grudgematch import GAME
from tests.engine.grudgematch.test_end import end_of_kicking, scored
from tests.engine.grudgematch.test_helpers import G, play

TABLE = type("Table", (), {"seats": [100, 101]})()


def ended(score, **fields):
    state = end_of_kicking(deck=["4H"], score=score, **fields)
    return play(state, G, {"kind": "stop_kicking"}).state


def limit(score):
    state = end_of_kicking(score=score)
    state.turn = state.options.turn_limit
    return play(state, G, {"kind": "stop_kicking"}).state


@pytest.mark.parametrize(
    "state, reason",
    [
        (lambda: ended([0, 1]), "The deck ran out at 1–0"),
        (
            lambda: ended([1, 1], sudden_death=True, discard=["5H"]),
            "The deck ran out a second time with the score tied 1–1",
        ),
        (lambda: limit([0, 2]), "The turn limit was reached at 2–0"),
        (lambda: scored(score=[1, 1], sudden_death=True).state, "A golden goal in sudden death"),
    ],
    ids=["deck", "second-deck", "turn-limit", "golden-goal"],
)
def test_the_winner_line_reads_as_two_sentences_naming_the_winner_once(state, reason):
    state = state()
    outcome = GAME.outcome(state)
    line = outcome_line(GAME, TABLE, state, outcome, 30)
    (winner,) = outcome.winners
    team = "Germans" if winner == G else "French"
    assert line == f"🏆 Winner: <@{TABLE.seats[winner]}> (the {team}). {reason} (30 moves)."
    board = doing(GAME.view(state, None))
    assert board.count(team) == 1 and reason[1:] in board, board


def test_a_draw_at_the_turn_limit_says_so():
    state = limit([1, 1])
    assert GAME.outcome(state).winners == ()
    assert outcome_line(GAME, TABLE, state, GAME.outcome(state), 9) == (
        "🏁 No player wins: the turn limit was reached at 1–1 (9 moves)."
    )
