"""The service on PostgreSQL (part of `python -m bench --only service`): TableService on PostgresStore
beside TableService on the SQLite store, and the PostgreSQL ceiling (bench.postgres_ceiling), on a
throwaway PostgreSQL server of the bench's own (tests/pg/server.py, imported as it is).

- Saturated, interleaved: the three at once in one event loop, each with its tables behind a gate
  (bench.load.Gate), open in turn for slices of SLICE_S (each timed after a RAMP_S ramp, as
  bench.load.alternating does), the order rotated every time, in ROUNDS rounds: all their rates come
  from the same moments of the machine, and each round gives one figure of each (ranges over rounds).
- Paced: the service on each store at a fixed rate (Poisson moments, latency from when a move was
  due), PostgreSQL and SQLite in turn, a fresh database each, ROUNDS times.

The server runs on the cores the service is not pinned to (where there is one), as a database server
would: its processes' CPU time and wait for a core are read from /proc and reported beside ours.
Where no server can be had, one line says why and the rest of the bench runs.
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import asyncpg

from bot.store.base import TableStore
from bot.store.errors import StoreUnavailable
from bot.store.postgres import POOL_SIZE, PostgresStore
from bot.store.sqlite import Store
from bot.tables.service import TableService
from tests.stores import create_database

from . import load
from .load import Gate, Run, collector_pauses, open_table, percentile, play_table, run_queue_wait, stolen_time
from .postgres_ceiling import PostgresCeiling
from .scripts import Script, outbox_texts

SLICE_S, RAMP_S = 0.5, load.RAMP_S
ROUNDS, SLICES_PER_ROUND, PACED_S = 3, 8, 8.0
QUICK = {"tables": 100, "rounds": 2, "slices": 2, "paced_s": 1.0, "rate": 100.0}
FULL = {"tables": 1000, "rounds": ROUNDS, "slices": SLICES_PER_ROUND, "paced_s": PACED_S, "rate": 1000.0}
Say = Callable[[str], None]


def server_usage(postmaster: int | None) -> tuple[float, float]:
    """(seconds on a core, seconds waiting for one) of the server's processes so far: the postmaster
    and its children (/proc/PID/schedstat), and the children that have ended (autovacuum's workers:
    the postmaster's cutime and cstime); (0, 0) where /proc cannot tell."""
    if postmaster is None:
        return 0.0, 0.0
    ran = waited = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rpartition(")")[2].split()
            if int(entry.name) == postmaster:  # fields 16 and 17 (here 13 and 14): its ended children's
                ran += (int(stat[13]) + int(stat[14])) / os.sysconf("SC_CLK_TCK")
            elif int(stat[1]) != postmaster:
                continue
            fields = (entry / "schedstat").read_text().split()
            ran, waited = ran + int(fields[0]) / 1e9, waited + int(fields[1]) / 1e9
        except (OSError, IndexError, ValueError):
            continue
    return ran, waited


FIGURES = ("actions", "seconds", "cpu", "waited", "stolen", "server_cpu", "server_waited")


@dataclass
class Lane:
    """One of the interleaved contenders: its gate, and its figures over the slices it was timed."""

    name: str
    gate: Gate
    moves: Callable[[], int]
    latencies: list[float]
    figures: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0.0))
    timed_latencies: list[float] = field(default_factory=list)
    pauses: list[float] = field(default_factory=list)


def lane_summary(lane: Lane) -> dict[str, Any]:
    f, ordered = lane.figures, sorted(lane.timed_latencies)
    actions, seconds = max(1.0, f["actions"]), max(1e-9, f["seconds"])
    return {
        "actions": int(f["actions"]),
        "seconds": round(f["seconds"], 3),
        "actions_per_s": round(f["actions"] / seconds, 1),
        "p50_ms": round(percentile(ordered, 50) * 1000, 3),
        "p99_ms": round(percentile(ordered, 99) * 1000, 3),
        "cpu_us_per_action": round(f["cpu"] / actions * 1e6, 1),
        "waited_share": round(f["waited"] / seconds, 3),
        "stolen_share": round(f["stolen"] / seconds, 3),
        "server_cpu_us_per_action": round(f["server_cpu"] / actions * 1e6, 1),
        "server_busy_share": round(f["server_cpu"] / seconds, 3),
        "server_waited_share": round(f["server_waited"] / seconds, 3),
        "gc_ms_per_s": round(sum(lane.pauses) * 1000 / seconds, 1),
        "gc_longest_ms": round(max(lane.pauses, default=0.0) * 1000, 1),
    }


