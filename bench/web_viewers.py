"""People watching the tables' web pages while the tables play (issue #35): `python -m bench --only web`.

The real bot in a process of its own on one core (bench.bot_process), with its web server on
(BOT_WEB_PORT), against the fake Discord; TABLES tables played by simulated people (bench.players)
at RATE moves a second, as the whole-bot part plays them. Beside them, in a process of their own
(bench/viewers.py), VIEWERS viewers spread evenly over the tables, each as a browser with the page
open: it loads the page, keeps its live stream (/t/<token>/events) open, fetches the picture an
event's page names when it names another (as a browser does), loads the page again now and then, and
follows its table to the next game when one ends. Each viewer comes from an address of its own on
127.0.0.0/8, as viewers on the internet do (the server caps streams and requests per address).

Rounds alternate without viewers and with them, each on a fresh database, fake and bot, so that the
bot's CPU a move with viewers is compared with the same load without, in one run.

- page: the time to load a table's page, at the viewer, of the loads asked after the warm-up (when
  every viewer opened its first page at once) (target: p99 < PAGE_P99_MS);
- reach: from the press of a move to its event at each viewer watching the table (the first event
  after the press that shows a newer version than the viewer had), every viewer counted; a move a
  viewer never hears of within MISSED_AFTER seconds counts as that long (target: p99 < REACH_P99_MS);
- CPU: the bot's process CPU a move, with viewers against without (target: a rise < CPU_RISE).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import re
import socket
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

from .fake_meter import MOVE, MeteredDiscord
from .paced import Beside, alternating, bench_pinned, paced_round
from .players import Table
from .processes_report import latency
from .viewers import main as viewers_main
from .whole_bot import RATE, TABLES, people

VIEWERS = 200
MISSED_AFTER = 5.0
PAGE_P99_MS, REACH_P99_MS, CPU_RISE = 50.0, 500.0, 0.10
SECRET = "the web bench's own secret key"
FULL = {"tables": TABLES, "viewers": VIEWERS, "rate": RATE, "warm": 5.0, "window": 30.0, "rounds": 2}
QUICK = {"tables": 10, "viewers": 20, "rate": 5.0, "warm": 1.0, "window": 6.0, "rounds": 1}
Say = Callable[[str], None]


PRESS = re.compile(r"pt:(?:move|pick|form):\d+:(\d+):")  # a move's press names the version it acts on
Press = tuple[float, int | None]  # when, and on which version (None: a command's, which names none)


class WatchedDiscord(MeteredDiscord):
    """The metered fake that also keeps when each move was pressed, and on which version, by table."""

    def __init__(self) -> None:
        super().__init__(quiet=0.1)
        self.pressed: dict[int, list[Press]] = defaultdict(list)

    async def run_interaction(self, inter):
        meter = self.meters.get(inter.channel.id)
        if meter is not None and MOVE.get():
            on = PRESS.match(str((inter.data or {}).get("custom_id", "")))
            self.pressed[meter.channel_id].append((time.perf_counter(), int(on[1]) if on else None))
        return await super().run_interaction(inter)


def watch_link(table: Table) -> str | None:
    for message in table.helper.channel.messages():
        for button in message.buttons():
            if button.get("url"):
                return str(button["url"])
    return None


class Viewers(Beside):
    """The viewers' process (bench/viewers.py), told each table's current game as it changes."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.tables: list[Table] = []
        self.told: dict[int, int] = {}  # table number -> the channel last told
        self.pipe, self._theirs = multiprocessing.Pipe()

    def start(self, stop: float, tables: list[Table]) -> None:
        self.tables = tables
        self.process = multiprocessing.get_context("spawn").Process(
            target=viewers_main, args=(self._theirs, self.count, len(tables)), name="viewers"
        )
        self.process.start()
        self.tell()
        self.pipe.send(("stop", stop))

    def tell(self) -> None:
        """Each table whose game changed since the last time: its new channel and link."""
        for table in self.tables:
            channel = table.helper.channel.id
            if self.told.get(table.number) != channel and (link := watch_link(table)) is not None:
                self.pipe.send(("game", table.number, channel, link))
                self.told[table.number] = channel

    async def running(self, stop: float) -> None:
        while time.perf_counter() < stop:
            self.tell()
            await asyncio.sleep(0.2)

    async def measured(self, fake: MeteredDiscord, since: float) -> dict[str, Any]:
        seen = await asyncio.to_thread(self.pipe.recv)
        await asyncio.to_thread(self.process.join, 30)
        assert isinstance(fake, WatchedDiscord)
        times, missed = reach(fake.pressed, seen, since)
        return {
            "page": latency([took for v in seen for asked, took in v["pages"] if asked >= since]),
            "picture": latency([s for v in seen for s in v["pictures"]]),
            "reach": latency(times),
            "never_reached": missed,
            "refused": sorted({r for v in seen for r in v["refused"]}),
        }


