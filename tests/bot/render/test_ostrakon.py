"""Ostrakon's picture and text: sizes, limits, and no secret stone in anything public."""

import pytest
from PIL import Image

from bot.render import ostrakon as render
from bot.render import render_picture, render_text
from bot.render.style import WIDTH
from bot.tables.menu import open_text_fields
from engine import Chance, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

JPEG = b"\xff\xd8\xff"  # the start of every JPEG file

QUESTION = {
    "kind": "ask",
    "question": "What do you like best, basketball or baseball?",
    "white": "Baseball",
    "black": "Basketball",
}


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted()).state


def build(players, piles, sun, **fields) -> State:
    return State(
        options=Options(),
        names=list(PHILOSOPHERS[:players]),
        days=fields.pop("days", 5),
        sun=sun,
        piles=[Pile(space=space, seats=seats) for space, seats in sorted(piles.items())],
        deck=["Food", "Love"],
        subject="Sport",
        next_subject="???",
        **fields,
    )


def voting(stones: list[str], question=QUESTION, players=8) -> State:
    """Seat 0 asked; the first len(stones) seats have voted these stones."""
    state = play(GAME.setup(players, None, Chance.scripted()), 0, question)
    for seat, stone in enumerate(stones):
        state = play(state, seat, {"kind": "vote", "stone": stone})
    return state


