"""Actions through TableService and a real SQLite file, with many tables at once.

Each table plays a pre-played script (bench.scripts) move by move, as its players would: one
`service.act` at a time per table, with the board version it last saw. Two ways to load it:

- saturated: every table sends its next move as soon as the last one is acknowledged (the most
  the service can do; with many tables the latency is mostly the queue, by Little's law);
- paced: the tables together send a fixed number of moves a second at random (Poisson) moments,
  as players would; the latency is counted from the moment a move was due, so a slow service
  cannot hide its delay by slowing the senders down.

A table whose script ends is finished; the same channel then opens a new table and plays again.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.store.sqlite import Store
from bot.tables.service import TableService

from .scripts import Script

USERS_PER_TABLE = 100  # user ids: table number * 100 + seat + 1
RAMP_S = 0.3  # untimed start of each alternating slice (see `alternating`)


@dataclass
class Run:
    tables: int
    mode: str
    seconds: float
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    wrong_final_states: int = 0
    lobby_writes: int = 0
    cpu_seconds: float = 0.0  # CPU time of the whole process (every thread) over the run
    waited_seconds: float = 0.0  # time our threads were ready but another process had the core
    stolen_seconds: float = 0.0  # time the hypervisor gave our core to another machine (steal)
    gc_pauses: list[float] = field(default_factory=list)  # the garbage collector's pauses, seconds

    def summary(self) -> dict:
        ordered = sorted(self.latencies)
        return {
            "tables": self.tables,
            "mode": self.mode,
            "seconds": round(self.seconds, 3),
            "actions": self.moves,
            "actions_per_s": round(self.moves / self.seconds, 1),
            "p50_ms": round(percentile(ordered, 50) * 1000, 3),
            "p99_ms": round(percentile(ordered, 99) * 1000, 3),
            "max_ms": round(ordered[-1] * 1000, 3) if ordered else 0.0,
            "games_finished": self.games_finished,
            "wrong_final_states": self.wrong_final_states,
            "lobby_writes": self.lobby_writes,
            "cpu_us_per_action": round(self.cpu_seconds / max(1, self.moves) * 1e6, 1),
            "cpu_waited_share": round(self.waited_seconds / self.seconds, 3),
            "cpu_stolen_share": round(self.stolen_seconds / self.seconds, 3),
            "gc_pauses": len(self.gc_pauses),
            "gc_ms_per_s": round(sum(self.gc_pauses) * 1000 / self.seconds, 1),
            "gc_longest_ms": round(max(self.gc_pauses, default=0) * 1000, 1),
        }


def percentile(ordered: list[float], p: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


@contextmanager
def collector_pauses(pauses: list[float]):
    """Record how long each of Python's garbage collections takes, while inside."""
    started = [0.0]

    def timing(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - started[0])

    gc.callbacks.append(timing)
    try:
        yield
    finally:
        gc.callbacks.remove(timing)


