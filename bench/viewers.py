"""The web bench's viewers (bench/web_viewers.py), in a process of their own, as browsers are apart
from Discord: each keeps its table's page open with its live stream, fetches the picture an event's
page names when it names another (as a browser does), loads the page again now and then, and follows
its table to the next game. The driver tells the process each table's current game (its channel and
Watch link) through a pipe, and gets back what each viewer measured. Times are
`time.perf_counter()`, one clock for every process here (CLOCK_MONOTONIC)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import aiohttp

RELOAD = 20.0  # seconds between a viewer's reloads of the page, on average
VERSION = re.compile(rb'^data: \{"version": (\d+)')  # the event's version, without parsing its <main>
PICTURE = re.compile(rb"board\.jpg\?v=(\d+)")  # the picture the event's <main> shows, named by its version

Game = tuple[int, str]  # a table's current game: its channel, its page's link


@dataclass
class Viewer:
    number: int
    table: int  # the driver's table number
    games: dict[int, Game]  # every table's current game, as the driver last said
    pages: list[tuple[float, float]] = field(default_factory=list)  # (when asked, seconds to load the page)
    pictures: list[float] = field(default_factory=list)
    events: list[tuple[int, float, int]] = field(default_factory=list)  # (channel, arrived, version)
    watched: dict[int, tuple[float, float]] = field(default_factory=dict)  # channel -> stream open, until
    refused: list[str] = field(default_factory=list)

    @property
    def address(self) -> str:
        """An address of its own on 127.0.0.0/8: the server caps streams and requests per address."""
        return f"127.0.{1 + self.number // 250}.{1 + self.number % 250}"

    def game(self) -> Game | None:
        return self.games.get(self.table)

    async def watch(self, stop: float) -> None:
        connector = aiohttp.TCPConnector(local_addr=(self.address, 0), limit=4)
        async with aiohttp.ClientSession(connector=connector) as session:
            while time.perf_counter() < stop:
                game = self.game()
                if game is None:
                    await asyncio.sleep(0.2)
                    continue
                await self.load(session, game[1])
                await self.follow(session, game, stop)

    async def load(self, session: aiohttp.ClientSession, link: str) -> None:
        start = time.perf_counter()
        async with session.get(link) as answer:
            await answer.read()
            if answer.status != 200:
                self.refused.append(f"page {answer.status}")
                return
        self.pages.append((start, time.perf_counter() - start))

    async def follow(self, session: aiohttp.ClientSession, game: Game, stop: float) -> None:
        """The open page's stream, until its table's game ends (the people move on to a new one)."""
        channel, link = game
        async with session.get(link + "/events", timeout=aiohttp.ClientTimeout(total=None)) as stream:
            if stream.status != 200:
                self.refused.append(f"events {stream.status}")
                await asyncio.sleep(1.0)
                return
            opened = time.perf_counter()
            self.watched[channel] = (opened, opened)
            try:
                await self._read(session, game, stream, stop)
            finally:
                self.watched[channel] = (opened, time.perf_counter())

    async def _read(self, session: aiohttp.ClientSession, game: Game, stream: Any, stop: float) -> None:
        """Events as they come; every half second at most, whether the game moved on or it is time to
        load the page again."""
        channel, link = game
        chance = random.Random(self.number)
        reload_at = time.perf_counter() + chance.expovariate(1 / RELOAD)
        shown = b""  # the picture on the page: a browser fetches another only when the page names another
        while time.perf_counter() < stop and self.game() == game:
            try:
                line = await asyncio.wait_for(stream.content.readline(), 0.5)
            except asyncio.TimeoutError:
                line = b""
            else:
                if not line:  # the server ended the stream
                    return
            if found := VERSION.match(line):
                self.events.append((channel, time.perf_counter(), int(found[1])))
                picture = PICTURE.search(line)
                if picture is not None and picture[1] != shown:
                    shown = picture[1]
                    await self.picture(session, link, int(shown))
            if time.perf_counter() >= reload_at:
                await self.load(session, link)
                reload_at = time.perf_counter() + chance.expovariate(1 / RELOAD)

    async def picture(self, session: aiohttp.ClientSession, link: str, drawn: int) -> None:
        start = time.perf_counter()
        async with session.get(f"{link}/board.jpg?v={drawn}") as answer:
            await answer.read()
        self.pictures.append(time.perf_counter() - start)

    def measured(self) -> dict[str, Any]:
        return {
            "pages": self.pages,
            "pictures": self.pictures,
            "events": self.events,
            "watched": self.watched,
            "refused": self.refused,
        }


async def watching(pipe: Connection, viewers: int, tables: int) -> list[dict[str, Any]]:
    """Viewers spread evenly over the tables, from when the driver says start to when it says stop."""
    games: dict[int, Game] = {}
    loop = asyncio.get_running_loop()
    heard = asyncio.Event()
    stop = [float("inf")]

    def receive() -> None:
        while pipe.poll():
            kind, *rest = pipe.recv()
            if kind == "game":
                number, channel, link = rest
                games[number] = (channel, link)
            elif kind == "stop":
                stop[0] = rest[0]
            heard.set()

    loop.add_reader(pipe.fileno(), receive)
    try:
        while stop[0] == float("inf"):
            await heard.wait()
            heard.clear()
        watchers = [Viewer(number, number % tables, games) for number in range(viewers)]
        await asyncio.gather(*(viewer.watch(stop[0]) for viewer in watchers))
        return [viewer.measured() for viewer in watchers]
    finally:
        loop.remove_reader(pipe.fileno())


def main(pipe: Connection, viewers: int, tables: int) -> None:
    """The viewers' process: it watches, then sends back what each viewer measured."""
    pipe.send(asyncio.run(watching(pipe, viewers, tables)))
    pipe.close()
