"""Pictures and text for views: one module per game (bot/render/<pkg>.py) with

    draw(view: dict) -> PIL.Image.Image   # the public (or a seat's) view as a picture
    text(view: dict) -> str               # the same view as short Discord markdown (< 1,800 chars)
    reveal(view: dict) -> list[str]       # a seat's view: its secrets in the third person, for the
                                          # public end-of-game summary (its own text says "Your hand")

Rendering is synchronous and CPU-bound: the bot calls `render_picture` in a worker process (or
thread), never on the event loop (bot/render/painter.py), and caches it per table version.
"""
from __future__ import annotations

import importlib
from io import BytesIO
from types import ModuleType


def module_for(game_key: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_key.replace('-', '_')}")


PICTURE_FORMAT = "jpg"


def render_picture(game_key: str, view: dict) -> bytes:
    """The view drawn and encoded as a JPEG: at quality 90 without chroma subsampling the boards'
    flat colours and text stay clean, and it encodes in 1-3 ms where PNG took 6-11 ms (the files
    are 70-100 kB, about 1.5 times PNG's)."""
    image = module_for(game_key).draw(view)
    buffer = BytesIO()
    image.convert("RGB").save(buffer, format="JPEG", quality=90, subsampling=0)
    return buffer.getvalue()


def render_text(game_key: str, view: dict) -> str:
    return module_for(game_key).text(view)


def reveal_lines(game_key: str, view: dict) -> list[str] | None:
    """The game's `reveal` of a seat's view, or None if its module has none."""
    reveal = getattr(module_for(game_key), "reveal", None)
    return None if reveal is None else reveal(view)
