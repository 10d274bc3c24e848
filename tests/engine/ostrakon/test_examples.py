"""The two worked examples of the Ostrakon rulebook, reproduced exactly through the referee."""

import pytest

from engine import Chance, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

SEAT = {name: seat for seat, name in enumerate(PHILOSOPHERS)}
DOREMINOS, NAUSICAA, CALIPPOS, MALIA = (SEAT[n] for n in ("Doreminos", "Nausicaa", "Calippos", "Malia"))
BASKETBALL = {
    "kind": "ask",
    "question": "What do you like best, basketball or baseball?",
    "white": "Baseball",
    "black": "Basketball",
}


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def vote_all(state, black: set[int]):
    """Every seat votes, in seat order: black for the seats in `black`, white for the others."""
    events = []
    for seat in range(len(state.names)):
        step = play(state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"})
        state, events = step.state, events + list(step.events)
    return state, events


# --- (a) The "sport" question of Doreminos (8 players) -------------------------------------------


@pytest.fixture
def council():
    return GAME.setup(8, None, Chance.scripted())


def test_the_dealer_announces_sport_for_doreminos_then_a_free_subject_for_nausicaa(council):
    shown = GAME.view(council, None)
    assert shown["subject"] == "Sport" and shown["speaker"] == DOREMINOS
    assert shown["next_subject"] == "???" and shown["next_speaker"] == NAUSICAA
    assert GAME.to_move(council) == frozenset({DOREMINOS})


def test_doreminos_and_four_others_vote_black_three_white_he_advances_three(council):
    asked = play(council, DOREMINOS, BASKETBALL).state
    assert asked.phase == "vote" and GAME.to_move(asked) == frozenset(range(8))
    four_others = {CALIPPOS, MALIA, 4, 5}
    state, events = vote_all(asked, {DOREMINOS} | four_others)
    assert GAME.view(state, None)["positions"][DOREMINOS] == 2 + 3
    assert state.last.advanced == 3
    assert sorted(s for s, v in state.last.votes.items() if v == "white") == [NAUSICAA, 6, 7]
    assert any("forward 3 spaces" in e.text for e in events)
    # The Sun stays on space 2 and shines on Nausicaa, who asks next with the free subject.
    assert state.sun == 2 and GAME.view(state, None)["speaker"] == NAUSICAA
    assert (state.subject, state.phase) == ("???", "ask")


@pytest.mark.parametrize(
    "black_others",
    [
        {1, 2, 3, 4, 5, 6, 7},  # all seven others agree: unanimity scores nothing
        {2, 3, 4},  # only three of seven match: fewer than four
        set(),
    ],
)
def test_seven_black_others_or_fewer_than_four_send_him_under_the_sun(council, black_others):
    asked = play(council, DOREMINOS, BASKETBALL).state
    state, events = vote_all(asked, {DOREMINOS} | black_others)
    shown = GAME.view(state, None)
    assert shown["under_sun"] == [DOREMINOS] and shown["positions"][DOREMINOS] == 2
    assert state.last.advanced == 0
    assert any("goes under the Sun" in e.text for e in events)
    assert shown["sun"] == 2 and shown["speaker"] == NAUSICAA


# --- (b) The end of the day after Calippos advances ----------------------------------------------


def test_calippos_advances_three_the_day_ends_and_the_sun_shines_on_malia():
    """Sun on 6 with Calippos alone; Doreminos and Nausicaa under the Sun; Malia leads on 10;
    nobody behind space 6. 8 players, day 2 of 5 (four moons still uncovered)."""
    names = list(PHILOSOPHERS[:8])
    state = State(
        options=Options(),
        names=names,
        days=5,
        day=2,
        sun=6,
        piles=[
            Pile(space=6, seats=[CALIPPOS]),
            Pile(space=7, seats=[6, 7]),
            Pile(space=8, seats=[4]),
            Pile(space=10, seats=[5, MALIA]),
        ],
        under_sun=[DOREMINOS, NAUSICAA],
        deck=["Food", "Love"],
        subject="Sport",
        next_subject="Money",
    )
    state = play(state, CALIPPOS, BASKETBALL).state
    # Calippos and four others agree, three do not: he advances three spaces, from 6 to 9.
    state, events = vote_all(state, {CALIPPOS, 4, 5, 6, 7})
    shown = GAME.view(state, None)
    assert shown["positions"][CALIPPOS] == 9
    # The philosophers under the Sun go back to space 6, in the same order (bottom to top).
    assert {"space": 6, "seats": [DOREMINOS, NAUSICAA]} in shown["piles"]
    assert shown["under_sun"] == []
    # The Sun finds nobody behind 6: the day is over. 1) The Sun shines on Malia's leading pile,
    assert shown["sun"] == 10 and shown["speaker"] == MALIA
    # 2) the Moon covers one more moon (day 3 of 5: three moons left), 3) the Rule is Corruption.
    assert (shown["day"], shown["days"]) == (3, 5)
    assert shown["rule"] == "corruption"
    assert any("Day 3 of 5" in e.text and "Corruption" in e.text for e in events)
