"""The drawing helpers shared by every game's picture: a kept font draws exactly what Pillow's
font draws, renders each text once, and keeps a bounded number of them."""

from __future__ import annotations

import sys

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.games import plugin
from bot.render import style
from tests.bot.render.playouts import played_game
from tests.registry import GAMES, every_game

TEXTS = ["Heraclitus", "coins 0  debates 0", "12", "Labyrinth 1/3", "Ω ✓ …"]


def drawn(face, texts, places) -> bytes:
    image = Image.new("RGB", (420, 260), style.BACKGROUND)
    canvas = ImageDraw.Draw(image)
    for n, (text, (x, y)) in enumerate(zip(texts, places)):
        canvas.text((x, y), text, fill=style.SEAT_COLOURS[n], font=face, anchor=("la", "mm", "rs")[n % 3])
    return image.tobytes()


def test_a_kept_font_draws_what_pillows_font_draws_the_first_time_and_every_time():
    plain = ImageFont.load_default(size=19)
    kept = style.KeptFont.like(plain)
    places = [(10, 20), (200.5, 60.25), (400, 100), (30.75, 150), (210, 220)]
    expected = drawn(plain, TEXTS, places)
    assert drawn(kept, TEXTS, places) == expected
    assert drawn(kept, TEXTS, places) == expected  # now from what it kept
    assert [kept.getlength(text) for text in TEXTS] == [plain.getlength(text) for text in TEXTS]


def test_a_text_drawn_again_is_not_rendered_again(monkeypatch):
    rendered = []
    real = ImageFont.FreeTypeFont.getmask2
    monkeypatch.setattr(
        ImageFont.FreeTypeFont,
        "getmask2",
        lambda self, text, *args, **kwargs: rendered.append(text) or real(self, text, *args, **kwargs),
    )
    face = style.KeptFont.like(ImageFont.load_default(size=23))
    places = [(10, 20)] * len(TEXTS)
    drawn(face, TEXTS, places)
    drawn(face, TEXTS, places)
    assert rendered == TEXTS
    drawn(face, TEXTS, [(11, 20)] + places[1:])  # somewhere else: the same mask, at another place
    assert rendered == TEXTS
    drawn(face, TEXTS, [(11.5, 20)] + places[1:])  # half a pixel over: FreeType renders it anew
    assert rendered == TEXTS + TEXTS[:1]


def test_a_kept_font_keeps_a_bounded_number_of_texts(monkeypatch):
    monkeypatch.setattr(style, "KEPT_TEXTS", 3)
    face = style.KeptFont.like(ImageFont.load_default(size=11))
    for n in range(10):
        face.getmask2(f"text {n}", "L")
        face.getlength(f"text {n}")
        assert len(face._masks) <= 3 and len(face._lengths) <= 3


@pytest.mark.parametrize("key", every_game())
def test_every_picture_is_the_same_pixels_with_kept_fonts(key, monkeypatch):
    game = GAMES[key]
    views = [game.view(played_game(game, game.min_seats, moves), None) for moves in (0, 15)]
    kept = [plugin(key).presentation.draw(view).tobytes() for view in views * 2]  # twice: the second from kept masks
    plain_font = lambda size: ImageFont.load_default(size=size)  # noqa: E731
    kept_font = style.font
    for module in list(sys.modules.values()):  # style itself, every game's drawing module, a toy's too
        if getattr(module, "font", None) is kept_font:
            monkeypatch.setattr(module, "font", plain_font)
    monkeypatch.setattr(style, "text_width", lambda text, size: plain_font(size).getlength(text))
    plain = [plugin(key).presentation.draw(view).tobytes() for view in views]
    assert kept == plain * 2
