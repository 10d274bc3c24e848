"""Ostrakon set-up by player count, the scoring threshold table and the subject deck."""

from collections import Counter

import pytest

from engine import Chance, IllegalAction, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import FREE_SUBJECT, PHILOSOPHERS, SUBJECTS
from engine.ostrakon.rules import Options, Pile, State


def play(state, seat, action, chance=None):
    return referee.play(GAME, state, seat, action, chance or Chance.scripted())


def ask(state, text="Tea or coffee?"):
    return play(
        state, GAME.view(state, None)["speaker"], {"kind": "ask", "question": text, "white": "Tea", "black": "Coffee"}
    )


# --- Set-up by player count ----------------------------------------------------------------------

# players: (start space, days = moons left uncovered on the Calendar)
SETUP_TABLE = {5: (5, 6), 6: (5, 6), 7: (2, 5), 8: (2, 5), 9: (1, 4), 10: (1, 4), 11: (2, 3), 12: (2, 3)}


@pytest.mark.parametrize("players", sorted(SETUP_TABLE))
def test_everyone_starts_in_one_pile_on_the_start_space_for_the_player_count(players):
    start, days = SETUP_TABLE[players]
    shown = GAME.view(GAME.setup(players, None, Chance.seeded(f"setup-{players}")), None)
    assert len(shown["piles"]) == 1
    assert shown["piles"][0]["space"] == start and sorted(shown["piles"][0]["seats"]) == list(range(players))
    assert shown["positions"] == [start] * players
    assert (shown["sun"], shown["day"], shown["days"], shown["rule"]) == (start, 1, days, "regular")
    assert shown["under_sun"] == [] and shown["followed"] == [] and shown["phase"] == "ask"
    assert shown["names"] == list(PHILOSOPHERS[:players])


def test_the_pile_is_shuffled_and_its_top_philosopher_speaks_first():
    orders = {tuple(GAME.setup(8, None, Chance.seeded(str(seed))).piles[0].seats) for seed in range(12)}
    assert len(orders) > 1
    state = GAME.setup(8, None, Chance.seeded("top"))
    assert GAME.to_move(state) == frozenset({state.piles[0].seats[-1]})
    assert GAME.view(state, None)["speaker"] == state.piles[0].seats[-1]


def test_a_scripted_set_up_keeps_seat_0_on_top_and_seat_1_next():
    state = GAME.setup(6, None, Chance.scripted())
    assert state.piles[0].seats == [5, 4, 3, 2, 1, 0]


@pytest.mark.parametrize("players", [1, 4, 13])
def test_ostrakon_refuses_fewer_than_five_or_more_than_twelve_players(players):
    with pytest.raises(IllegalAction, match="5 to 12"):
        GAME.setup(players, None, Chance.scripted())


def test_the_twelve_philosophers_have_different_initials():
    assert len(PHILOSOPHERS) == 12 and len({name[0] for name in PHILOSOPHERS}) == 12
    assert PHILOSOPHERS[:4] == ("Doreminos", "Nausicaa", "Calippos", "Malia")


# --- The scoring threshold: at least half of the others, and not all of them ----------------------

NEEDED = {5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 5, 11: 5, 12: 6}  # matching others needed (rules-gaps table)


def turn_with_matching(players: int, matching: int) -> State:
    """The speaker (seat 0, alone on space 2) votes black; `matching` others vote black too."""
    state = State(
        options=Options(),
        names=list(PHILOSOPHERS[:players]),
        days=3,
        sun=2,
        piles=[Pile(space=2, seats=list(range(players - 1, 0, -1)) + [0])],
        deck=["Food"],
        subject="Sport",
        next_subject="Money",
    )
    state = ask(state).state
    for seat in range(players):
        stone = "black" if seat == 0 or seat <= matching else "white"
        state = play(state, seat, {"kind": "vote", "stone": stone}).state
    return state


@pytest.mark.parametrize("players", sorted(NEEDED))
def test_the_speaker_needs_at_least_half_of_the_others_and_advances_one_per_dissenter(players):
    others = players - 1
    for matching in range(others + 1):
        state = turn_with_matching(players, matching)
        scores = NEEDED[players] <= matching < others
        where = GAME.view(state, None)["positions"][0]
        if scores:
            assert where == 2 + (others - matching) and state.under_sun == [], (players, matching)
        else:
            assert where == 2 and state.under_sun == [0], (players, matching)