def reach(pressed: dict[int, list[Press]], viewers: list[dict[str, Any]], since: float) -> tuple[list[float], int]:
    """Each move's time to each viewer watching its table: from its press to the first event after
    it showing a version newer than the one it was pressed on (a command names none: then the one
    the viewer had); and how many never came. A move pressed too near the end of a viewer's watch
    to tell is left out."""
    times, missed = [], 0
    for viewer in viewers:
        events: dict[int, list[tuple[float, int]]] = defaultdict(list)
        for channel, arrived, version in viewer["events"]:
            events[channel].append((arrived, version))
        for channel, (opened, closed) in viewer["watched"].items():
            heard = events[channel]
            for press, on in pressed.get(channel, ()):
                if press < max(since, opened) or press > closed:
                    continue
                seen = on if on is not None else max((v for arrived, v in heard if arrived <= press), default=-1)
                first = next((arrived for arrived, version in heard if arrived > press and version > seen), None)
                if first is not None and first - press <= MISSED_AFTER:
                    times.append(first - press)
                elif closed - press >= MISSED_AFTER:
                    times.append(MISSED_AFTER)
                    missed += 1
    return times, missed


async def one_round(folder: Path, core: int | None, settings: dict[str, Any], viewers: int) -> dict[str, Any]:
    env = {"BOT_WEB_PORT": str(free_port()), "BOT_WEB_SECRET": SECRET}
    beside = Viewers(viewers) if viewers else None
    figures = await paced_round(
        folder, WatchedDiscord(), lambda fake: people(fake, settings["tables"]), core, settings, env, beside
    )
    return {"viewers": viewers, **figures}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def measure(folder: Path, quick: bool, say: Say) -> dict[str, Any]:
    settings = QUICK if quick else FULL
    rounds: list[dict[str, Any]] = []
    with bench_pinned() as core:
        say(
            f"Viewers of the web pages: the real bot on core {core} with its web server on, {settings['tables']} "
            f"tables at {settings['rate']:g} moves/s, rounds without viewers and with {settings['viewers']}, alternating"
        )
        for number, viewers in alternating(0, settings["viewers"], settings["rounds"]):
            figures = await one_round(folder / f"round-{number}-{viewers}", core, settings, viewers)
            rounds.append(figures)
            say_round(figures, say)
    return verdicts(rounds, say)


def say_round(figures: dict[str, Any], say: Say) -> None:
    text = f"  {figures['viewers']:>3} viewers: {figures['moves']} moves, {figures['cpu_ms_per_move']} ms CPU a move"
    if figures["viewers"]:
        page, reach_ = figures["page"], figures["reach"]
        text += (
            f"; page p50 {page['p50_ms']} ms p99 {page['p99_ms']} ms ({page['count']} loads); a move reaches a "
            f"viewer p50 {reach_['p50_ms']} ms p99 {reach_['p99_ms']} ms ({reach_['count']}, "
            f"{figures['never_reached']} never); picture p99 {figures['picture']['p99_ms']} ms"
        )
    say(text)
    for what in ("refused", "failures", "errors_logged"):
        if figures.get(what):
            say(f"    {what}: {figures[what]}")


def verdicts(rounds: list[dict[str, Any]], say: Say) -> dict[str, Any]:
    watched = [r for r in rounds if r["viewers"]]
    alone = [r for r in rounds if not r["viewers"]]
    rises = [w["cpu_ms_per_move"] / a["cpu_ms_per_move"] - 1 for w, a in zip(watched, alone) if a["cpu_ms_per_move"]]
    pages = [r["page"]["p99_ms"] for r in watched]
    reaches = [r["reach"]["p99_ms"] for r in watched]
    targets = {
        "page_p99_ms": (max(pages, default=0.0), PAGE_P99_MS, pages),
        "reach_p99_ms": (max(reaches, default=0.0), REACH_P99_MS, reaches),
        "cpu_rise": (max(rises, default=0.0), CPU_RISE, [round(r, 3) for r in rises]),
    }
    met = {}
    for name, (worst, target, values) in targets.items():
        met[name] = worst < target
        say(f"  {'met' if met[name] else 'MISSED'}: {name} < {target:g} in every round ({values})")
    return {"rounds": rounds, "met": met}


def run(folder: Path, quick: bool, say: Say) -> dict[str, Any]:
    return asyncio.run(measure(folder, quick, say))
