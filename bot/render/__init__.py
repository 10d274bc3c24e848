"""Pictures and text for views. Each game declares how it is shown in a `Presentation`
(bot/render/presentation.py), one module per game here; the registered games are in bot/games.py.

Rendering is synchronous and CPU-bound: the bot calls `render_picture` in a worker process (or
thread), never on the event loop (bot/render/painter.py), and caches it per table version.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.render.presentation import ViewData

PICTURE_FORMAT = "jpg"


def render_picture(game_key: str, view: ViewData) -> bytes:
    """The view drawn and encoded as a JPEG at quality 90, several times faster to encode than PNG.
    Its colour is kept at half resolution (4:2:0), as photographs' is: the boards' text is light on
    dark, all in brightness, which stays whole, so the pictures look the same, smaller and sooner."""
    from bot.games import plugin  # here: the picture process registers the games on its first picture

    image = plugin(game_key).presentation.draw(view)
    buffer = BytesIO()
    (image if image.mode == "RGB" else image.convert("RGB")).save(buffer, format="JPEG", quality=90, subsampling=2)
    return buffer.getvalue()


def render_text(game_key: str, view: ViewData) -> str:
    from bot.games import plugin

    return plugin(game_key).presentation.text(view)
