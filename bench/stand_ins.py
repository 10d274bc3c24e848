"""`python -m bench --only stand-ins`: how strong the stand-ins are, and what a strong decision costs.

For every game, seeded games of each setup of bench/strength.py (strong vs random, strong vs easy,
easy vs random; solo, strong and easy, where the game has it), `--stand-in-games` of each (the lead
player's seat turned round the table). For each setup: the lead's wins, losses, shared wins and
games nobody won, its win rate over all games and over decided games (a win or a loss), each with
its 95% Wilson interval. For each game: the median and the longest strong decision, in CPU time of
the thread that made it (the time it takes on one core, whatever else the machine runs) and in wall
time. Then every target of bench/stand_in_targets.json (issue #36), met or missed.

The games run in `workers` processes (one a core the bench may use, at most 2): every game is
seeded, so the figures do not depend on how they were shared out.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bot.text import plural
from engine import GAMES

from .strength import Played, Setup, milliseconds, play, setups, wilson

Say = Callable[[str], None]
TARGETS = Path(__file__).with_name("stand_in_targets.json")
GAMES_A_SETUP = 60  # the default: about a quarter of an hour on 2 cores, once every game searches
QUICK_GAMES = 3
CHUNK = 5  # games a task, so that the processes stay busy to the end
# What a decision may cost, on one core (the bound)
DECISION_MEDIAN_MS, DECISION_MAX_MS = 50.0, 500.0


def _play_chunk(key: str, setup: Setup, numbers: range) -> Played:
    played = Played()
    for number in numbers:
        played.add(play(key, setup, number))
    return played


def workers() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(2, cores))


def measure(games: int, processes: int) -> dict[str, dict[Setup, Played]]:
    """Every game's setups, `games` seeded games each."""
    tasks = [
        (key, setup, range(start, min(games, start + CHUNK)))
        for key in sorted(GAMES)
        for setup in setups(key)
        for start in range(0, games, CHUNK)
    ]
    results: dict[str, dict[Setup, Played]] = {key: {setup: Played() for setup in setups(key)} for key in GAMES}
    # spawned, not forked: the bench's earlier parts may have left threads in this process
    with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        for (key, setup, _), played in zip(tasks, pool.map(_play_chunk, *zip(*tasks))):
            results[key][setup].add(played)
    return results


def _share(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {"rate": round(successes / trials, 4) if trials else None, "low": round(low, 4), "high": round(high, 4)}


def _setup_figures(played: Played) -> dict[str, Any]:
    return {
        "games": played.games,
        "won": played.won,
        "lost": played.lost,
        "shared": played.shared,
        "nobody": played.nobody,
        "refused_moves": played.refused,
        "of_games": _share(played.won, played.games),
        "of_decided": _share(played.won, played.decided),
    }


def _percent(share: dict[str, Any]) -> str:
    if share["rate"] is None:
        return "no games"
    return f"{100 * share['rate']:.1f}% [{100 * share['low']:.1f}–{100 * share['high']:.1f}]"


def report(results: dict[str, dict[Setup, Played]], say: Say) -> dict[str, Any]:
    """Say and return each game's figures."""
    figures: dict[str, Any] = {}
    for key in sorted(results):
        title = GAMES[key].title
        say(f"{title}:")
        per_setup, cpu, wall = {}, [], []
        for setup, played in results[key].items():
            shown = per_setup[setup.key] = {"seats": setup.seats, **_setup_figures(played)}
            cpu += played.cpu
            wall += played.wall
            nobody = f", {played.nobody} nobody's" if played.nobody else ""
            shared = f", {played.shared} shared" if played.shared else ""
            refused = f" · ⚠️ {played.refused} refused moves" if played.refused else ""
            say(
                f"  {setup.name} ({plural(setup.seats, 'seat')}): won {played.won}, lost {played.lost}{shared}{nobody} · "
                f"{_percent(shown['of_games'])} of games · {_percent(shown['of_decided'])} of decided{refused}"
            )
        times = {"decisions": len(cpu), "cpu_ms": milliseconds(cpu), "wall_ms": milliseconds(wall)}
        if cpu:
            say(
                f"  strong decisions: {len(cpu):,} · CPU median {times['cpu_ms']['median']:.1f} ms, "
                f"max {times['cpu_ms']['max']:.1f} ms · wall median {times['wall_ms']['median']:.1f} ms, "
                f"max {times['wall_ms']['max']:.1f} ms"
            )
        figures[key] = {"setups": per_setup, "decisions": times}
    return figures


def verdicts(figures: dict[str, Any], say: Say, targets_path: Path = TARGETS) -> list[dict[str, Any]]:
    """Every target of the issue, met or missed (said, and returned)."""
    targets = json.loads(targets_path.read_text())["targets"]
    found = []
    for target in targets:
        key, setup, measure = target["game"], target["setup"], target["of"]
        shown = figures.get(key, {}).get("setups", {}).get(setup)
        share = shown[measure] if shown else {"rate": None, "low": 0.0, "high": 1.0}
        met = share["rate"] is not None and share["rate"] >= target["at_least"]
        found.append({**target, "measured": share, "met": met})
    for key in sorted(figures):
        cpu = figures[key]["decisions"]["cpu_ms"]
        for bound, limit in (("median", DECISION_MEDIAN_MS), ("max", DECISION_MAX_MS)):
            met = cpu[bound] is not None and cpu[bound] <= limit
            what = f"a strong decision takes ≤ {limit:g} ms {'median' if bound == 'median' else 'at most'} on one core"
            found.append({"game": key, "what": what, "measured_ms": cpu[bound], "met": met})
    say("Targets (issue #36):")
    for verdict in found:
        title = GAMES[verdict["game"]].title if verdict["game"] in GAMES else verdict["game"]
        if "measured_ms" in verdict:
            measured = "no decisions" if verdict["measured_ms"] is None else f"{verdict['measured_ms']:.1f} ms"
        else:
            measured = _percent(verdict["measured"])
        say(f"  {'✅ met' if verdict['met'] else '❌ missed'} · {title}: {verdict['what']}: {measured}")
    return found


def run(games: int | None, quick: bool, say: Say) -> dict[str, Any]:
    """Measure, report and judge; the figures for results.json's `stand_ins`."""
    count = games if games is not None else (QUICK_GAMES if quick else GAMES_A_SETUP)
    processes = workers()
    say(f"Stand-ins: {count} seeded games a setup, seats rotated, in {processes} processes")
    figures = report(measure(count, processes), say)
    return {"games_a_setup": count, "processes": processes, "per_game": figures, "targets": verdicts(figures, say)}