# --- Subjects ------------------------------------------------------------------------------------


def test_about_one_subject_in_ten_is_free_and_the_rulebook_examples_open_the_list():
    free = Counter(SUBJECTS)[FREE_SUBJECT]
    assert 0.07 <= free / len(SUBJECTS) <= 0.15
    assert SUBJECTS[:4] == ("Sport", FREE_SUBJECT, "The sea", "Money")


def test_each_turn_the_next_subject_becomes_current_and_a_new_one_is_drawn():
    state = GAME.setup(5, None, Chance.scripted())
    seen = [(state.subject, state.next_subject)]
    for turn in range(3):
        state = ask(state, f"Question {turn}?").state
        for seat in range(5):
            state = play(state, seat, {"kind": "vote", "stone": "white"}).state
        seen.append((state.subject, state.next_subject))
    assert seen == [("Sport", FREE_SUBJECT), (FREE_SUBJECT, "The sea"), ("The sea", "Money"), ("Money", "Food")]


def test_when_the_subject_deck_runs_out_the_discards_are_shuffled_into_a_new_deck():
    state = GAME.setup(5, None, Chance.scripted())
    state = state.model_copy(
        update={"deck": [], "discard": ["Love", "Work"], "subject": "Sport", "next_subject": "Money"}
    )
    state = ask(state).state
    for seat in range(5):
        state = play(state, seat, {"kind": "vote", "stone": "white"}).state
    assert (state.subject, state.next_subject) == ("Money", "Love")
    assert state.deck == ["Work", "Sport"] and state.discard == []


def test_a_table_may_add_its_own_subjects_to_the_deck():
    options = Options(extra_subjects=["Our cat", "Pizza toppings"])
    state = GAME.setup(5, options, Chance.scripted())
    assert Counter(state.deck + [state.subject, state.next_subject]) == Counter(
        SUBJECTS + ("Our cat", "Pizza toppings")
    )


def test_after_each_turn_the_dealer_announces_the_subjects_and_the_speakers():
    state = ask(GAME.setup(8, None, Chance.scripted()), "Basketball or baseball?").state
    for seat in range(8):
        step = play(state, seat, {"kind": "vote", "stone": "black" if seat in (0, 2, 3, 4, 5) else "white"})
        state = step.state
    assert step.events[-1].to is None
    assert step.events[-1].text == "🗣️ A free subject: **Nausicaa** asks. Next: **The sea**, **Calippos**."


def last_words(state: State, black: set[int]):
    """A whole turn; returns the state after it and its public texts."""
    state = ask(state, f"Question number {len(state.asked) + 1}?").state
    for seat in range(len(state.names)):
        step = play(state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"})
        state = step.state
    return state, [event.text for event in step.events]


def test_when_the_next_speaker_is_not_known_yet_the_dealer_says_so():
    position = State(
        options=Options(),
        names=list(PHILOSOPHERS[:5]),
        days=6,
        sun=5,
        piles=[Pile(space=5, seats=[1, 0]), Pile(space=9, seats=[4, 3, 2])],
        deck=["Food", "Love"],
        subject="Sport",
        next_subject="Money",
    )
    state, texts = last_words(position, {0})  # Doreminos goes under the Sun; Nausicaa is the last today
    assert texts[-1] == "🗣️ **Money**: **Nausicaa** asks. Next: **Food**, whoever leads on day 2."
    state, texts = last_words(state, set())  # a unanimous council: the day ends, the pile on 9 leads
    assert "🌙 Day 2 of 6 begins." in texts
    assert texts[-1] == "🗣️ **Food**: **Calippos** asks. Next: **Love**, **Malia**."


def test_the_last_turn_of_the_game_announces_nothing_more():
    position = State(
        options=Options(),
        names=list(PHILOSOPHERS[:5]),
        days=6,
        day=6,
        sun=9,
        piles=[Pile(space=9, seats=[1]), Pile(space=12, seats=[0, 2, 3, 4])],
        deck=["Food"],
        subject="Sport",
        next_subject="Money",
    )
    state, texts = last_words(position, set())
    assert GAME.outcome(state) is not None and not any(text.startswith("🗣️") for text in texts)
