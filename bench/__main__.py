"""`python -m bench` (`make bench`): the bot's speed and size, measured in one run.

Prints, and writes to bench/results.json: actions a second and p50/p99 latency through
TableService on a real SQLite file for 1, 100 and 1,000 tables at once (every game in GAMES,
seeded random play), the raw SQLite ceiling on the same machine and their ratio, the engine's own
cost per game, memory and disk per stored table, start-up time and memory with 10,000 stored
tables, and picture drawing time per game; then each target, met or missed.

The process is pinned to one core (the targets are for one core). The machine may be shared:
each load run also reports how long our threads waited for a core that another process had.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.app import GC_THRESHOLDS as GC_TUNED  # the bot's own setting (bot.app.tune_gc)
from engine import GAMES

from . import ceiling, load, pictures, startup
from .scripts import engine_costs, scripts_for_every_game

RESULTS = Path(__file__).with_name("results.json")
TARGET_RATE, TARGET_P99_MS, TARGET_TABLES, TARGET_START_UP_S, STORED_TABLES = 2000, 25.0, 1000, 2.0, 10_000


def arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test, not figures to quote)")
    parser.add_argument("--out", type=Path, default=RESULTS, help=f"where to write the figures (default {RESULTS})")
    parser.add_argument("--cpu", type=int, default=None, help="the core to pin to (default: the last one allowed)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one core")
    parser.add_argument("--gc", choices=("default", "tuned"), default="tuned",
                        help="the garbage collector as the bot runs it (tuned: gc.freeze() after start-up and "
                             f"gc.set_threshold{GC_TUNED}), or Python's default")
    return parser.parse_args(argv)


def pin(args) -> int | None:
    if args.no_pin or not hasattr(os, "sched_setaffinity"):
        return None
    cpu = args.cpu if args.cpu is not None else max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def say(text: str = "") -> None:
    print(text, flush=True)


def load_runs(folder: Path, scripts, quick: bool) -> list[dict]:
    plan = [(1, None, 4), (100, None, 5), (1000, None, 6), (1000, TARGET_RATE, 8), (1000, TARGET_RATE // 2, 8)]
    if quick:
        plan = [(1, None, 1), (100, None, 1), (100, TARGET_RATE / 10, 1)]
    say("Actions through TableService (SQLite file, WAL; one commit per action)")
    say(f"  {'tables':>6}  {'load':<13} {'actions':>7}  {'actions/s':>9}  {'p50 ms':>7}  {'p99 ms':>7}  "
        f"{'CPU µs/action':>13}  {'waited':>6}  {'stolen':>6}  {'GC ms/s':>7}  {'longest GC':>10}")
    runs = []
    for number, (tables, rate, seconds) in enumerate(plan):
        run = asyncio.run(load.measure(folder / f"load-{number}.sqlite3", scripts, tables, seconds, rate)).summary()
        runs.append(run)
        say(f"  {tables:>6}  {run['mode']:<13} {run['actions']:>7}  {run['actions_per_s']:>9,.0f}  {run['p50_ms']:>7.2f}  "
            f"{run['p99_ms']:>7.2f}  {run['cpu_us_per_action']:>13,.0f}  {run['cpu_waited_share']:>6.0%}  "
            f"{run['cpu_stolen_share']:>6.0%}  "
            f"{run['gc_ms_per_s']:>7.0f}  {run['gc_longest_ms']:>7.0f} ms")
        if run["wrong_final_states"]:
            say(f"  !! {run['wrong_final_states']} finished games ended in a state other than the engine's")
    say("  (saturated: every table sends its next move as soon as the last is answered, so with many tables the")
    say("   latency is the queue; paced: moves come at random moments at the given rate, latency counted from")
    say("   when each was due. waited: time our threads were ready to run but another process (or our other")
    say("   thread) had the core; stolen: time a virtual machine's core was taken by its host (steal), which")
    say("   stalls everything like a pause; GC: time in Python's garbage collector, a second, and its longest pause)")
    return runs


def report_engine_share(results: dict) -> None:
    engine = sum(v["mean_us"] for v in results["engine"].values()) / len(results["engine"])
    busiest = max(results["load"], key=lambda run: (run["tables"], run["mode"] == "saturated"))
    results["engine_mean_us"] = round(engine, 1)
    results["service_overhead_us"] = round(busiest["cpu_us_per_action"] - engine, 1)
    say(f"Of the {busiest['cpu_us_per_action']:,.0f} µs of CPU an action at {busiest['tables']} tables, the games' own "
        f"rules take {engine:,.0f} µs on average; the service, the store and SQLite the other "
        f"{results['service_overhead_us']:,.0f} µs")


def start_up_runs(folder: Path, scripts, quick: bool) -> dict:
    stored = 1000 if quick else STORED_TABLES
    db = folder / "stored.sqlite3"
    built = startup.build(db, scripts, stored)
    empty = folder / "empty.sqlite3"
    figures = {"stored": built}
    for name, path, use in (("empty", empty, 0), ("stored", db, min(2000, stored // 2))):
        child = subprocess.run([sys.executable, "-m", "bench.startup", str(path), str(use)], capture_output=True,
                               text=True, check=True, cwd=Path(__file__).resolve().parent.parent)
        figures[name + "_start_up"] = json.loads(child.stdout)
    return figures


def main(argv=None) -> int:
    args = arguments(argv)
    cpu = pin(args)
    if args.gc == "tuned":
        gc.freeze()
        gc.set_threshold(*GC_TUNED)
    results: dict = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"), "quick": args.quick, "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version, "pinned_cpu": cpu, "cpus": os.cpu_count(),
        "load_average_at_start": os.getloadavg(), "games": sorted(GAMES), "gc": args.gc,
    }
    say(f"Bench: Python {results['python']}, SQLite {results['sqlite']}, "
        + (f"pinned to core {cpu} of {results['cpus']}" if cpu is not None else "not pinned")
        + f", load average {results['load_average_at_start'][0]:.2f}, garbage collector: {args.gc}, "
        f"games: {', '.join(sorted(GAMES))}")
    say()
    scripts = scripts_for_every_game(2 if args.quick else 6, sample_every=5)
    results["engine"] = engine_costs(scripts)
    say("The engine alone, one action (referee.play): "
        + ", ".join(f"{k} {v['mean_us']:,.0f} µs" for k, v in results["engine"].items()))
    say()
    with tempfile.TemporaryDirectory(prefix="bench-") as name:
        folder = Path(name)
        results["load"] = load_runs(folder, scripts, args.quick)
        report_engine_share(results)
        states = [state for script in scripts for state in script.states]
        results["ceiling"] = ceiling.measure(folder / "ceiling.sqlite3", states, TARGET_TABLES, 1 if args.quick else 4)
        busiest = max(results["load"], key=lambda run: (run["tables"], run["mode"] == "saturated"))
        results["ratio_to_ceiling"] = round(busiest["actions_per_s"] / results["ceiling"]["commits_per_s"], 3)
        say()
        top = results["ceiling"]
        results["cpu_ratio_to_ceiling"] = round(top["cpu_us_per_commit"] / busiest["cpu_us_per_action"], 3)
        say(f"SQLite ceiling (plain sqlite3, same statements, one commit per action, states of "
            f"{top['mean_state_bytes']:,} bytes): {top['commits_per_s']:,.0f} commits/s "
            f"(CPU {top['cpu_us_per_commit']:,.0f} µs a commit)")
        say(f"TableService at {busiest['tables']} tables ({busiest['mode']}) runs at {results['ratio_to_ceiling']:.0%} "
            f"of it (by CPU time an action: {results['cpu_ratio_to_ceiling']:.0%})")
        say()
        results["start_up"] = start_up_runs(folder, scripts, args.quick)
        results["pictures"] = pictures.render_times(scripts, 10 if args.quick else 40)
        results["pictures_in_the_bot"] = asyncio.run(pictures.off_the_loop(folder / "pictures.sqlite3"))
    report_storage(results)
    report_pictures(results)
    results["targets"] = targets(results)
    results["load_average_at_end"] = os.getloadavg()
    args.out.write_text(json.dumps(results, indent=2, default=str))
    say()
    say(f"Figures written to {args.out}")
    return 0


def report_storage(results: dict) -> None:
    built, stored, empty = results["start_up"]["stored"], results["start_up"]["stored_start_up"], results["start_up"]["empty_start_up"]
    say(f"Storage: {built['tables']:,} stored tables with {built['log_rows']:,} log rows take "
        f"{built['bytes'] / 1e6:.1f} MB on disk: {built['bytes'] / built['tables'] / 1024:.1f} kB a table")
    say(f"Start-up with {built['tables']:,} stored tables ({stored['open_tables']:,} open): "
        f"{stored['start_up_s']:.2f} s (imports {stored['import_s']:.2f} s, open the store {stored['open_s'] * 1000:.0f} ms, "
        f"list the open tables {(stored['open_and_list_s'] - stored['open_s']) * 1000:.0f} ms; "
        f"with no tables: {empty['start_up_s']:.2f} s); "
        f"memory {stored['rss_after_start_up_mb']:.0f} MB (with no tables: {empty['rss_after_start_up_mb']:.0f} MB)")
    say(f"  Tables load lazily: the first use of a table takes {stored['first_use_ms']:.1f} ms; each table in use "
        f"keeps its game state in memory: {stored['memory_per_loaded_table_kb']:.0f} kB a table "
        f"(measured over {stored['loaded_tables']:,} tables, {stored['use_ms_each']:.2f} ms each)")
    say()


def report_pictures(results: dict) -> None:
    say("Pictures (public board, drawn and encoded as PNG):")
    for key, figures in results["pictures"].items():
        if figures["renderer"]:
            say(f"  {key:<12} p50 {figures['p50_ms']:>6.1f} ms   p95 {figures['p95_ms']:>6.1f} ms   "
                f"({figures['pictures']} pictures, {figures['mean_png_kb']:.0f} kB each)")
        else:
            say(f"  {key:<12} no picture yet (bot/render has no module for it)")
    bot = results["pictures_in_the_bot"]
    say(f"  In the bot ({bot['game']}): asked for the same board {bot['asked']} times, drawn {bot['drawn']} time(s), "
        f"{'ON' if bot['on_loop_thread'] else 'off'} the event loop's thread; the loop's longest stall meanwhile "
        f"{bot['longest_loop_stall_ms']:.1f} ms")


def targets(results: dict) -> list[dict]:
    paced = [(rate, r) for rate in (TARGET_RATE // 2, TARGET_RATE) for r in results["load"]
             if r["tables"] == TARGET_TABLES and r["mode"] == f"paced {rate:g}/s"]
    saturated = [r for r in results["load"] if r["tables"] == TARGET_TABLES and r["mode"] == "saturated"]
    stored = results["start_up"]["stored_start_up"]
    bot = results["pictures_in_the_bot"]
    checks = []
    if saturated:
        run = saturated[0]
        checks.append(("at 1,000 tables, at least 2,000 actions/s", run["actions_per_s"] >= TARGET_RATE,
                       f"{run['actions_per_s']:,.0f} actions/s (CPU {run['cpu_us_per_action']:,.0f} µs an action: "
                       f"{1e6 / run['cpu_us_per_action']:,.0f}/s on a core of our own)"))
    for rate, run in paced:
        kept_up = run["actions_per_s"] >= 0.97 * rate
        checks.append((f"at 1,000 tables and {rate:,} actions/s, p99 under 25 ms", kept_up and run["p99_ms"] < TARGET_P99_MS,
                       f"{run['actions_per_s']:,.0f} actions/s served, p99 {run['p99_ms']:,.1f} ms "
                       f"(host steal {run['cpu_stolen_share']:.0%} of the run)"))
    if not saturated and not paced:
        checks.append(("at 1,000 tables (not run with --quick)", False, "run without --quick"))
    checks.append((f"start-up with {results['start_up']['stored']['tables']:,} stored tables under 2 s",
                   stored["start_up_s"] < TARGET_START_UP_S, f"{stored['start_up_s']:.2f} s"))
    checks.append(("no picture drawn on the event loop", not bot["on_loop_thread"], "drawn in a worker thread"
                   if not bot["on_loop_thread"] else "drawn on the loop's thread"))
    checks.append(("a picture is cached per table version", bot["drawn"] == 1, f"{bot['asked']} asks, {bot['drawn']} drawn"))
    say()
    say("Targets (one core):")
    for name, met, figure in checks:
        say(f"  [{'met' if met else 'MISSED'}] {name}: {figure}")
    if not all(met for _, met, _ in checks):
        say("  Missed targets: see the README, section 'Reliability and performance', for the plan.")
    return [{"target": name, "met": met, "figure": figure} for name, met, figure in checks]


if __name__ == "__main__":
    sys.exit(main())
