"""What the web tests share: tables played by stand-ins through a real TableService on SQLite, and
the web server before aiohttp's test client (pytest-aiohttp is not installed: TestServer and
TestClient are started here by hand)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import TypeVar

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from bot.render.painter import Painter
from bot.store.records import TableRecord
from bot.tables.service import TableService
from bot.tables.web_pages import WebPages
from bot.web.links import Links
from bot.web.live import Live
from bot.web.ratelimit import RateLimit
from bot.web.server import WebServer
from engine import Chance
from tests.registry import GAMES

LINKS = Links("a test secret, long enough", "http://pages.test")
FIRST_USER = 1000
HANG = 20.0  # seconds after which a wait in a test is taken for a hang (it fails), never a speed check
T = TypeVar("T")


async def played(
    service: TableService,
    key: str,
    moves: int,
    *,
    channel: int = 1,
    seed: str = "web",
    seats: int | None = None,
    guild: int = 1,
) -> TableRecord:
    """A table of `key` at its fewest seats (or `seats`), `moves` moves into the game (or to its end,
    if that comes first), every move a stand-in's choice for the first seat waited on."""
    game = GAMES[key]
    users = [FIRST_USER + n for n in range(seats or game.min_seats)]
    table = await service.create(guild_id=guild, channel_id=channel, host_id=users[0], game=key, seed=seed)
    for user in users[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, users[0])).table
    for number in range(moves):
        if table.status != "running" or not service.waiting_on(table):
            break
        table = await one_move(service, table, f"{seed}:{number}")
    return table


async def one_move(service: TableService, table: TableRecord, seed: str) -> TableRecord:
    """The table after a stand-in's choice for the first seat it waits on (seeded by `seed`)."""
    user = service.waiting_on(table)[0]
    seat = service.seat_of(table, user)
    assert seat is not None
    action = GAMES[table.game].stand_in(service.state_of(table), seat, Chance.seeded(seed))
    return (await service.act(table.id, user, action, version=table.version)).table


@asynccontextmanager
async def serving(
    service: TableService, limit: RateLimit | None = None, live: Live | None = None, switch: WebPages | None = None
) -> AsyncIterator[TestClient]:
    """The web server of `service`, and a client of it. Pictures are drawn in threads."""
    painter = Painter(0)
    server = WebServer(service, painter, LINKS, limit=limit or RateLimit(burst=10_000), live=live, switch=switch)
    client = TestClient(TestServer(server.app()))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()
        painter.stop()


class Stream:
    """A live-update stream as a browser's EventSource reads it: blocks of `field: value` lines
    ended by an empty line; a line that begins with ':' is a comment."""

    def __init__(self, response: ClientResponse) -> None:
        self.response = response
        self.raw: list[bytes] = []  # each block as sent, its ending empty line included

    async def block(self) -> dict[str, str]:
        """The next block's fields (a comment's text under ':'); EOFError when the stream ends."""
        fields: dict[str, str] = {}
        lines = b""
        while True:
            line = await self.response.content.readline()
            if not line:
                raise EOFError
            lines += line
            text = line.decode().rstrip("\n")
            if text == "":
                self.raw.append(lines)
                return fields
            name, _, value = text.partition(":")
            fields[name or ":"] = value.removeprefix(" ")

    async def event(self) -> dict[str, str]:
        """The next event (a block with data), past the reconnection delay and the heartbeats."""
        while True:
            fields = await self.block()
            if "data" in fields:
                return fields

    async def ended(self) -> bool:
        """Whether the stream ends, reading past anything else it still sends."""
        try:
            while True:
                await self.block()
        except EOFError:
            return True


def page_state(html: str) -> tuple[int, str, str]:
    """A page's table version, its state (the id its live events would have) and its <main>."""
    found = re.search(r'data-state="([^"]+)"', html)
    main = re.search(r'<main id="table" data-version="(\d+)">.*</main>', html, re.DOTALL)
    assert found is not None and main is not None
    return int(main[1]), found[1], main[0]


async def within(awaitable: Awaitable[T], what: str) -> T:
    """`awaitable`'s result; a test that would hang fails instead, saying what it waited for."""
    try:
        return await asyncio.wait_for(awaitable, HANG)
    except TimeoutError:
        raise AssertionError(f"still waiting after {HANG} s for {what}") from None
