"""`python -m bench` (`make bench`): the bot's speed and size, measured in one run.

Six parts, all but the third with their targets, met or missed, written to bench/results.json:
- the service (bench.service_bench): TableService on a real SQLite file for 1, 100 and 1,000 tables,
  the SQLite ceiling alternating with it, TableService on PostgreSQL beside SQLite with the
  PostgreSQL ceiling (bench.postgres_bench, on a throwaway server of its own on the other cores),
  the engine's cost per game, storage, the service's start-up, pictures; this process pinned to
  one core;
- the whole bot (bench.whole_bot): the real bot in a process of its own on one core, against the
  fake Discord on 127.0.0.1 with simulated players: CPU per move by part, acknowledgement and
  result latency at 1 and 100 tables, loop stalls, the same load with blank pictures and with the
  core kept from idling, the capacity of one core (tables playing without a pause), Discord
  requests per move by kind, start-up with 10,000 stored tables including the clock's first pass,
  and memory 20 s after the start; and a floor bot that does only the Discord side of a move
  (bench.discord_floor), discord.py's share;
- under the whole bot's Discord layer (bench.http_floor): what aiohttp alone costs a request of the
  kinds a move makes, against a bare local server.
- two processes on PostgreSQL (bench.processes): the whole bot as two processes (shards 0 and 1)
  on a throwaway PostgreSQL server, DM presses handed from one to the other, beside one process
  serving both shards on PostgreSQL and on SQLite (skipped, in one line, where no PostgreSQL server
  can be had);
- viewers of the tables' web pages (bench.web_viewers): 200 viewers with live pages open while 100
  tables play, against the same load without them: page load and a move's time to every viewer,
  and the bot's CPU a move;
- the stand-ins (bench.stand_ins): seeded games of strong, easy and random players in every game,
  win rates with their 95% intervals, the strong decision's time, and issue #36's targets
  (`--stand-in-games` games a setup).

`--only service`, `--only whole-bot`, `--only http`, `--only processes`, `--only web` or `--only
stand-ins` runs one part (and keeps the others' last figures in results.json). The machine may be
shared: each part reports how long our threads waited for a core that another process had, and
the host's steal.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from bot.discord_app.app import GC_THRESHOLDS as GC_TUNED  # the bot's own setting (bot.app.tune_gc)
from engine import GAMES

RESULTS = Path(__file__).with_name("results.json")
PARTS = ("service", "whole-bot", "http", "processes", "web", "stand-ins")


def arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test, not figures to quote)")
    parser.add_argument("--only", choices=PARTS, default=None, help="run one part of the bench")
    parser.add_argument("--out", type=Path, default=RESULTS, help=f"where to write the figures (default {RESULTS})")
    parser.add_argument(
        "--cpu", type=int, default=None, help="the core to pin the service part to (default: the last one allowed)"
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin the service part to one core")
    parser.add_argument(
        "--stand-in-games",
        type=int,
        default=None,
        help="seeded games a setup in the stand-ins part (default 60, --quick 3)",
    )
    parser.add_argument(
        "--gc",
        choices=("default", "tuned"),
        default="tuned",
        help="the garbage collector of the service part as the bot runs it (tuned: gc.freeze() after "
        f"start-up and gc.set_threshold{GC_TUNED}), or Python's default",
    )
    return parser.parse_args(argv)


REPORT: list[str] = []  # what this run said, for docs/performance.md


def say(text: str = "") -> None:
    REPORT.append(text)
    print(text, flush=True)


def service_part(args, results: dict, folder: Path) -> None:
    from . import service_bench

    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    cpu = None
    if allowed and not args.no_pin:
        cpu = args.cpu if args.cpu is not None else max(allowed)
        os.sched_setaffinity(0, {cpu})
    thresholds = gc.get_threshold()
    if args.gc == "tuned":
        gc.freeze()
        gc.set_threshold(*GC_TUNED)
    results["pinned_cpu"], results["gc"] = cpu, args.gc
    say(
        "The service: "
        + (f"pinned to core {cpu}" if cpu is not None else "not pinned")
        + f", garbage collector: {args.gc}"
    )
    try:
        others = (allowed - {cpu}) if allowed and cpu is not None else None
        service_bench.run(folder, results, args.quick, say, others or None)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        if allowed:
            os.sched_setaffinity(0, allowed)  # the whole bot's part puts the bot and the fake on cores of their own


def whole_bot_part(args, results: dict, folder: Path) -> None:
    from . import whole_bot
    from .whole_verdicts import whole_targets

    figures = whole_bot.run(folder, args.quick, say)
    figures["targets"] = whole_targets(figures, say)
    figures["load_average_at_end"] = os.getloadavg()
    results["whole_bot"] = figures


def main(argv=None) -> int:
    args = arguments(argv)
    parts = [args.only] if args.only else list(PARTS)
    results: dict = {}
    if args.only and args.out.exists():  # keep the other part's last figures
        try:
            results = json.loads(args.out.read_text())
        except ValueError:
            results = {}
    results.update(
        {
            "when": time.strftime("%Y-%m-%d %H:%M:%S"),
            "quick": args.quick,
            "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version,
            "cpus": os.cpu_count(),
            "load_average_at_start": os.getloadavg(),
            "games": sorted(GAMES),
            "parts_run": parts,
        }
    )
    say(
        f"Bench: Python {results['python']}, SQLite {results['sqlite']}, {results['cpus']} cores, load average "
        f"{results['load_average_at_start'][0]:.2f}, games: {', '.join(sorted(GAMES))}"
    )
    say()
    with tempfile.TemporaryDirectory(prefix="bench-") as name:
        if "service" in parts:
            service_part(args, results, Path(name) / "service")
            say()
        if "whole-bot" in parts:
            whole_bot_part(args, results, Path(name) / "whole-bot")
            say()
        if "http" in parts:
            from . import http_floor

            results["http_floor_us"] = http_floor.run(say)
        if "processes" in parts:
            from . import processes

            if "http" in parts:
                say()
            results["processes"] = processes.run(Path(name) / "processes", args.quick, say)
        if "web" in parts:
            from . import web_viewers

            say()
            results["web_viewers"] = web_viewers.run(Path(name) / "web", args.quick, say)
        if "stand-ins" in parts:
            from . import stand_ins

            if parts != ["stand-ins"]:
                say()
            results["stand_ins"] = stand_ins.run(args.stand_in_games, args.quick, say)
    results["load_average_at_end"] = os.getloadavg()
    args.out.write_text(json.dumps(results, indent=2, default=str))
    say()
    say(f"Figures written to {args.out}")
    if not args.quick and not args.only:  # a full run is the one the doc quotes
        from . import performance_doc

        machine = f"{results['cpus']} cores, Python {results['python']}, SQLite {results['sqlite']}"
        performance_doc.record(REPORT, f"`make bench` on {results['when']} ({machine}):")
        say(f"Report written to {performance_doc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
