"""The replay stepper (docs/web.md): any started game, running or over, step by step from its seed
and log. `/t/<token>/step/<n>` is step n's page, `/t/<token>/step/<n>/board.jpg` its picture and
`/t/<token>/step?n=<n>` where its "Go to step" form leads.

Step 0 is the set-up; each later step is a row of the log that changed the game: a move as it was
first played, or a rollback or take-back. Each shows the board as the public saw it then, from the
replay engine itself (bot/tables/replay.py `public_positions`: `Game.view(state, None)` after that
row, nothing else), and the public log lines since the step before (the last step's: up to now).
Plain links and a form, no script."""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from aiohttp import web

from bot.render import render_text
from bot.render.painter import Painter
from bot.store.records import TableRecord
from bot.tables.replay import public_positions
from bot.web.page import log_line, page_head
from bot.web.public import LogLine, PublicTable, PublicTables
from bot.web.text import web_text

log = logging.getLogger(__name__)
POSITIONS_KEPT = 1_000  # public views kept, of every table together (the largest game's about 25 kB each)
_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")  # a step's number as its link writes it

Position = tuple[int, dict[str, Any]]  # the seq of the row that made it, and its public view
Find = Callable[[web.Request], Awaitable[tuple[TableRecord, str]]]


class Steps:
    """The stepper's pages. `find` is the web server's: the table a request's link names, or its 404."""

    def __init__(self, tables: PublicTables, painter: Painter, find: Find) -> None:
        self.tables, self.painter, self.find = tables, painter, find
        self._positions: OrderedDict[tuple[int, int], list[Position]] = OrderedDict()  # by (table, version)
        self._building: dict[tuple[int, int], asyncio.Future[list[Position]]] = {}

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_get("/t/{token}/step", self.jump, allow_head=False)
        router.add_get("/t/{token}/step/{n:[0-9]+}", self.page, allow_head=False)
        router.add_get("/t/{token}/step/{n:[0-9]+}/board.jpg", self.board, allow_head=False)

    # --- the positions ---------------------------------------------------------------------------

    async def positions(self, table: TableRecord) -> list[Position]:
        """The table's public positions at its version (none before the start), rebuilt from its
        seed and log off the event loop once per version; requests meanwhile wait for that one."""
        if table.state is None:
            return []
        key = (table.id, table.version)
        found = self._positions.get(key)
        if found is not None:
            self._positions.move_to_end(key)
            return found
        building = self._building.get(key)
        if building is None:
            building = self._building[key] = asyncio.ensure_future(self._rebuild(table))
            building.add_done_callback(lambda _: self._building.pop(key, None))
        return await asyncio.shield(building)

    async def _rebuild(self, table: TableRecord) -> list[Position]:
        service = self.tables.service
        rows = [row for row in await service.store.actions(table.id) if row.seq <= table.version]
        found = await asyncio.to_thread(public_positions, service.game_of(table), table, rows)
        self._positions[(table.id, table.version)] = found
        kept = sum(len(each) for each in self._positions.values())
        while kept > POSITIONS_KEPT and len(self._positions) > 1:
            kept -= len(self._positions.popitem(last=False)[1])
        return found

    async def _step(self, request: web.Request) -> tuple[TableRecord, str, list[Position], int]:
        """The table, its token, its positions and the step the request names (else the 404)."""
        table, token = await self.find(request)
        number = request.match_info["n"]
        if _NUMBER.fullmatch(number) is None:
            raise web.HTTPNotFound()
        positions = await self.positions(table)
        if int(number) >= len(positions):
            raise web.HTTPNotFound()
        return table, token, positions, int(number)

    # --- the answers -----------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        table, token, positions, n = await self._step(request)
        public = await self.tables.read(table)
        seq, view = positions[n]
        since, last = positions[n - 1][0] if n else 0, len(positions) - 1
        lines = [line for line in public.log if since < line.seq and (n == last or line.seq <= seq)]
        board = web_text(render_text(table.game, view), self.tables.names_by_user(table))
        html = render_step(public, token, n, last, board, lines)
        return web.Response(text=html, content_type="text/html", headers={"Cache-Control": "no-cache"})

    async def board(self, request: web.Request) -> web.StreamResponse:
        """The step's public picture, drawn off the event loop as the table's own is."""
        table, _, positions, n = await self._step(request)
        seq, view = positions[n]
        try:  # by the seq of the step's row: the log is append-only, so that position never changes
            picture = await self.painter.picture((table.id, "step", seq), table.game, view)
        except Exception:
            log.exception("web: table %s: drawing step %s failed", table.id, n)
            return web.Response(status=503, text="The picture could not be drawn.\n", content_type="text/plain")
        return web.Response(
            body=picture, content_type="image/jpeg", headers={"Cache-Control": "private, max-age=86400, immutable"}
        )

    async def jump(self, request: web.Request) -> web.StreamResponse:
        """The "Go to step" form's answer: on to that step's page (whose own answer says if it has none)."""
        _, token = await self.find(request)
        number = request.query.get("n", "").strip()
        if re.fullmatch(r"[0-9]{1,9}", number) is None:
            raise web.HTTPNotFound()
        return web.Response(status=303, headers={"Location": f"/t/{token}/step/{int(number)}"})


def _nav(token: str, label: str, step: int, shown: bool, rel: str = "") -> str:
    if not shown:
        return f'<span class="muted" aria-disabled="true">{label}</span>'
    relation = f' rel="{rel}"' if rel else ""
    return f'<a href="/t/{token}/step/{step}"{relation}>{label}</a>'


def render_step(table: PublicTable, token: str, n: int, last: int, board: str, lines: list[LogLine]) -> str:
    """Step `n` of `last`'s page: the board then (`board`, its plain text), its log lines, the links."""
    title = escape(table.title)
    nav = " · ".join(
        (
            _nav(token, "⏮ First", 0, n > 0),
            _nav(token, "◀ Back", n - 1, n > 0, "prev"),
            _nav(token, "Forward ▶", n + 1, n < last, "next"),
            _nav(token, "Last ⏭", last, n < last),
        )
    )
    parts = [
        *page_head(f"{title} · table {table.id} · step {n}"),
        "<main>",
        f"<h1>{title}</h1>",
        f'<p class="status">Table {table.id} · replay · step {n} of {last}</p>',
        f'<nav aria-label="Steps"><p>{nav}</p></nav>',
        "<figure>",
        f'<img src="/t/{token}/step/{n}/board.jpg" alt="{escape(board)}">',
        f'<figcaption><p class="board">{escape(board)}</p></figcaption>',
        "</figure>",
        f"<h2>{'The set-up' if n == 0 else f'Step {n}'}</h2>",
    ]
    if lines:
        parts.append('<ol class="log">')
        parts += [log_line(line.seq, line.text, line.at if line.moderator else None) for line in lines]
        parts.append("</ol>")
    else:
        parts.append('<p class="muted">Nothing public was told at this step.</p>')
    parts += [
        f'<form method="get" action="/t/{token}/step"><p><label>Go to step '
        f'<input type="number" name="n" min="0" max="{last}" value="{n}"></label> <button>Go</button></p></form>',
        f'<p><a href="/t/{token}">Back to the table</a></p>',
        "</main></body></html>",
    ]
    return (
        "\n".join(parts) + "\n"
    )  # a step is always the same position (the log is append-only): browsers may keep its picture
