"""One paced round of the real bot (bench.bot_process) against a fresh fake Discord: its tables
seated, then played by their people at `rate` moves a second over all, a warm-up, then a window in
which the bot's CPU a move and the acknowledgements are measured. What runs beside the play (the web
bench's viewers) comes in as `Beside`. Shared by the web bench and the stand-ins' cost."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from .bot_process import BotProcess, cores
from .fake_meter import MeteredDiscord
from .players import Table, play
from .processes_report import latency
from .whole_bot import pin_bench, quiet_fake

T = TypeVar("T")


class Beside:
    """What runs beside the play: started when the play starts, told when it stops."""

    def start(self, stop: float, tables: list[Table]) -> None: ...

    def running(self, stop: float) -> Coroutine[Any, Any, None] | None:
        return None

    async def measured(self, fake: MeteredDiscord, since: float) -> dict[str, Any]:
        return {}


@contextmanager
def bench_pinned() -> Iterator[int | None]:
    """The bot's core for the rounds in the block: this process (the fake and its people) on the
    others, as the whole-bot part runs them, and back as it was after."""
    core, own = cores()
    saved = pin_bench(own)
    quiet_fake()
    try:
        yield core
    finally:
        if saved is not None:
            os.sched_setaffinity(0, saved)


def alternating(first: T, second: T, rounds: int) -> Iterator[tuple[int, T]]:
    """(round, set-up) for `rounds` rounds of both set-ups, the order turned each round."""
    for number in range(rounds):
        for each in (first, second) if number % 2 == 0 else (second, first):
            yield number, each


async def paced_round(
    folder: Path,
    fake: MeteredDiscord,
    tables: Callable[[MeteredDiscord], list[Table]],
    core: int | None,
    settings: dict[str, Any],
    env: dict[str, str] | None = None,
    beside: Beside | None = None,
) -> dict[str, Any]:
    """`settings`: rate, warm, window (seconds). The fake is started here and closed at the end."""
    await fake.start()
    bot = None
    beside = beside or Beside()
    try:
        made = tables(fake)  # with their people, before the bot connects (its GUILD_CREATE lists them)
        folder.mkdir(parents=True, exist_ok=True)
        bot = BotProcess(folder, fake, folder / "bot.sqlite3", core=core, split=False, seed="bench", env=env)
        await bot.start()
        await bot.wait_ready()
        opening = asyncio.Semaphore(10)

        async def sit(table: Table) -> None:
            async with opening:
                await table.sit_down()

        await asyncio.gather(*(sit(table) for table in made))
        start = time.perf_counter()
        measured, stop = start + settings["warm"], start + settings["warm"] + settings["window"]
        beside.start(stop, made)
        behind: list = []
        failures: list[str] = []
        pace = settings["rate"] / len(made)
        running = [play(table, start, stop, pace, behind, failures) for table in made]
        extra = beside.running(stop)
        results = asyncio.gather(*running, *([extra] if extra is not None else []))
        await asyncio.sleep(max(0.0, measured - time.perf_counter()))
        cpu_before = bot.cpu_seconds()
        await asyncio.sleep(max(0.0, stop - time.perf_counter()))
        cpu_after = bot.cpu_seconds()
        await results
        acks = [latency for sent, latency, move in fake.acks if move and measured <= sent < stop]
        moves = max(1, len(acks))
        return {
            "moves": moves,
            "seconds": round(stop - measured, 2),
            "cpu_ms_per_move": round((cpu_after - cpu_before) / moves * 1000, 2),
            "ack": latency(acks),
            **await beside.measured(fake, measured),
            "failures": failures[:5],
            "errors_logged": bot.errors_logged()[:5],
        }
    finally:
        if bot is not None:
            await bot.stop()
        await fake.close()
