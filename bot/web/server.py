"""The web server, on aiohttp.web in the bot's own process (docs/web.md): a table's page, its
public picture, its live updates (bot/web/live.py) and a finished game's record, each behind the
table's signed link (bot/web/links.py), GET only, with a rate limit per address and strict headers
on every answer.

A link that is wrong, altered or names no table gets the same plain 404 as any unknown path: the
answer says nothing of whether a table exists."""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace

from aiohttp import web

from bot.games import plugin
from bot.render.painter import Painter
from bot.render.presentation import ViewData
from bot.store.records import TableRecord
from bot.tables.service import TableService
from bot.tables.web_pages import WebPages
from bot.web.links import Links
from bot.web.live import Frame, Live
from bot.web.page import CSS, SCRIPT, render_main, render_page
from bot.web.public import PublicTable, PublicTables
from bot.web.ratelimit import RateLimit
from bot.web.record import not_finished, record
from bot.web.steps import Steps

log = logging.getLogger(__name__)
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; connect-src 'self'; script-src 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
NOT_FOUND = "Not found.\n"
DRAWN_KEPT = 1024  # tables whose latest drawn position is kept
STOP_WAIT = 2.0  # seconds a stopping server waits for an answer still being written (a slow viewer)
STREAM_HEADERS = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def plain(status: int, text: str, **headers: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", headers=headers)


def not_found() -> web.Response:
    """The one answer for a wrong link, an unknown table and an unknown path alike."""
    return plain(404, NOT_FOUND)


class WebServer:
    def __init__(
        self,
        service: TableService,
        painter: Painter,
        links: Links,
        host: str = "127.0.0.1",
        port: int = 0,
        limit: RateLimit | None = None,
        live: Live | None = None,
        switch: WebPages | None = None,
    ) -> None:
        self.tables = PublicTables(service)
        self.painter, self.links = painter, links
        self.host, self.port = host, port
        self.limit = limit or RateLimit()
        self.live = live or Live(service.store.changes)
        self.switch = switch or WebPages(service.store)  # each server's moderators may turn its pages off
        self.steps = Steps(self.tables, painter, self._table)
        self._drawn: OrderedDict[int, tuple[object, int]] = OrderedDict()  # table -> (what it shows, version drawn)
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/t/{token}", self.page, allow_head=False)
        app.router.add_get("/t/{token}/board.jpg", self.board, allow_head=False)
        app.router.add_get("/t/{token}/record.json", self.record, allow_head=False)
        app.router.add_get("/t/{token}/events", self.events, allow_head=False)
        app.router.add_get("/static/page.css", self.css, allow_head=False)
        app.router.add_get("/static/page.js", self.script, allow_head=False)
        self.steps.add_routes(app.router)  # the replay stepper: /t/{token}/step/...
        app.on_startup.append(self._share_changes)
        app.on_shutdown.append(self._end_streams)  # before the server waits for the answers under way
        return app

    async def _share_changes(self, app: web.Application) -> None:
        """Other processes' changes reach this one's streams (PostgreSQL), and this one's theirs."""
        await self.tables.service.store.share_changes()

    async def _end_streams(self, app: web.Application) -> None:
        await self.live.close()

    async def start(self) -> None:
        # no log of who watches what
        self._runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=STOP_WAIT)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("web pages at %s (listening on %s:%s)", self.links.base_url, self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- every request ---------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The rate limit first, then the answer; every answer, an error's too, with the headers."""
        address = request.remote or "unknown"
        response: web.StreamResponse
        if not self.limit.allow(address):
            response = plain(
                429, "Too many requests. Try again shortly.\n", **{"Retry-After": str(self.limit.retry_after(address))}
            )
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = not_found()
            except web.HTTPMethodNotAllowed:
                response = plain(405, "Only GET is allowed here.\n", Allow="GET")
            except web.HTTPException as error:
                response = plain(error.status, f"{error.reason}.\n")
            except Exception:
                log.exception("web: %s failed", request.path)
                response = plain(500, "Something went wrong.\n")
        if not response.prepared:  # a stream sent its own already
            response.headers.update(HEADERS)
        return response

    async def _table(self, request: web.Request) -> tuple[TableRecord, str]:
        token = request.match_info["token"]
        table_id = self.links.table_of(token)
        table = await self.tables.table(table_id) if table_id is not None else None
        if table is None or not await self.switch.on(table.guild_id):  # off: as if there were no table
            raise web.HTTPNotFound()
        return table, token

    # --- the pages -------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        table, token = await self._table(request)
        frame = self.live.latest(table.id)  # a watched table's page is rendered once a change
        if frame is not None and frame.version == table.version:
            html = frame.page
        else:
            html = render_page(await self.read(table), token)
        return web.Response(text=html, content_type="text/html", headers={"Cache-Control": "no-cache"})

    async def board(self, request: web.Request) -> web.StreamResponse:
        """The public board's picture, drawn off the event loop from the public view only."""
        table, _ = await self._table(request)
        view = self.tables.view(table)
        if view is None:
            raise web.HTTPNotFound()
        drawn = self._drawn_at(table, view)
        try:  # the same drawing as the board posted in Discord (one per table version)
            picture = await self.painter.picture((table.id, drawn, None), table.game, view)
        except Exception:
            log.exception("web: table %s: drawing the picture failed", table.id)
            return plain(503, "The picture could not be drawn.\n")
        # the page names the picture by the version that drew it: that one never changes
        kept = "private, max-age=86400, immutable" if request.query.get("v") == str(drawn) else "no-cache"
        return web.Response(body=picture, content_type="image/jpeg", headers={"Cache-Control": kept})

    async def read(self, table: TableRecord) -> PublicTable:
        """The table's public side, its picture named by the version that drew it."""
        public = await self.tables.read(table)
        view = self.tables.view(table)
        return public if view is None else replace(public, drawn=self._drawn_at(table, view))

    def _drawn_at(self, table: TableRecord, view: ViewData) -> int:
        """The version whose picture shows the table now: the latest drawn, unless what a picture
        shows changed since (the game's presentation says what matters: a stone cast on a question
        changes the text, not the picture), as Discord's boards keep their picture then."""
        hook = plugin(table.game).presentation.position
        shown = hook(view) if hook is not None else view
        drawn = self._drawn.pop(table.id, None)
        if drawn is None or drawn[0] != shown or drawn[1] > table.version:
            drawn = (shown, table.version)
        self._drawn[table.id] = drawn
        while len(self._drawn) > DRAWN_KEPT:
            self._drawn.popitem(last=False)
        return drawn[1]

    async def record(self, request: web.Request) -> web.StreamResponse:
        """A finished game's record; for any other, a 409 that says it is not finished."""
        table, _ = await self._table(request)
        public = await self.tables.read(table)
        finished = public.status == "finished"
        body = record(public) if finished else not_finished(public)
        return web.Response(
            text=json.dumps(body, ensure_ascii=False, indent=1),
            status=200 if finished else 409,
            content_type="application/json",
            headers={"Cache-Control": "no-cache"},
        )

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The table's live updates (Server-Sent Events, bot/web/live.py): an event `table` with
        the page's <main> each time it changes, until the viewer leaves or the server stops."""
        table, token = await self._table(request)
        address = request.remote or "unknown"
        refused = self.live.refusal(address)
        if refused is not None:
            text = "Too many live pages are open. The page itself still works: reload it.\n"
            return plain(refused, text, **{"Retry-After": "60"})
        since = request.headers.get("Last-Event-ID") or request.query.get("since")
        response = web.StreamResponse(headers={**HEADERS, **STREAM_HEADERS})
        async with self.live.stream(table.id, address, lambda: self._frame(table.id, token)) as watched:
            await response.prepare(request)
            try:
                async for chunk in watched.chunks(since):
                    await response.write(chunk)
            except ConnectionError:  # the viewer left
                pass
        return response

    async def _frame(self, table_id: int, token: str) -> Frame | None:
        """The table's <main> now, as its live event (None if there is no such table any more)."""
        table = await self.tables.table(table_id)
        if table is None:
            return None
        public = await self.read(table)
        main = render_main(public, token)
        return Frame.of(public.version, main, render_page(public, token, main))

    async def css(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=CSS, content_type="text/css", headers={"Cache-Control": "max-age=3600"})

    async def script(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=SCRIPT, content_type="text/javascript", headers={"Cache-Control": "max-age=3600"})
