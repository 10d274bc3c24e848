"""Pictures and text for views. Each game declares how it is shown in a `Presentation`
(bot/render/presentation.py), one module per game here; the registered games are in bot/games.py.

Rendering is synchronous and CPU-bound: the bot calls `render_picture` in a worker process (or
thread), never on the event loop (bot/render/painter.py), and caches it per table version.
"""
from __future__ import annotations

from io import BytesIO

PICTURE_FORMAT = "jpg"


def render_picture(game_key: str, view: dict) -> bytes:
    """The view drawn and encoded as a JPEG: at quality 90 without chroma subsampling the boards'
    flat colours and text stay clean, and it encodes in 1-3 ms where PNG took 6-11 ms (the files
    are 70-100 kB, about 1.5 times PNG's)."""
    from ..games import plugin  # here: the picture process registers the games on its first picture

    image = plugin(game_key).presentation.draw(view)
    buffer = BytesIO()
    image.convert("RGB").save(buffer, format="JPEG", quality=90, subsampling=0)
    return buffer.getvalue()


def render_text(game_key: str, view: dict) -> str:
    from ..games import plugin

    return plugin(game_key).presentation.text(view)
