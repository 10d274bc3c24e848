"""Shared drawing helpers: one palette, font loader and text pen for every game's picture, and the
size every board is drawn at so that a phone reads it without zooming."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from io import BytesIO
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from PIL import ImageDraw, ImageFont

if TYPE_CHECKING:  # Pillow's C module (Image.core) declares ImagingCore for type checkers only
    from PIL._imaging import ImagingCore

    Mask = tuple[ImagingCore, tuple[int, int]]  # what FreeTypeFont.getmask2 gives

K = TypeVar("K")
V = TypeVar("V")

Colour = tuple[int, int, int]  # RGB

# A phone shows a picture 360 px wide, where text reads without zooming from 11 px. Every board is
# WIDTH px wide, 5/3 of that (sharp on a phone's screen, cheap to draw and send), so no text is
# under SMALL px.
PHONE_WIDTH, PHONE_TEXT = 360, 11
WIDTH = 600
SMALL = math.ceil(PHONE_TEXT * WIDTH / PHONE_WIDTH)  # 19 px

BACKGROUND = (43, 45, 49)  # Discord's dark theme, so pictures sit well in the channel
PANEL = (54, 57, 63)
TEXT = (235, 235, 240)
MUTED = (160, 165, 175)
ACCENT = (88, 101, 242)
GOLD = (240, 190, 60)
SEAT_COLOURS = [
    (231, 76, 60),
    (52, 152, 219),
    (46, 204, 113),
    (241, 196, 15),
    (155, 89, 182),
    (230, 126, 34),
    (26, 188, 156),
    (236, 112, 180),
    (149, 165, 166),
    (52, 73, 94),
    (192, 57, 43),
    (127, 140, 141),
]


class KeptFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps each text it rendered and measured. Rendering glyphs was most of
    a board's drawing (57-67% of it), and a board draws the same names, labels and numbers picture
    after picture: a kept mask is the same pixels, drawn again at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # FreeTypeFont's own
        super().__init__(*args, **kwargs)
        self._masks: dict[tuple[Any, ...], Mask] = {}
        self._lengths: dict[tuple[Any, ...], float] = {}

    @classmethod
    def like(cls, face: ImageFont.FreeTypeFont) -> "KeptFont":
        """The same font as `face` (its bytes, size and layout), keeping what it renders."""
        return cls(BytesIO(face.font_bytes), face.size, layout_engine=face.layout_engine)

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any) -> Mask:
        if mode == "RGBA":  # a colour mask is filled in by its caller: never share one
            return super().getmask2(text, mode, *args, **kwargs)
        return _kept(
            self._masks,
            (text, mode, args, tuple(sorted(kwargs.items()))),
            lambda: super(KeptFont, self).getmask2(text, mode, *args, **kwargs),
        )

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        return _kept(
            self._lengths,
            (text, args, tuple(sorted(kwargs.items()))),
            lambda: super(KeptFont, self).getlength(text, *args, **kwargs),
        )


KEPT_TEXTS = 4096  # a font's kept masks, a few kB each: some MB at most in the picture process


def _kept(kept: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """`kept[key]`, made if missing; when full, everything kept is let go and kept anew."""
    if (value := kept.get(key)) is None:
        if len(kept) >= KEPT_TEXTS:
            kept.clear()
        value = kept[key] = make()
    return value


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font at `size` (Pillow >= 10.1 ships a scalable default), keeping what it
    rendered (KeptFont)."""
    bundled = ImageFont.load_default(size=size)
    if not isinstance(bundled, ImageFont.FreeTypeFont):  # an old Pillow's bitmap font: as it is
        return bundled
    return KeptFont.like(bundled)


_written: list[tuple[str, int]] | None = None  # set while `measured` runs


def draw_text(
    pen: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int, fill: Colour, **options: Any
) -> None:
    """Every text of every picture is drawn here: `words` at `size` px in the bundled font
    (`options`: ImageDraw.text's anchor, stroke...)."""
    pen.text(xy, words, font=font(size), fill=fill, **options)
    if _written is not None:
        _written.append((words, size))


@contextmanager
def measured() -> Iterator[list[tuple[str, int]]]:
    """Every text drawn meanwhile, with its size in px: what a phone is asked to read."""
    global _written
    _written = []
    try:
        yield _written
    finally:
        _written = None


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> float:
    """How wide `text` is drawn at `size` (measuring is costly, and the same names come back)."""
    return font(size).getlength(text)


def fit(text: str, size: int, width: float) -> str:
    """`text` cut with an ellipsis so that it fits `width` pixels at `size`."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, width: float, sep: str = " ") -> list[str]:
    """`text` broken into lines that fit `width` pixels at `size`, between the parts `sep` joins
    (each line but the last keeps the separator's non-space end: "Granary," "Mine"). A single
    part too long for a line is cut with an ellipsis."""
    kept = sep.rstrip()
    lines: list[str] = []
    for part in text.split(sep):
        if lines and text_width(lines[-1] + sep + part, size) <= width:
            lines[-1] += sep + part
        else:
            if lines:
                lines[-1] += kept
            lines.append(fit(part, size, width))
    return lines


def ink_for(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads on `colour`."""
    r, g, b = colour
    return (20, 20, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 252)