async def timed_slice(lane: Lane, pauses: list[float], postmaster: int | None, seconds: float) -> None:
    """Open the lane's gate for RAMP_S + `seconds`, timing the part after the ramp, then close it and
    wait for its moves in flight (as bench.load.alternating does)."""
    lane.gate.open.set()
    await asyncio.sleep(RAMP_S)
    server = server_usage(postmaster)
    moves, latencies, collected = lane.moves(), len(lane.latencies), len(pauses)
    cpu, waited, stolen, start = time.process_time(), run_queue_wait(), stolen_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    lane.gate.open.clear()
    if lane.gate.flying:
        await lane.gate.drained.wait()
    f = lane.figures
    f["seconds"] += time.perf_counter() - start
    f["cpu"] += time.process_time() - cpu
    f["waited"] += run_queue_wait() - waited
    f["stolen"] += stolen_time() - stolen
    f["actions"] += lane.moves() - moves
    lane.timed_latencies += lane.latencies[latencies:]
    lane.pauses += pauses[collected:]
    ran, queued = server_usage(postmaster)
    f["server_cpu"] += ran - server[0]
    f["server_waited"] += queued - server[1]


async def warm(store: TableStore) -> None:
    """Opens the pool's connections (PostgresStore opens one and the others as jobs come at once):
    a running bot's pool is open, and a connection's set-up (10-50 ms) is no move's latency."""
    if isinstance(store, PostgresStore):
        await asyncio.gather(*(store.run_job(lambda db: db.fetchval("SELECT 1"), "read") for _ in range(2 * POOL_SIZE)))


async def open_service(store: TableStore, scripts: list[Script], tables: int, run: Run) -> tuple[TableService, list]:
    """A TableService on `store` with `tables` tables started (one after another), the pool warm."""
    service = TableService(store)
    firsts = [await open_table(service, number, scripts[number % len(scripts)], run) for number in range(tables)]
    run.lobby_writes = 0
    await warm(store)
    return service, firsts


def service_lane(name: str, service: TableService, scripts: list[Script], run: Run, firsts: list) -> tuple[Lane, Any]:
    gate = Gate()
    tasks = asyncio.gather(
        *(
            play_table(service, n, scripts[n % len(scripts)], run, 0.0, float("inf"), None, firsts[n], gate)
            for n in range(run.tables)
        )
    )
    return Lane(name, gate, lambda: run.moves, run.latencies), tasks


async def interleaved(folder: Path, dsn: str, postmaster: int | None, scripts: list[Script], plan: dict) -> dict:
    """The service on SQLite, the service on PostgreSQL and the PostgreSQL ceiling, in turn."""
    tables = plan["tables"]
    states = [state for script in scripts for state in script.states]
    sqlite_store = await Store.open(folder / "interleaved.sqlite3")
    postgres_store = await PostgresStore.open(await create_database(dsn, "bench_interleaved"))
    ceiling = PostgresCeiling(await create_database(dsn, "bench_ceiling"), states, tables, outbox_texts(scripts))
    lanes: list[Lane] = []
    players = []
    try:
        for name, store in (("sqlite", sqlite_store), ("postgres", postgres_store)):
            run = Run(tables, "saturated, interleaved", 0.0)
            service, firsts = await open_service(store, scripts, tables, run)
            lane, tasks = service_lane(name, service, scripts, run, firsts)
            lanes.append(lane)
            players.append(tasks)
        await ceiling.open()
        lanes.append(Lane("ceiling", ceiling.gate, lambda: ceiling.actions, ceiling.latencies))
        rounds = []
        pauses: list[float] = []
        with collector_pauses(pauses):
            for _ in range(plan["rounds"]):
                for lane in lanes:
                    lane.figures, lane.timed_latencies, lane.pauses = dict.fromkeys(FIGURES, 0.0), [], []
                for k in range(plan["slices"]):
                    for lane in lanes[k % 3 :] + lanes[: k % 3]:
                        await timed_slice(lane, pauses, postmaster, plan.get("slice_s", SLICE_S))
                figures = {lane.name: lane_summary(lane) for lane in lanes}
                pg, lite, top = figures["postgres"], figures["sqlite"], figures["ceiling"]
                figures["ratio_to_ceiling"] = round(pg["actions_per_s"] / max(1e-9, top["actions_per_s"]), 3)
                figures["postgres_to_sqlite"] = round(pg["actions_per_s"] / max(1e-9, lite["actions_per_s"]), 3)
                rounds.append(figures)
        for lane, tasks in zip(lanes, players):
            lane.gate.stop = True
            lane.gate.open.set()
            await tasks
    finally:
        await ceiling.close()
        await sqlite_store.close()
        await postgres_store.close()
    return {"tables": tables, "rounds": rounds, "ceiling": ceiling.summary()}


