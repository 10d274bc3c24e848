"""The whole bot under load: a player's move through discord.py, the gate, the menus, the service,
SQLite, the publisher and a picture, as Discord would carry it. `python -m bench --only whole-bot`.

The REAL bot (bench.botproc: bot.app.build_bot, started as `python -m bot run` starts it) runs in
a process of its own pinned to one core, against the project's fake Discord (tests/e2e/fakediscord,
on 127.0.0.1) served from this process, pinned to the other core(s), where simulated people play
(bench.players). Three parts:

1. whole games, one table at a time, of every game (solo and with several players): latency at
   one table; requests per move by kind, lobby and play apart; CPU per move split by part of
   the bot (the bot's process instrumented: bench.cpu_split);
2. a hundred tables of every game at once, moves at random moments (Poisson) at RATE a second:
   acknowledgement and result latency, CPU per move (the bot not instrumented), loop stalls; then
   the same load with every picture blank, whose CPU per move weighs pictures apart; the same load
   with the bot's core kept from idling (bench.spinner), which weighs what waking it costs; then
   CAPACITY_TABLES tables playing without a pause, the bot's core full: its capacity, moves a
   second a core; then a floor bot that does only the Discord side of a move (bench.discord_floor),
   at the paced load;
3. start-up with 10,000 stored tables (bench.whole_startup), as a running bot leaves them, and
   as its clock never saw them.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import time
from pathlib import Path

from tests.e2e.fakediscord import DiscordRuleBroken, contract

from .bot_process import BotProcess, CoreTimes, cores
from .discord_floor import floor
from .fake_meter import MeteredDiscord, NotAnswered
from .players import VARIANTS, Stumble, Table, play
from .spinner import core_kept_busy, possible
from .whole_report import delta, report_beside, report_capacity, report_games, report_load

# Moves a second asked of all tables: the target is for >= 35 served; players who fall behind their
# schedule (the bot is slow to show their last move) send less, 92-97% of what is asked in the runs
# seen; more would load the core beyond the target's load.
RATE = 38.0
TABLES = 100
# The capacity run: this many tables playing without a pause keep the bot's core 98-100% busy (the
# measuring side, on the other core, makes the presses of fewer too slowly to fill it)
CAPACITY_TABLES, CAPACITY_WINDOW = 160, 20.0
SLICES = 3  # the window's thirds, reported apart to show how much the figures moved within a run


class LoopLag:
    """This process's own loop lag: if the fake and the players fall behind, latencies grow that
    the bot did not cause; the report says how far behind they were (and how much of it was this
    process's garbage collector)."""

    def __init__(self) -> None:
        self.stalls: list[float] = []
        self.intervals: list[tuple[float, float]] = []  # (from, to) on time.perf_counter, as the fake's times
        self.gc: list[float] = []
        self.task: asyncio.Task | None = None
        self._started = 0.0

    def _collector(self, phase, info) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.gc.append(time.perf_counter() - self._started)

    async def _run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.01)
            woke = time.perf_counter()
            lag = woke - started - 0.01
            if lag > 0.02:
                self.stalls.append(lag)
                self.intervals.append((woke - lag, woke))

    def __enter__(self) -> "LoopLag":
        # This process is the measuring instrument: its collector's pauses (up to 160 ms over the
        # fake's messages and pictures) would show as the bot's latency. Off while measuring.
        gc.collect()
        gc.disable()
        gc.callbacks.append(self._collector)
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc) -> None:
        self.task.cancel()
        gc.callbacks.remove(self._collector)  # first: the first collection after enable() is not ours to count
        gc.enable()


async def started_bot(
    folder: Path, fake: MeteredDiscord, core: int | None, split: bool, blank_pictures: bool = False
) -> BotProcess:
    folder.mkdir(parents=True, exist_ok=True)
    bot = BotProcess(
        folder, fake, folder / "bot.sqlite3", core=core, split=split, seed="bench", blank_pictures=blank_pictures
    )
    await bot.start()
    await bot.wait_ready()
    return bot


def people(fake: MeteredDiscord, tables: int) -> list[Table]:
    """`tables` tables cycling through every game's variants, with their people, made before the
    bot connects (its GUILD_CREATE then lists them)."""
    made = []
    for number in range(tables):
        variant = VARIANTS[number % len(VARIANTS)]
        players = fake.add_users(*(f"p{number}x{seat}" for seat in range(variant.seats)))
        made.append(Table(fake, number, variant, players))
    return made


