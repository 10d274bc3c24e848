"""Epireia's picture and text: every phase renders, the text stays short, secrets stay out of
the public text."""

from functools import partial

import pytest
from PIL import Image

from bot.render import epireia as render
from bot.render import render_picture
from bot.render.style import WIDTH
from engine import Chance, referee
from engine.epireia import GAME

from .playouts import played_game

JPEG = b"\xff\xd8\xff"  # the start of every JPEG file
played = partial(played_game, GAME)


def until(seats: int, phase: str, seed: str = "render"):
    chance = Chance.seeded(seed)
    state = GAME.setup(seats, None, chance)
    while state.phase != phase:
        seat = min(GAME.to_move(state))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    return state


@pytest.mark.parametrize("seats, actions", [(1, 0), (2, 0), (2, 30), (3, 60), (4, 120), (1, None), (4, None)])
def test_public_and_private_views_render(seats, actions):
    state = played(seats, actions)
    for seat in (None, 0):
        view = GAME.view(state, seat)
        image = render.draw(view)
        assert isinstance(image, Image.Image) and image.width == WIDTH and image.height >= 560
        text = render.text(view)
        assert 0 < len(text) <= 1800 and text.startswith("**Epireia**")
        assert ("(secret)" in text) == (seat is not None and bool(view["league_tokens"]))
    assert render_picture("epireia", GAME.view(state, None)).startswith(JPEG)


def test_the_battlefield_is_drawn_in_battle():
    state = until(2, "battle")
    view = GAME.view(state, None)
    assert view["battle"] is not None
    assert render.draw(view).height > render.draw(GAME.view(played(2, 0), None)).height
    end = played(2, None)
    text = render.text(GAME.view(end, None))
    assert "⚔️ Flank" in text and "🏆" in text


def test_public_text_has_no_token_strength():
    state = played(3, 80)
    assert "secret" not in render.text(GAME.view(state, None))
    assert "strength" not in str(GAME.view(state, None)["players"])


def test_donations_are_grouped_by_resource_and_moves_by_figure():
    from engine.epireia.actions import Donate, EndDevelopment, Move

    assert render.group({}, Donate(resource="wheat", amount=3)) == "Donate 🌾 Wheat"
    assert render.group({}, Move(figure="Pericles", to="Persia")) == "Send Pericles"
    assert render.group({}, EndDevelopment()) is None
