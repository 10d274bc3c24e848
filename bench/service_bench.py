"""The service's bench (`python -m bench --only service`): actions a second and p50/p99 latency
through TableService on a real SQLite file for 1, 100 and 1,000 tables at once (every game in
GAMES, seeded random play), the raw SQLite ceiling measured in slices alternating with the
service's own (so both rates come from the same moments), TableService on PostgreSQL beside it with
the PostgreSQL ceiling (bench.postgres_bench), the engine's own cost per game, memory
and disk per stored table, start-up time and memory with 10,000 stored tables (the service alone:
bench.whole_startup measures the whole bot), and picture drawing time per game."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from . import load, pictures, postgres_bench, startup
from .ceiling import Ceiling
from .postgres_report import postgres_targets
from .scripts import engine_costs, outbox_texts, scripts_for_every_game

TARGET_RATE, TARGET_P99_MS, TARGET_TABLES, TARGET_START_UP_S, STORED_TABLES = 2000, 25.0, 1000, 2.0, 10_000
SLICE_S = 0.5  # the service's and the ceiling's alternating slices


def load_runs(folder: Path, scripts, ceiling: Ceiling, quick: bool, say) -> list[dict]:
    # (tables, paced rate or None for saturated, seconds; or slices when alternating with the ceiling)
    plan = [
        (1, None, 4, 0),
        (100, None, 5, 0),
        (TARGET_TABLES, None, SLICE_S, 12),
        (1000, TARGET_RATE, 8, 0),
        (1000, TARGET_RATE // 2, 8, 0),
    ]
    if quick:
        plan = [(1, None, 1, 0), (100, None, SLICE_S, 2), (100, TARGET_RATE / 10, 1, 0)]
    say("Actions through TableService (SQLite file, WAL; one commit per action)")
    say(
        f"  {'tables':>6}  {'load':<22} {'actions':>7}  {'actions/s':>9}  {'p50 ms':>7}  {'p99 ms':>7}  "
        f"{'CPU µs/action':>13}  {'waited':>6}  {'stolen':>6}  {'GC ms/s':>7}  {'longest GC':>10}"
    )
    runs = []
    for number, (tables, rate, seconds, slices) in enumerate(plan):
        # the ceiling's slices: its move alone, then with the publisher's delivery, in turn
        other = (lambda k: ceiling.slice(SLICE_S, delivery=k % 2 == 1)) if slices else None
        run = asyncio.run(
            load.measure(
                folder / f"load-{number}.sqlite3", scripts, tables, seconds, rate, alternate=other, slices=slices
            )
        ).summary()
        runs.append(run)
        say(
            f"  {tables:>6}  {run['mode']:<22} {run['actions']:>7}  {run['actions_per_s']:>9,.0f}  {run['p50_ms']:>7.2f}  "
            f"{run['p99_ms']:>7.2f}  {run['cpu_us_per_action']:>13,.0f}  {run['cpu_waited_share']:>6.0%}  "
            f"{run['cpu_stolen_share']:>6.0%}  {run['gc_ms_per_s']:>7.0f}  {run['gc_longest_ms']:>7.0f} ms"
        )
        if run["wrong_final_states"]:
            say(f"  !! {run['wrong_final_states']} finished games ended in a state other than the engine's")
    say("  (saturated: every table sends its next move as soon as the last is answered, so with many tables the")
    say("   latency is the queue; alternating: saturated in slices of 0.5 s, each followed by a slice of the SQLite")
    say("   ceiling; paced: moves come at random moments at the given rate, latency counted from when each was")
    say("   due. waited: time our threads were ready to run but another process (or our other thread) had the")
    say("   core; stolen: time a virtual machine's core was taken by its host (steal), which stalls everything")
    say("   like a pause; GC: time in Python's garbage collector, a second, and its longest pause)")
    return runs


def busiest(runs: list[dict]) -> dict:
    return max(runs, key=lambda run: (run["tables"], run["mode"].startswith("saturated")))


def report_ceiling(results: dict, say) -> None:
    top, service = results["ceiling"], busiest(results["load"])
    engine = sum(v["mean_us"] for v in results["engine"].values()) / len(results["engine"])
    results["engine_mean_us"] = round(engine, 1)
    results["service_overhead_us"] = round(service["cpu_us_per_action"] - engine, 1)
    say(
        f"Of the {service['cpu_us_per_action']:,.0f} µs of CPU an action at {service['tables']} tables, the games' own "
        f"rules take {engine:,.0f} µs on average; the service, the store and SQLite the other "
        f"{results['service_overhead_us']:,.0f} µs"
    )
    move, delivery = top["move"], top.get("delivery")
    results["ratio_to_ceiling"] = round(service["actions_per_s"] / move["actions_per_s"], 3)
    results["cpu_ratio_to_ceiling"] = round(move["cpu_us_per_action"] / service["cpu_us_per_action"], 3)
    say()
    say(
        f"SQLite ceiling (plain sqlite3 with the bot's statements: 3 columns of the table row, a log row and "
        f"{top['outbox_rows_per_move']:.1f} outbox rows a move; the bot's pragmas and its checkpoint thread every 200 "
        f"commits; states of {top['mean_state_bytes']:,} bytes), in slices alternating with the service's:"
    )
    say(
        f"  a move's transaction: {move['actions_per_s']:,.0f}/s (CPU {move['cpu_us_per_action']:,.0f} µs; waited "
        f"{move['waited_share']:.0%}, stolen {move['stolen_share']:.0%})"
    )
    if delivery:
        say(
            f"  with the publisher's delivery (read the outbox, delete it, set announced: two commits a move): "
            f"{delivery['actions_per_s']:,.0f} moves/s (CPU {delivery['cpu_us_per_action']:,.0f} µs; waited "
            f"{delivery['waited_share']:.0%}, stolen {delivery['stolen_share']:.0%})"
        )
    say(
        f"TableService at {service['tables']} tables ({service['mode']}) runs at {results['ratio_to_ceiling']:.0%} of a "
        f"move's ceiling (by CPU time an action: {results['cpu_ratio_to_ceiling']:.0%}); same moments: it waited "
        f"{service['cpu_waited_share']:.0%}, stolen {service['cpu_stolen_share']:.0%}"
    )
    say()


def start_up_runs(folder: Path, scripts, quick: bool) -> dict:
    stored = 1000 if quick else STORED_TABLES
    db = folder / "stored.sqlite3"
    built = startup.build(db, scripts, stored)
    empty = folder / "empty.sqlite3"
    figures = {"stored": built}
    for name, path, use in (("empty", empty, 0), ("stored", db, min(2000, stored // 2))):
        child = subprocess.run(
            [sys.executable, "-m", "bench.startup", str(path), str(use)],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        figures[name + "_start_up"] = json.loads(child.stdout)
    return figures


def run(folder: Path, results: dict, quick: bool, say, server_cores: set[int] | None = None) -> None:
    """`server_cores`: where the PostgreSQL server runs (bench.postgres_bench), off this process's core."""
    folder.mkdir(parents=True, exist_ok=True)
    scripts = scripts_for_every_game(2 if quick else 6, sample_every=5)
    results["engine"] = engine_costs(scripts)
    say(
        "The engine alone, one action (referee.play): "
        + ", ".join(f"{k} {v['mean_us']:,.0f} µs" for k, v in results["engine"].items())
    )
    say()
    states = [state for script in scripts for state in script.states]
    ceiling = Ceiling(folder / "ceiling.sqlite3", states, 100 if quick else TARGET_TABLES, outbox_texts(scripts))
    try:
        results["load"] = load_runs(folder, scripts, ceiling, quick, say)
    finally:
        ceiling.close()
    results["ceiling"] = ceiling.summary()
    report_ceiling(results, say)
    postgres_bench.run(folder / "postgres", results, scripts, quick, say, server_cores)
    results["start_up"] = start_up_runs(folder, scripts, quick)
    results["pictures"] = pictures.render_times(scripts, 10 if quick else 40)
    results["pictures_in_the_bot"] = asyncio.run(pictures.off_the_loop(folder / "pictures.sqlite3"))
    report_storage(results, say)
    report_pictures(results, say)
    results["targets"] = targets(results, say)


