"""Pictures and text for views: one module per game (bot/render/<pkg>.py) with

    draw(view: dict) -> PIL.Image.Image   # the public (or a seat's) view as a picture
    text(view: dict) -> str               # the same view as short Discord markdown (< 1,800 chars)
    reveal(view: dict) -> list[str]       # a seat's view: its secrets in the third person, for the
                                          # public end-of-game summary (its own text says "Your hand")

Rendering is synchronous and CPU-bound: the bot calls `render_png` in a worker thread, never on the
event loop, and caches it per table version.
"""
from __future__ import annotations

import importlib
from io import BytesIO
from types import ModuleType


def module_for(game_key: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_key.replace('-', '_')}")


def render_png(game_key: str, view: dict) -> bytes:
    image = module_for(game_key).draw(view)
    buffer = BytesIO()
    image.save(buffer, format="PNG", compress_level=1)  # half the encoding time, ~20% larger files
    return buffer.getvalue()


def render_text(game_key: str, view: dict) -> str:
    return module_for(game_key).text(view)


def reveal_lines(game_key: str, view: dict) -> list[str] | None:
    """The game's `reveal` of a seat's view, or None if its module has none."""
    reveal = getattr(module_for(game_key), "reveal", None)
    return None if reveal is None else reveal(view)
