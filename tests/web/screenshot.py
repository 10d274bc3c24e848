"""The README's picture of a table's web page: `python -m tests.web.screenshot [PATH]` (default
docs/web-page.jpg). A running table of three at the registry's last game, 12 moves in, with a day's
pace, served by the web server and photographed in headless chromium at a phone's width
(tests/e2e/browser.py finds it; an emoji font, Debian's fonts-noto-color-emoji, shows the log's marks)."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.clock.scheduler import Clock
from bot.store.sqlite import Store
from bot.tables.service import TableService
from tests.e2e.browser import headless_page
from tests.registry import every_game

from .helpers import LINKS, played, serving

CLIP = {"x": 0, "y": 0, "width": 390, "height": 1500}  # a phone's width; the board, its text and the seats
DEFAULT = Path(__file__).resolve().parents[2] / "docs" / "web-page.jpg"


async def photograph(path: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "screenshot.sqlite3")
        try:
            service = TableService(store)
            table = await played(service, every_game()[-1], 12, seed="screenshot", seats=3)
            await Clock(service, notices=None).configure(table.id, pace=86_400.0)  # type: ignore[arg-type]  # none falls due
            async with serving(service) as client, headless_page("Europe/Athens") as page:
                await page.goto(str(client.make_url(f"/t/{LINKS.token(table.id)}")))
                await page.locator("figure img").evaluate("image => image.decode()")
                await page.locator("#seats").scroll_into_view_if_needed()
                await page.screenshot(path=str(path), full_page=True, clip=CLIP, type="jpeg", quality=85)
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(photograph(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT))
