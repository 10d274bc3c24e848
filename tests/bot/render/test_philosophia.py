"""Philosophia pictures and texts: a new game, games in progress, a debate, an auction, the end."""

from functools import partial

import pytest
from PIL import Image

from bot.render import philosophia as render
from bot.render import render_picture
from bot.render.style import WIDTH
from bot.tables.menu import open_text_fields
from engine import Chance, referee
from engine.philosophia import GAME

from .playouts import played_game

JPEG = b"\xff\xd8\xff"  # the start of every JPEG file
played = partial(played_game, GAME)


@pytest.mark.parametrize("seats, actions", [(1, 0), (2, 30), (4, 120), (6, 200), (3, None), (1, None)])
def test_public_and_private_views_render(seats, actions):
    state = played(seats, actions)
    for seat in (None, 0):
        view = GAME.view(state, seat)
        image = render.draw(view)
        assert isinstance(image, Image.Image) and image.width == WIDTH
        text = render.text(view)
        assert len(text) < 1800
        assert all(f"**{name}**" in text for name in view["names"])
        assert ("Your hand" in text) == (seat is not None)
    assert render_picture("philosophia", GAME.view(state, None)).startswith(JPEG)


def test_the_text_shows_the_year_whose_turn_and_the_end():
    start = render.text(GAME.view(GAME.setup(2, None, Chance.scripted()), None))
    assert "**323 BC** (9 steps to 146 BC)" in start and "Socrates: move" in start
    end = render.text(GAME.view(played(3, None), None))
    assert "🏁" in end


def test_a_debate_and_an_auction_are_shown_without_secrets():
    state = GAME.setup(2, GAME.Options(characters=["Plato", "Homer"]), Chance.scripted())
    state = referee.play(GAME, state, 0, {"kind": "move", "to": "debate"}, Chance.scripted()).state
    state = referee.play(GAME, state, 0, {"kind": "challenge", "target": 1}, Chance.scripted()).state
    state = referee.play(GAME, state, 0, {"kind": "argue", "card": "Modus Ponens"}, Chance.scripted()).state
    text = render.text(GAME.view(state, None))
    assert "**Plato** vs **Homer**" in text and "*Modus Ponens*" in text
    assert "Ad Hominem" not in text  # Homer's hand stays hidden
    render.draw(GAME.view(state, 1))
    answer = next(a for a in GAME.legal_actions(state, 1) if a.kind == "argue" and a.card == "Modus Ponens")
    assert render.label(GAME.view(state, 1), answer) == "Modus Ponens: ties against Modus Ponens"

    state = GAME.setup(2, GAME.Options(characters=["Plato", "Homer"]), Chance.scripted())
    state = referee.play(GAME, state, 0, {"kind": "move", "to": "athena"}, Chance.scripted()).state
    state = referee.play(GAME, state, 0, {"kind": "offering"}, Chance.scripted()).state
    state = referee.play(GAME, state, 1, {"kind": "bid", "amount": 3}, Chance.scripted()).state
    text = render.text(GAME.view(state, None))
    assert "Request of Apollo" in text and "offerings made: 1" in text and " 3" not in text.split("offerings")[1][:12]


def test_the_true_philosopher_variant_hides_the_hints():
    state = GAME.setup(2, GAME.Options(characters=["Plato", "Homer"], true_philosopher=True), Chance.scripted())
    state = referee.play(GAME, state, 0, {"kind": "move", "to": "debate"}, Chance.scripted()).state
    state = referee.play(GAME, state, 0, {"kind": "challenge", "target": 1}, Chance.scripted()).state
    view = GAME.view(state, 0)
    for action in GAME.legal_actions(state, 0):
        assert render.label(view, action) is None  # the engine's plain label


def test_only_text_a_player_must_write_opens_a_form():
    from engine.philosophia.actions import Argue, PlayOracle

    assert open_text_fields(Argue(card="Modus Ponens", example="")) == ["example"]  # True Philosopher: an example
    assert open_text_fields(PlayOracle(card="Gift of Apollo")) == []  # its target's name is empty: nobody