def run_queue_wait() -> float:
    """Seconds this process's threads have spent waiting for a core (Linux schedstat; else 0)."""
    total = 0.0
    try:
        for task in Path("/proc/self/task").iterdir():
            total += int((task / "schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0
    return total


def stolen_time() -> float:
    """Seconds of steal on the cores this process may run on (/proc/stat; 0 elsewhere): time a
    virtual machine's core was ready to run but the host ran something else. No process in the
    machine sees it as waiting, yet it stalls everything, as a long pause would."""
    cores = {f"cpu{core}" for core in os.sched_getaffinity(0)} if hasattr(os, "sched_getaffinity") else set()
    try:
        lines = Path("/proc/stat").read_text().splitlines()
        ticks = sum(int(line.split()[8]) for line in lines if line.split()[0] in cores)
    except (OSError, IndexError, ValueError):
        return 0.0
    return ticks / os.sysconf("SC_CLK_TCK")


async def open_table(service: TableService, number: int, script: Script, run: Run):
    users = [number * USERS_PER_TABLE + seat + 1 for seat in range(script.seats)]
    table = await service.create(
        guild_id=1, channel_id=number + 1, host_id=users[0], game=script.game, seed=script.seed
    )
    for user in users[1:]:
        table = await service.join(table.id, user)
    update = await service.start(table.id, users[0])
    run.lobby_writes += script.seats
    return update.table, users


class Gate:
    """Lets moves through only while open, and tells when none is in flight (see `alternating`)."""

    def __init__(self) -> None:
        self.open, self.drained = asyncio.Event(), asyncio.Event()
        self.flying, self.stop = 0, False

    async def enter(self) -> bool:
        if not self.open.is_set():
            await self.open.wait()
        if self.stop:
            return False
        self.flying += 1
        self.drained.clear()
        return True

    def leave(self) -> None:
        self.flying -= 1
        if not self.flying:
            self.drained.set()


async def play_table(
    service: TableService,
    number: int,
    script: Script,
    run: Run,
    start_at: float,
    stop_at: float,
    gap: float | None,
    first,
    gate: Gate | None = None,
) -> None:
    """Play `script` over and over until `stop_at`; `gap` is the mean time between moves (paced);
    with a `gate`, a move is sent only while it is open."""
    table, users = first
    chance = random.Random(number)
    due = start_at
    while True:
        for seat, action in script.moves:
            if gate is not None and not await gate.enter():
                return
            due = due + chance.expovariate(1 / gap) if gap is not None else time.perf_counter()
            if due >= stop_at:
                return
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            try:
                update = await service.act(table.id, users[seat], action, version=table.version)
            finally:
                if gate is not None:
                    gate.leave()
            run.latencies.append(time.perf_counter() - due)
            run.moves += 1
            table = update.table
        run.games_finished += 1
        if service.state_of(table) != script.final:
            run.wrong_final_states += 1
        if gate is not None and not await gate.enter():
            return
        try:
            table, users = await open_table(service, number, script, run)
        finally:
            if gate is not None:
                gate.leave()


async def alternating(
    service: TableService,
    scripts: list[Script],
    run: Run,
    firsts: list,
    other,
    slices: int,
    seconds: float,
    ramp: float = RAMP_S,
) -> None:
    """Saturated slices of `seconds`, each followed by `other(k)` (the ceiling's slice, run on this
    thread while no move is in flight): the two rates come from the same moments of the machine.
    The run's time, CPU, wait, steal, moves, latencies and collections are those of its own slices,
    each timed from `ramp` seconds after the gate opens to its last move: reopened, the gate lets
    every table move at once, as no players would, and their moves' objects, all alive together,
    cost a burst of the collector's young collections (six in the first quarter second of a slice,
    none in the rest; 142-167 ms of collection a second timed from the start, 20-60 without)."""
    gate = Gate()
    tasks = asyncio.gather(
        *(
            play_table(
                service, number, scripts[number % len(scripts)], run, 0.0, float("inf"), None, firsts[number], gate
            )
            for number in range(run.tables)
        )
    )
    timed_moves, timed_latencies, timed_pauses = 0, [], []
    for k in range(slices):
        gate.open.set()
        await asyncio.sleep(ramp)
        moves, latencies, pauses = run.moves, len(run.latencies), len(run.gc_pauses)
        cpu, waited, stolen, start = time.process_time(), run_queue_wait(), stolen_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        gate.open.clear()
        if gate.flying:
            await gate.drained.wait()
        run.seconds += time.perf_counter() - start
        run.cpu_seconds += time.process_time() - cpu
        run.waited_seconds += run_queue_wait() - waited
        run.stolen_seconds += stolen_time() - stolen
        timed_moves += run.moves - moves
        timed_latencies += run.latencies[latencies:]
        timed_pauses += run.gc_pauses[pauses:]
        other(k)
    gate.stop = True
    gate.open.set()
    await tasks
    run.moves, run.latencies, run.gc_pauses[:] = timed_moves, timed_latencies, timed_pauses


async def measure(
    path: Path,
    scripts: list[Script],
    tables: int,
    seconds: float,
    rate: float | None = None,
    alternate=None,
    slices: int = 0,
) -> Run:
    """Open `tables` tables, then play them for `seconds` (saturated, or paced at `rate` moves/s).
    With `alternate`, saturated in `slices` slices of `seconds`, alternating with `alternate(k)`."""
    store = await Store.open(path)
    service = TableService(store)
    mode = "saturated" if rate is None else f"paced {rate:g}/s"
    run = Run(tables, mode, seconds)
    try:
        firsts = []
        for number in range(tables):
            firsts.append(await open_table(service, number, scripts[number % len(scripts)], run))
        run.lobby_writes = 0
        if alternate is not None:
            run.mode, run.seconds = "saturated, alternating", 0.0
            with collector_pauses(run.gc_pauses):
                await alternating(service, scripts, run, firsts, alternate, slices, seconds)
            return run
        gap = None if rate is None else tables / rate
        cpu, waited, stolen = time.process_time(), run_queue_wait(), stolen_time()
        start = time.perf_counter()
        with collector_pauses(run.gc_pauses):
            await asyncio.gather(
                *(
                    play_table(
                        service,
                        number,
                        scripts[number % len(scripts)],
                        run,
                        start,
                        start + seconds,
                        gap,
                        firsts[number],
                    )
                    for number in range(tables)
                )
            )
        run.seconds = time.perf_counter() - start
        run.cpu_seconds, run.waited_seconds = time.process_time() - cpu, run_queue_wait() - waited
        run.stolen_seconds = stolen_time() - stolen
    finally:
        await store.close()
    return run