async def whole_games(folder: Path, core: int | None, quick: bool, say) -> dict:
    """Every variant's whole game, one table at a time (quick: the first moves of each)."""
    most_moves, most_seconds = (12, 20.0) if quick else (400, 60.0)
    fake = await MeteredDiscord(quiet=0.03).start()
    bot = None
    games = []
    try:
        tables = people(fake, len(VARIANTS))
        bot = await started_bot(folder, fake, core, split=True)
        # what the bot spends doing nothing (heartbeats, its clock, the probes): a floor under every figure
        resting = await bot.snapshot()
        await asyncio.sleep(1.0 if quick else 2.0)
        idle = delta(resting, await bot.snapshot())
        with LoopLag() as lag:
            for table in tables:
                games.append(await whole_game(fake, bot, table, core, most_moves, most_seconds))
        errors = bot.errors_logged()
    finally:
        if bot is not None:
            await bot.stop()
        await fake.close()
    return report_games(games, errors, lag, idle, quick, say)


async def whole_game(
    fake: MeteredDiscord, bot: BotProcess, table: Table, core: int | None, most_moves: int, most_seconds: float
) -> dict:
    """One game at one table, lobby and play measured apart."""
    start_of_lobby = await bot.snapshot()
    await table.sit_down()
    before, core_before = await bot.snapshot(), CoreTimes.read(core)
    acks, shown, started = len(fake.acks), len(fake.shown), time.perf_counter()
    whole, failure = True, None
    try:
        while table.meter.moves < most_moves and time.perf_counter() - started < most_seconds:
            if not await table.move():
                break
        else:  # stopped by a limit, not by the end of the game
            whole = False
    except (Stumble, NotAnswered, DiscordRuleBroken) as error:
        whole, failure = False, f"{type(error).__name__}: {str(error)[:300]}"
    seconds = time.perf_counter() - started
    after = await bot.snapshot()
    return {
        "variant": table.variant.name,
        "game": table.variant.game,
        "seats": table.variant.seats,
        "moves": table.meter.moves,
        "whole_game": whole,
        "failure": failure,
        "stumbles": table.stumbles,
        "seconds": round(seconds, 2),
        "requests": {
            phase: [[m, t, n] for (m, t), n in counter.items()] for phase, counter in table.meter.requests.items()
        },
        "ack_s": [lat for _, lat, move in fake.acks[acks:] if move],
        "ack_all_s": [lat for _, lat, _ in fake.acks[acks:]],
        "shown_s": [lat for _, lat in fake.shown[shown:]],
        "timed_acks": [(sent, lat) for sent, lat, move in fake.acks[acks:] if move],
        "timed_shown": fake.shown[shown:],
        "lobby": delta(start_of_lobby, before),
        "play": delta(before, after),
        "core": vars(CoreTimes.read(core) - core_before),
    }