async def paced(
    store: TableStore, scripts: list[Script], tables: int, seconds: float, rate: float, postmaster: int | None
) -> dict:
    """bench.load.measure's paced run, on a store given open (closed at the end)."""
    run = Run(tables, f"paced {rate:g}/s", seconds)
    try:
        service, firsts = await open_service(store, scripts, tables, run)
        gap = tables / rate
        server = server_usage(postmaster)
        cpu, waited, stolen, start = time.process_time(), run_queue_wait(), stolen_time(), time.perf_counter()
        with collector_pauses(run.gc_pauses):
            await asyncio.gather(
                *(
                    play_table(service, n, scripts[n % len(scripts)], run, start, start + seconds, gap, firsts[n])
                    for n in range(tables)
                )
            )
        run.seconds = time.perf_counter() - start
        run.cpu_seconds, run.waited_seconds = time.process_time() - cpu, run_queue_wait() - waited
        run.stolen_seconds = stolen_time() - stolen
        ran, queued = server_usage(postmaster)
    finally:
        await store.close()
    figures = run.summary()
    figures["server_cpu_us_per_action"] = round((ran - server[0]) / max(1, run.moves) * 1e6, 1)
    figures["server_waited_share"] = round((queued - server[1]) / run.seconds, 3)
    return figures


async def paced_rounds(folder: Path, dsn: str, postmaster: int | None, scripts: list[Script], plan: dict) -> list[dict]:
    rounds = []
    for number in range(plan["rounds"]):
        figures = {}
        order = ("postgres", "sqlite") if number % 2 == 0 else ("sqlite", "postgres")
        for name in order:
            if name == "postgres":
                store: TableStore = await PostgresStore.open(await create_database(dsn, f"bench_paced_{number}"))
            else:
                store = await Store.open(folder / f"paced-{number}.sqlite3")
            figures[name] = await paced(store, scripts, plan["tables"], plan["paced_s"], plan["rate"], postmaster)
        rounds.append(figures)
    return rounds


def run(folder: Path, results: dict, scripts: list[Script], quick: bool, say: Say, cores: set[int] | None) -> None:
    """Measure and report; `results["postgres"]` gets the figures, or `unavailable` with the reason.
    `cores`: where the server runs (None: where this thread may)."""
    from .postgres_report import report

    def unavailable(why: object) -> None:
        results["postgres"] = {"unavailable": " ".join(str(why).split())}
        say(f"The service on PostgreSQL: not measured: {results['postgres']['unavailable']}")

    plan = QUICK if quick else FULL
    folder.mkdir(parents=True, exist_ok=True)
    try:
        from tests.pg import server as pg
    except ImportError as error:  # tests/pg/server.py needs pytest (a dev dependency)
        return unavailable(f"cannot import tests.pg.server: {error}")
    server = pg.Server()
    try:
        apart = set(cores or ()) if hasattr(os, "sched_setaffinity") else set()
        mine = os.sched_getaffinity(0) if apart else None
        try:
            if mine:
                os.sched_setaffinity(0, apart)  # the server's processes inherit it: off our core
            server.start()
        except pg.Unavailable as why:
            return unavailable(why)
        finally:
            if mine:
                os.sched_setaffinity(0, mine)
        figures: dict[str, Any] = {
            "server_cores": sorted(apart) if mine else None,
            "server_settings": dict(pg.SETTINGS),
            "start_s": round(server.timings.get("initdb", 0.0) + server.timings.get("start", 0.0), 2),
        }
        try:
            figures["server_version"] = asyncio.run(server_version(server.dsn))
            figures.update(asyncio.run(interleaved(folder, server.dsn, server.pid, scripts, plan)))
            figures["paced"] = asyncio.run(paced_rounds(folder, server.dsn, server.pid, scripts, plan))
        except StoreUnavailable as why:
            return unavailable(why)
    finally:
        server.stop()
    figures["rate"] = plan["rate"]
    results["postgres"] = figures
    engine = results.get("engine") or {}
    report(figures, say, sum(v["mean_us"] for v in engine.values()) / max(1, len(engine)))


async def server_version(dsn: str) -> str:
    connection = await asyncpg.connect(dsn)
    try:
        return str(await connection.fetchval("SHOW server_version"))
    finally:
        await connection.close()