def all_voted(state: State, black: set[int]) -> State:
    for seat in range(len(state.names)):
        state = play(state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"})
    return state


def positions() -> dict[str, State]:
    corruption = build(
        8, {2: [6], 3: [7, 4], 6: [2], 9: [0], 10: [5, 3]}, sun=6, under_sun=[1], day=3, rule="corruption", followed=[7]
    )
    corruption = play(play(corruption, 2, QUESTION), 4, {"kind": "follow"})
    treachery = all_voted(
        play(
            build(10, {1: [9, 8], 4: [7, 6, 5], 8: [4, 3], 14: [2, 1, 0]}, sun=8, day=2, days=4, rule="treachery"),
            3,
            QUESTION,
        ),
        {1, 2, 4, 5},
    )
    oracle = all_voted(
        play(build(7, {2: [6, 5], 5: [4, 3], 6: [2, 1, 0]}, sun=6, day=2, rule="oracle"), 0, QUESTION), {1, 3, 5}
    )
    oracle = play(oracle, 0, {"kind": "consult", "seats": [1, 2]})
    over = all_voted(
        play(build(8, {2: [0], 7: [1, 2, 3], 11: [4, 5]}, sun=2, day=5, under_sun=[6, 7]), 0, QUESTION), {0, 1, 2, 3, 4}
    )
    temple = all_voted(play(build(6, {2: [1, 2, 3, 4, 5], 16: [0]}, sun=16), 0, QUESTION), {0, 1, 2, 3})
    return {
        "lobby-fresh-5": GAME.setup(5, None, Chance.seeded("fresh")),
        "lobby-fresh-12": GAME.setup(12, None, Chance.seeded("fresh")),
        "mid-vote": voting(["black", "white", "black"]),
        "special-corruption": corruption,
        "special-treachery": treachery,
        "special-oracle": oracle,
        "over-calendar": over,
        "over-temple": temple,
    }


POSITIONS = positions()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_position_draws_a_phone_sized_picture_and_short_text(name):
    state = POSITIONS[name]
    for seat in (None, 0, len(state.names) - 1):
        view = GAME.view(state, seat)
        image = render.draw(view)
        assert (
            isinstance(image, Image.Image)
            and image.width == WIDTH
            and image.height <= 2 * WIDTH
            and image.mode == "RGB"
        )
        words = render.text(view)
        assert 0 < len(words) < 1800
        assert ("Your vote" in words) == (seat is not None and view.get("my_vote") is not None)


def test_the_entry_points_give_a_png_and_the_text():
    view = GAME.view(POSITIONS["mid-vote"], None)
    assert render_picture("ostrakon", view).startswith(JPEG)
    assert render_text("ostrakon", view) == render.text(view)


def test_the_public_picture_and_text_never_show_a_secret_vote():
    one, other = voting(["black", "white", "black"]), voting(["white", "black", "white"])
    public_one, public_other = GAME.view(one, None), GAME.view(other, None)
    assert render.text(public_one) == render.text(public_other)
    assert render.draw(public_one).tobytes() == render.draw(public_other).tobytes()
    assert "3/8 voted" in render.text(public_one) and "Your vote" not in render.text(public_one)


def test_a_seat_sees_its_own_vote_in_text_and_picture():
    state = voting(["black", "white", "black"])
    mine = render.text(GAME.view(state, 1))
    assert "🫵 Your vote: ⚪ Baseball" in mine
    assert render.draw(GAME.view(state, 1)).tobytes() != render.draw(GAME.view(state, None)).tobytes()
    assert "You have not voted yet" in render.text(GAME.view(state, 5))


def test_the_text_tells_the_day_the_rule_the_subjects_and_the_speakers():
    words = render.text(GAME.view(POSITIONS["special-corruption"], None))
    assert "Day 3 of 5" in words and "🌕🌕🌕🌑🌑" in words
    assert "**Corruption** (the speaker corrupts 2)" in words
    assert "Now: **Sport** — **Calippos** asks" in words and "Next: free subject — Archelaos" in words
    assert "Under the Sun on space 6 (bottom → top): Nausicaa" in words
    assert "`10` (C) **Malia**, Berenike" in words and "**Archelaos** follows" in words


def test_the_text_shows_stones_once_everyone_may_see_them():
    assert "The stones: Doreminos ⚪ · Nausicaa ⚫" in render.text(GAME.view(POSITIONS["special-treachery"], None))
    oracle = render.text(GAME.view(POSITIONS["special-oracle"], None))
    assert "The Oracle shows: Nausicaa ⚫ · Calippos ⚪" in oracle and "Doreminos ⚪" not in oracle


def test_the_end_names_the_winner():
    assert "🏆 **Berenike** stands closest to the Temple" in render.text(GAME.view(POSITIONS["over-calendar"], None))
    temple = render.text(GAME.view(POSITIONS["over-temple"], None))
    assert "Outstanding Victory" in temple and "`17` 🏛️ **Doreminos**" in temple


def test_long_or_tricky_questions_stay_short_and_cannot_format_or_mention():
    tricky = {"kind": "ask", "question": "**Bold** @everyone " + "why? " * 56, "white": "_a_" * 26, "black": "`b`" * 26}
    state = voting(["black"] * 7, question=tricky, players=12)
    for seat in (None, 0):
        words = render.text(GAME.view(state, seat))
        assert len(words) < 1800
        assert "\\*\\*Bold\\*\\*" in words and "@everyone" not in words and "@\u200beveryone" in words
        assert render.draw(GAME.view(state, seat)).width == WIDTH


def test_buttons_read_in_the_tables_words():
    state = voting(["black"])
    view = GAME.view(state, 1)
    labels = [render.label(view, action) for action in GAME.legal_actions(state, 1)]
    assert labels == ["⚪ Baseball", "⚫ Basketball"]
    corruption = POSITIONS["special-corruption"]
    speaker_moves = GAME.legal_actions(all_voted(corruption, {2}), 2)
    corrupt_view = GAME.view(all_voted(corruption, {2}), 2)
    assert render.label(corrupt_view, speaker_moves[0]) == "Corrupt Doreminos + Nausicaa"
    oracle = GAME.view(POSITIONS["special-oracle"], 0)
    decide = GAME.legal_actions(POSITIONS["special-oracle"], 0)
    assert [render.label(oracle, action) for action in decide] == ["Keep ⚪ Baseball", "Turn it to ⚫ Basketball"]
    follower = GAME.view(play(POSITIONS["special-corruption"], 6, {"kind": "vote", "stone": "white"}), 5)
    assert render.label(follower, GAME.actions.validate_python({"kind": "follow"})) == "🫒 Follow Calippos"
    fresh = POSITIONS["lobby-fresh-5"]
    speaker = GAME.view(fresh, None)["speaker"]
    assert render.label(GAME.view(fresh, speaker), GAME.legal_actions(fresh, speaker)[0]) is None  # the engine's


def test_the_question_is_text_the_speaker_must_write():
    from engine.ostrakon.actions import Ask

    assert open_text_fields(Ask.model_construct(question="", white="", black="")) == ["question", "white", "black"]