async def many_tables(
    folder: Path,
    core: int | None,
    quick: bool,
    say,
    blank_pictures: bool = False,
    kept_busy: bool = False,
    saturated: bool = False,
) -> dict:
    """TABLES tables at once, paced: each table's moves come at random (Poisson) moments, RATE a
    second over all; a finished game is followed by a new one in a new channel. The first seconds
    are a warm-up, not counted: a bot that has run a while has its menus and pictures of the
    current boards cached, and the tables' first moves all come at once. `blank_pictures`: every
    picture is the same blank one (bench.pictures.blank_pictures), to weigh pictures apart.
    `kept_busy`: a spinner at the lowest priority keeps the bot's core from idling (bench.spinner),
    to weigh what waking it costs. `saturated`: CAPACITY_TABLES tables whose players press again as
    soon as their last move is answered, no pause: the bot's core full, its capacity."""
    count, rate, warm, window = (20, 10.0, 1.0, 6.0) if quick else (TABLES, RATE, 5.0, 30.0)
    if saturated:
        count, window = (count, window) if quick else (CAPACITY_TABLES, CAPACITY_WINDOW)
    fake = await MeteredDiscord(quiet=0.1).start()
    bot = None
    try:
        tables = people(fake, count)
        bot = await started_bot(folder, fake, core, split=False, blank_pictures=blank_pictures)
        opening = asyncio.Semaphore(10)

        async def sit(table: Table) -> None:
            async with opening:
                await table.sit_down()

        await asyncio.gather(*(sit(table) for table in tables))
        behind: list[tuple[float, float]] = []  # (when a move was due, how late it was sent)
        failures: list[str] = []

        marks = []

        async def marking(start: float) -> None:
            """The bot's figures when the warm-up ends and at each third of the window after it."""
            for third in range(SLICES):
                await asyncio.sleep(max(0.0, start + warm + window * third / SLICES - time.perf_counter()))
                marks.append((await bot.snapshot(), CoreTimes.read(core), time.perf_counter()))

        async with core_kept_busy(core) if kept_busy else contextlib.nullcontext():
            with LoopLag() as lag:
                start = time.perf_counter()
                marks_task = asyncio.create_task(marking(start))
                pace = None if saturated else rate / count
                opened = await asyncio.gather(
                    *(play(table, start, start + warm + window, pace, behind, failures) for table in tables)
                )
                await marks_task
                marks.append((await bot.snapshot(), CoreTimes.read(core), time.perf_counter()))
        measured = marks[0][2]  # the window starts after the warm-up: what came before is not counted
        seconds = marks[-1][2] - measured
        before, after = marks[0][0], marks[-1][0]
        core_times = marks[-1][1] - marks[0][1]
        timed_acks = [(sent, lat) for sent, lat, move in fake.acks if move and sent >= measured]
        moves = len(timed_acks)
        thirds = [
            {"from": a[2], "to": b[2], "bot": delta(a[0], b[0]), "core": vars(b[1] - a[1])}
            for a, b in zip(marks, marks[1:])
        ]
        figures = {
            "tables": count,
            "rate_asked": rate,
            "seconds": round(seconds, 2),
            "moves": moves,
            "warm_up_s": warm,
            "ack_s": [lat for _, lat in timed_acks],
            "ack_all_s": [lat for sent, lat, _ in fake.acks if sent >= measured],
            "shown_s": [lat for sent, lat in fake.shown if sent >= measured],
            "timed_acks": timed_acks,
            "timed_shown": [(sent, lat) for sent, lat in fake.shown if sent >= measured],
            "thirds": thirds,
            "behind_s": [late for due, late in behind if due >= measured],
            "failures": failures,
            "games_opened": sum(opened),
            "stumbles": sum(table.stumbles for table in tables),
            "requests": [[m, t] for arrived, m, t in fake.all_requests if arrived >= measured],
            "bot": delta(before, after),
            "core": vars(core_times),
            "driver_stalls_s": lag.stalls,
            "driver_gc_s": lag.gc,
            "driver_intervals": lag.intervals,
            "errors_logged": bot.errors_logged()[:5],
            "variants": sorted({t.variant.name for t in tables}),
        }
    finally:
        if bot is not None:
            await bot.stop()
        await fake.close()
    if blank_pictures or kept_busy:
        return report_beside(
            figures,
            say,
            "every picture a blank 16x16 JPEG (nothing drawn or encoded; the same requests)"
            if blank_pictures
            else "the bot's core kept from idling by a spinner at the lowest priority (bench/spinner.py)",
        )
    return report_capacity(figures, say) if saturated else report_load(figures, say)


def quiet_fake() -> None:
    """The e2e tier keeps every request body for its OpenAPI contract check (a JSON encoding of each,
    on this process's loop): not needed here."""
    contract.record = lambda *args, **kwargs: None


def pin_bench(own: set[int]) -> set[int] | None:
    """This process (the fake and the players) on the cores the bot does not use."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, own)
    return saved


async def measure(folder: Path, quick: bool, say, only_startup: bool = False) -> dict:
    from .whole_startup import start_up

    core, own = cores()
    saved = pin_bench(own)
    quiet_fake()
    try:
        where = (
            f"pinned to core {core}; the fake Discord and the simulated players in this one, on core(s) {sorted(own)}"
            if core is not None
            else "NOT pinned: only one core is allowed, which the fake Discord and the players share with it"
        )
        say(
            f"The whole bot: the real bot in its own process {where}; all traffic on 127.0.0.1. A process of its own: "
            "its CPU time is the bot's alone, one core is one core for all its threads, and /proc tells how long "
            "they waited for it"
        )
        results: dict = {"bot_core": core, "bench_cores": sorted(own)}
        if not only_startup:
            results["games"] = await whole_games(folder / "games", core, quick, say)
            results["load"] = await many_tables(folder / "load", core, quick, say)
            results["load_blank_pictures"] = await many_tables(
                folder / "load-blank", core, quick, say, blank_pictures=True
            )
            if possible(core):
                results["load_core_kept_busy"] = await many_tables(
                    folder / "load-kept-busy", core, quick, say, kept_busy=True
                )
            results["capacity"] = await many_tables(folder / "capacity", core, quick, say, saturated=True)
            results["discord_floor"] = await floor(folder / "discord-floor", core, quick, say)
        results["start_up"] = await start_up(folder / "start-up", core, quick, say)
        results["start_up_clock_unseen"] = await start_up(
            folder / "start-up-unseen", core, quick, say, clock_seen=False
        )
        return results
    finally:
        if saved is not None:
            os.sched_setaffinity(0, saved)


def run(folder: Path, quick: bool, say, only_startup: bool = False) -> dict:
    return asyncio.run(measure(folder, quick, say, only_startup))
