"""The bot's own process in the whole-bot bench: the real bot, started as `python -m bot run` starts
it (bot.app.serve: check the database, build_bot, tune_gc, bot.start), pinned to one core, with
probes beside it. Settings come from the environment, as in production (the bench points
DISCORD_API_BASE and DISCORD_GATEWAY_URL at the fake Discord on 127.0.0.1).

    python -m bench.botproc --cpu N --stats DIR [--split] [--guild-ready SECONDS] [--seed TEXT]

Why a process of its own: its CPU time is the bot's alone (not the fake Discord's nor the
simulated players'), one core is one core (the affinity is set before anything is imported, so
every thread the bot starts shares it), and /proc tells how long its threads waited for that core.

Probes (cheap, on all the time):
- the loop's lag: a task sleeping 10 ms; waking more than 20 ms late is a stall, recorded with what
  the loop's thread did meanwhile: its own CPU time, its wait in the run queue (another process or
  another of our threads had the core), and the CPU our other threads used;
- Python's garbage collector: every pause;
- milestones (monotonic clock, comparable across processes): imported, setup_hook done, ready,
  the clock's first pass and the publisher's first catch-up over every stored table done;
- with --split, CPU by part of the bot (bench.cpu_split, installed before the bot is imported).
SIGUSR1 writes everything so far to DIR/snapshot-N.json (N = 1, 2, ...); SIGTERM closes the bot.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

STALL = 0.020  # a turn of the event loop this long is a stall
GC_LOGGED = 0.002  # collector pauses at least this long are kept one by one


def arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m bench.botproc")
    parser.add_argument("--cpu", type=int, default=None)
    parser.add_argument("--stats", required=True)
    parser.add_argument("--split", action="store_true")
    parser.add_argument("--guild-ready", type=float, default=0.05)
    parser.add_argument("--seed", default="")
    parser.add_argument("--blank-pictures", action="store_true")
    return parser.parse_args(argv)


ARGS = arguments(sys.argv[1:])
signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # a snapshot asked for too early must not end the process
if ARGS.cpu is not None:  # before any import: every thread made later inherits the one core
    os.sched_setaffinity(0, {ARGS.cpu})
if ARGS.split:
    from bench import cpu_split

    cpu_split.install()

import asyncio  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

from bot.clock.scheduler import Clock  # noqa: E402
from bot.discord_app.app import build_bot, tune_gc  # noqa: E402
from bot.discord_app.delivery.publisher import Publisher  # noqa: E402
from bot.discord_app.startup import check_database  # noqa: E402
from bot.logs import setup_logging  # noqa: E402
from bot.settings import Settings  # noqa: E402

MILESTONES: dict[str, float] = {"imported": time.monotonic()}
STALLS: list[list[float]] = []  # [when it ended, length, the loop thread's CPU, its run-queue wait], seconds
GC_PAUSES: list[list[float]] = []  # [when, seconds] for pauses >= GC_LOGGED
GC_TOTALS = {"count": 0, "seconds": 0.0, "longest": 0.0}
PROBE = {"turns": 0}


def schedstat(tid: int) -> tuple[float, float]:
    """(CPU seconds, seconds waiting in the run queue) of one of our threads."""
    try:
        with open(f"/proc/self/task/{tid}/schedstat", "rb") as file:
            run, wait = file.read().split()[:2]
        return int(run) / 1e9, int(wait) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


def role(name: str) -> str:
    if name == "MainThread":
        return "loop"
    if "_connection_worker_thread" in name:
        return "sqlite"
    if name.startswith("sqlite-checkpoint"):
        return "checkpoint"
    if name.startswith(("asyncio_", "picture")):
        return "workers"
    return "other"


def threads() -> list[dict]:
    names = {thread.native_id: thread.name for thread in threading.enumerate()}
    found = []
    for entry in os.listdir("/proc/self/task"):
        cpu, wait = schedstat(int(entry))
        name = names.get(int(entry), "?")
        found.append({"tid": int(entry), "name": name, "role": role(name), "cpu_s": cpu, "wait_s": wait})
    return found


class LoopTurns:
    """Each turn of the event loop, from the moment select() returns to the end of the callbacks it
    then runs: meanwhile the loop sees nothing new (no message, no answer), so a turn longer than
    STALL is a stall. Measured by wrapping the loop's own `_run_once` and its selector's `select`:
    no task of its own, which would wake the loop a hundred times a second (about 15 ms of CPU a
    second on this kind of machine, as much as a move's whole cost every second). A stall is kept
    with the loop thread's CPU time and run-queue wait over it (/proc schedstat, read once a turn);
    the rest of its length the thread was held up otherwise (waiting for the GIL that our picture or
    SQLite thread held)."""

    def __init__(self, loop) -> None:
        self.fd = os.open(f"/proc/self/task/{threading.get_native_id()}/schedstat", os.O_RDONLY)
        self.woke, self.at_wake = time.monotonic(), self.schedstat()
        select, run_once = loop._selector.select, loop._run_once

        def timed_select(timeout=None):
            try:
                return select(timeout)
            finally:
                self.woke, self.at_wake = time.monotonic(), self.schedstat()

        def timed_run_once():
            run_once()
            PROBE["turns"] += 1
            turn = time.monotonic() - self.woke
            if turn > STALL:
                cpu, wait = self.schedstat()
                STALLS.append([time.monotonic(), turn, cpu - self.at_wake[0], wait - self.at_wake[1]])

        loop._selector.select = timed_select
        loop._run_once = timed_run_once

    def schedstat(self) -> tuple[float, float]:
        run, wait = os.pread(self.fd, 64, 0).split()[:2]
        return int(run) / 1e9, int(wait) / 1e9


def watch_collector() -> None:
    started = [0.0]

    def timing(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
            return
        spent = time.perf_counter() - started[0]
        GC_TOTALS["count"] += 1
        GC_TOTALS["seconds"] += spent
        GC_TOTALS["longest"] = max(GC_TOTALS["longest"], spent)
        if spent >= GC_LOGGED:
            GC_PAUSES.append([time.monotonic(), spent])

    gc.callbacks.append(timing)


def first_time(cls, name: str, milestone: str) -> None:
    """Mark when `cls.name` first returns (the first pass over every stored table)."""
    original = getattr(cls, name)

    async def marked(self, *args, **kwargs):
        try:
            return await original(self, *args, **kwargs)
        finally:
            MILESTONES.setdefault(milestone, time.monotonic())

    setattr(cls, name, marked)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Snapshots:
    def __init__(self, folder: Path, calibration: float) -> None:
        self.folder, self.number, self.calibration = folder, 0, calibration

    def write(self) -> None:
        from bench import cpu_split

        self.number += 1
        figures = {
            "n": self.number,
            "when": time.monotonic(),
            "process_cpu_s": time.process_time(),
            "threads": threads(),
            "rss_mb": rss_mb(),
            "milestones": MILESTONES,
            "stalls": STALLS,
            "loop_turns": PROBE["turns"],
            "gc": {**GC_TOTALS, "pauses": GC_PAUSES},
            "split": cpu_split.LEDGER.snapshot() if ARGS.split else None,
            "change_cost_s": self.calibration,
        }
        temporary = self.folder / f".snapshot-{self.number}.json"
        temporary.write_text(json.dumps(figures))
        temporary.rename(self.folder / f"snapshot-{self.number}.json")


async def main() -> None:
    settings = Settings()
    setup_logging(settings)
    if ARGS.seed:  # tables dealt from known seeds (what the e2e tests do), so runs play the same games
        import itertools
        import types

        from bot.tables import lobby

        numbers = itertools.count(1)
        lobby.secrets = types.SimpleNamespace(token_hex=lambda size: f"{ARGS.seed}-{next(numbers)}")
    calibration = 0.0
    if ARGS.split:
        from bench import cpu_split

        calibration = cpu_split.calibrate()
    first_time(Clock, "tick", "clock_first_pass")
    first_time(Publisher, "catch_up_all", "catch_up_first_pass")
    watch_collector()
    if ARGS.blank_pictures:
        from bench.pictures import blank_pictures

        blank_pictures()
    loop = asyncio.get_running_loop()
    snapshots = Snapshots(Path(ARGS.stats), calibration)
    loop.add_signal_handler(signal.SIGUSR1, snapshots.write)
    LoopTurns(loop)
    await check_database(settings.bot_db_path)
    bot = build_bot(settings)
    # discord.py waits this long after the last GUILD_CREATE before `ready` (2 s by default); the
    # fake sends its one guild at once (the e2e runner sets 0.05 s too)
    bot._connection.guild_ready_timeout = ARGS.guild_ready
    first_time(type(bot), "setup_hook", "setup_hook_done")
    tune_gc()
    loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))

    async def ready():
        await bot.wait_until_ready()
        MILESTONES["ready"] = time.monotonic()

    marker = asyncio.create_task(ready())
    async with bot:
        await bot.start(settings.discord_token.get_secret_value())
    marker.cancel()


if __name__ == "__main__":
    asyncio.run(main())