def report_storage(results: dict, say) -> None:
    built, stored, empty = (
        results["start_up"]["stored"],
        results["start_up"]["stored_start_up"],
        results["start_up"]["empty_start_up"],
    )
    say(
        f"Storage: {built['tables']:,} stored tables with {built['log_rows']:,} log rows take "
        f"{built['bytes'] / 1e6:.1f} MB on disk: {built['bytes'] / built['tables'] / 1024:.1f} kB a table"
    )
    say(
        f"Start-up of the service alone with {built['tables']:,} stored tables ({stored['open_tables']:,} open): "
        f"{stored['start_up_s']:.2f} s (imports {stored['import_s']:.2f} s, open the store {stored['open_s'] * 1000:.0f} ms, "
        f"list the open tables {(stored['open_and_list_s'] - stored['open_s']) * 1000:.0f} ms; "
        f"with no tables: {empty['start_up_s']:.2f} s); "
        f"memory {stored['rss_after_start_up_mb']:.0f} MB (with no tables: {empty['rss_after_start_up_mb']:.0f} MB). "
        "Without the clock's first pass nor discord.py: the whole bot's start-up is measured with it, below"
    )
    say(
        f"  Tables load lazily: the first use of a table takes {stored['first_use_ms']:.1f} ms; each table in use "
        f"keeps its game state in memory: {stored['memory_per_loaded_table_kb']:.0f} kB a table "
        f"(measured over {stored['loaded_tables']:,} tables, {stored['use_ms_each']:.2f} ms each)"
    )
    say()


