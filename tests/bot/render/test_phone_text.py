"""Boards on a phone. A phone shows a picture 360 px wide, and text under 11 px there cannot be read
without zooming. For every game, at positions of random playouts (the public view and a seat's),
every text its board draws must be at least that tall once the picture is shown at a phone's width.
What left the pictures for that is in the text: each game's own test_<game>_phone.py checks it."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from PIL import ImageDraw

from bot.games import plugin
from bot.render import style
from tests.bot.render.playouts import played_game
from tests.registry import GAMES, games_with

MOVES = (0, 6, 25, 70, None)  # stand-in moves into a game (None: to its end)


def views(key: str) -> Iterator[dict]:
    game = GAMES[key]
    for seats in sorted({game.min_seats, (game.min_seats + game.max_seats) // 2, game.max_seats}):
        for number, moves in enumerate(MOVES):
            state = played_game(game, seats, moves, seed=f"phone:{key}:{seats}:{number}")
            for seat in (None, 0):
                yield game.view(state, seat)


def drawn_anew() -> None:
    """Forget the parts of pictures drawn once (tiles, backdrops), so that their text is drawn and
    measured again; the fonts stay."""
    for name, module in list(sys.modules.items()):
        if name.startswith("bot.render.") and name != "bot.render.style":
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()


def read_on_a_phone(key: str, shown: Iterator[dict], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of the game's board in each of these views reads on a phone."""
    pillow: list[str] = []  # every text Pillow is asked to draw, whoever asks
    real = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        pillow.append(words)
        return real(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for view in shown:
        drawn_anew()
        pillow.clear()
        with style.measured() as written:
            image = plugin(key).presentation.draw(view)
        assert written, "a board with no text"
        assert [words for words, _ in written] == pillow, "a text drawn past style.draw_text"
        words, size = min(written, key=lambda found: found[1])
        on_a_phone = size * style.PHONE_WIDTH / image.width
        assert on_a_phone >= style.PHONE_TEXT, (
            f"{words!r}: {size} px on {image.width} px, {on_a_phone:.1f} px on a phone"
        )
        assert image.height <= 2.2 * image.width, "taller than a phone's screen and a half"
        assert len(plugin(key).presentation.text(view)) <= 1800  # the text that now says more stays short


@pytest.mark.parametrize("key", games_with(toy=False))
def test_every_text_of_every_board_reads_on_a_phone(key, monkeypatch):
    read_on_a_phone(key, views(key), monkeypatch)


def test_the_smallest_text_is_what_a_phone_reads():
    assert style.SMALL * style.PHONE_WIDTH / style.WIDTH >= style.PHONE_TEXT
    assert (style.SMALL - 1) * style.PHONE_WIDTH / style.WIDTH < style.PHONE_TEXT
