"""What the web tests share: tables played by stand-ins through a real TableService on SQLite, and
the web server before aiohttp's test client (pytest-aiohttp is not installed: TestServer and
TestClient are started here by hand)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp.test_utils import TestClient, TestServer

from bot.render.painter import Painter
from bot.store.records import TableRecord
from bot.tables.service import TableService
from bot.web.links import Links
from bot.web.ratelimit import RateLimit
from bot.web.server import WebServer
from engine import Chance
from tests.registry import GAMES

LINKS = Links("a test secret, long enough", "http://pages.test")
FIRST_USER = 1000


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
async def serving(service: TableService, limit: RateLimit | None = None) -> AsyncIterator[TestClient]:
    """The web server of `service`, and a client of it. Pictures are drawn in threads."""
    painter = Painter(0)
    server = WebServer(service, painter, LINKS, limit=limit or RateLimit(burst=10_000))
    client = TestClient(TestServer(server.app()))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()
        painter.stop()