def report_pictures(results: dict, say) -> None:
    say("Pictures (public board, drawn and encoded as the bot sends them, JPEG):")
    for key, figures in results["pictures"].items():
        if figures["renderer"]:
            say(
                f"  {key:<12} p50 {figures['p50_ms']:>6.1f} ms   p95 {figures['p95_ms']:>6.1f} ms   "
                f"({figures['pictures']} pictures, {figures['mean_kb']:.0f} kB each)"
            )
        else:
            say(f"  {key:<12} no picture yet (bot/render has no module for it)")
    bot = results["pictures_in_the_bot"]
    say(
        f"  In the bot ({bot['game']}): asked for the same board {bot['asked']} times, drawn {bot['drawn']} time(s), "
        f"{'ON' if bot['on_loop_thread'] else 'off'} the event loop's thread; the loop's longest stall meanwhile "
        f"{bot['longest_loop_stall_ms']:.1f} ms"
    )


def targets(results: dict, say) -> list[dict]:
    paced = [
        (rate, r)
        for rate in (TARGET_RATE // 2, TARGET_RATE)
        for r in results["load"]
        if r["tables"] == TARGET_TABLES and r["mode"] == f"paced {rate:g}/s"
    ]
    saturated = [r for r in results["load"] if r["tables"] == TARGET_TABLES and r["mode"].startswith("saturated")]
    stored = results["start_up"]["stored_start_up"]
    bot = results["pictures_in_the_bot"]
    checks = []
    if saturated:
        run = saturated[0]
        checks.append(
            (
                "at 1,000 tables, at least 2,000 actions/s",
                run["actions_per_s"] >= TARGET_RATE,
                f"{run['actions_per_s']:,.0f} actions/s (CPU {run['cpu_us_per_action']:,.0f} µs an action: "
                f"{1e6 / run['cpu_us_per_action']:,.0f}/s on a core of our own; waited {run['cpu_waited_share']:.0%}, "
                f"stolen {run['cpu_stolen_share']:.0%})",
            )
        )
    for rate, run in paced:
        kept_up = run["actions_per_s"] >= 0.97 * rate
        checks.append(
            (
                f"at 1,000 tables and {rate:,} actions/s, p99 under 25 ms",
                kept_up and run["p99_ms"] < TARGET_P99_MS,
                f"{run['actions_per_s']:,.0f} actions/s served, p99 {run['p99_ms']:,.1f} ms (our threads waited "
                f"for the core {run['cpu_waited_share']:.0%} of the run, host steal {run['cpu_stolen_share']:.0%}; "
                f"longest GC pause {run['gc_longest_ms']:.0f} ms)",
            )
        )
    if not saturated and not paced:
        checks.append(("at 1,000 tables (not run with --quick)", False, "run without --quick"))
    checks += postgres_targets(results)
    checks.append(
        (
            f"start-up of the service alone with {results['start_up']['stored']['tables']:,} stored tables under 2 s",
            stored["start_up_s"] < TARGET_START_UP_S,
            f"{stored['start_up_s']:.2f} s",
        )
    )
    checks.append(
        (
            "no picture drawn on the event loop",
            not bot["on_loop_thread"],
            "drawn in a worker thread" if not bot["on_loop_thread"] else "drawn on the loop's thread",
        )
    )
    checks.append(
        ("a picture is cached per table version", bot["drawn"] == 1, f"{bot['asked']} asks, {bot['drawn']} drawn")
    )
    say()
    say("Targets of the service (one core):")
    for name, met, figure in checks:
        say(f"  [{'met' if met else 'MISSED'}] {name}: {figure}")
    if not all(met for _, met, _ in checks):
        say("  Missed targets: see docs/performance.md for the plan.")
    return [{"target": name, "met": met, "figure": figure} for name, met, figure in checks]
