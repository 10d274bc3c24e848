"""What bench.processes measured, as figures and sentences: acknowledgement latency by where a press
came from, the hand-over's added cost, CPU a move of each process and of PostgreSQL, what else the
machine's cores did, over the rounds (ranges) and pooled; and the targets, met or MISSED, with what
the figures say about a miss."""

from __future__ import annotations

import os
from typing import Any, Callable

from .load import percentile
from .whole_verdicts import ACK_P99_MS, MOVES_PER_S

HANDOVER_P99_MS = 100.0
TWO, ONE_PG, ONE = "two processes, PostgreSQL", "one process, PostgreSQL", "one process, SQLite"
SETUPS = (TWO, ONE_PG, ONE)
HANDED, LOCAL = "DM, shard 1's table", "DM, shard 0's table"
SERVERS = ("server, shard 0", "server, shard 1")
POINTS = ("p50_ms", "p95_ms", "p99_ms")
Say = Callable[[str], None]


def latency(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "p50_ms": round(percentile(ordered, 50) * 1000, 2),
        "p95_ms": round(percentile(ordered, 95) * 1000, 2),
        "p99_ms": round(percentile(ordered, 99) * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2) if ordered else 0.0,
    }


def process_summary(process: dict[str, Any], own: int, seconds: float) -> dict[str, Any]:
    waited = process["roles"].get("loop", {}).get("wait_s", 0.0)  # the event loop's thread, which answers
    stalls = process["stalls"]
    return {
        "shards": process["shards"],
        "moves": own,
        "cpu_s": round(process["cpu_s"], 3),
        "cpu_ms_per_move": round(process["cpu_s"] / max(1, own) * 1000, 2),
        "busy_share": round(process["cpu_s"] / seconds, 3),
        "loop_waited_share": round(waited / seconds, 3),
        "stalls_over_20ms": len(stalls),
        "longest_stall_ms": round(max((s[1] for s in stalls), default=0) * 1000, 1),
        "gc_longest_ms": round(max((p[1] for p in process["gc"]["pauses"]), default=0) * 1000, 1),
        "rss_mb": round(process["rss_mb"], 1),
        "errors_logged": process["errors_logged"],
    }


def summary(raw: dict[str, Any]) -> dict[str, Any]:
    """One set-up's run in one round, without its lists of latencies."""
    seconds, moves = raw["seconds"], max(1, raw["moves"])
    presses = {kind: latency(values) for kind, values in raw["presses_s"].items()}
    two = raw["setup"] == TWO
    processes = [
        process_summary(process, raw["moves_by_shard"][number] if two else raw["moves"], seconds)
        for number, process in enumerate(raw["processes"])
    ]
    postgres = raw["postgres_cpu_s"]
    figures: dict[str, Any] = {
        "setup": raw["setup"],
        "tables": raw["tables"],
        "seconds": seconds,
        "seated_s": raw["seated_s"],
        "moves": raw["moves"],
        "moves_per_s": round(raw["moves"] / seconds, 1),
        "moves_by_shard": raw["moves_by_shard"],
        "ack": presses,
        "processes": processes,
        "bots_cpu_ms_per_move": round(sum(p["cpu_s"] for p in raw["processes"]) / moves * 1000, 2),
        "postgres_cpu_ms_per_move": None if postgres is None else round(postgres / moves * 1000, 2),
        "cores_busy": {
            "bots": round(sum(p["cpu_s"] for p in raw["processes"]) / seconds, 2),
            "postgres": round((postgres or 0.0) / seconds, 2),
            "fake Discord and players": round(raw["bench_cpu_s"] / seconds, 2),
            "other programs": round(raw["others_cpu_s"] / seconds, 2),
            "steal": round(raw["steal_s"] / seconds, 2),
        },
        "not_answering": raw["not_answering"],
        "failures": raw["failures"][:5],
        "stumbles": raw["stumbles"],
        "players_behind_p99_ms": latency(raw["behind_s"])["p99_ms"],
        "driver_stalls": len(raw["driver_stalls_s"]),
        "driver_longest_stall_ms": round(max(raw["driver_stalls_s"], default=0) * 1000, 1),
    }
    if presses[HANDED]["count"] and presses[LOCAL]["count"]:
        figures["handover_added_ms"] = {
            point: round(presses[HANDED][point] - presses[LOCAL][point], 2) for point in POINTS
        }
    return figures


def process_name(process: dict[str, Any]) -> str:
    return f"shard {process['shards'][0]}'s process" if len(process["shards"]) == 1 else "the process"


def say_setup(label: str, f: dict[str, Any], say: Say) -> None:
    say(
        f"  {label}, {f['setup']}: {f['moves_per_s']:.1f} moves/s served (shard 0's tables {f['moves_by_shard'][0]}, "
        f"shard 1's {f['moves_by_shard'][1]} moves in {f['seconds']:.0f} s; seated in {f['seated_s']:.0f} s)"
        + (f"; {len(f['failures'])} table(s) given up, first: {f['failures'][0]}" if f["failures"] else "")
        + (f"; {f['not_answering']} press(es) refused as not taken in time" if f["not_answering"] else "")
    )
    say(f"    {'acknowledgement of presses':<33} {'count':>6} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} ms")
    for kind, lat in f["ack"].items():
        shown = kind + (" (handed over)" if kind == HANDED and f["setup"] == TWO else "")
        say(
            f"    {shown:<33} {lat['count']:>6} {lat['p50_ms']:>7.1f} {lat['p95_ms']:>7.1f} {lat['p99_ms']:>7.1f} "
            f"{lat['max_ms']:>7.1f}"
        )
    if f["setup"] == TWO and "handover_added_ms" in f:
        added = f["handover_added_ms"]
        say(
            f"    the hand-over's added cost (handed-over DM presses less shard 0's own): p50 {added['p50_ms']:+.1f}, "
            f"p95 {added['p95_ms']:+.1f}, p99 {added['p99_ms']:+.1f} ms"
        )
    parts = [
        f"{process_name(p)} {p['cpu_ms_per_move']:.1f} ms ({p['moves']} moves; {p['busy_share']:.0%} of a core, "
        f"its loop waited for one {p['loop_waited_share']:.0%} of the time; {p['stalls_over_20ms']} loop stalls > 20 ms, "
        f"longest {p['longest_stall_ms']:.0f} ms)"
        for p in f["processes"]
    ]
    if f["postgres_cpu_ms_per_move"] is not None:
        parts.append(f"PostgreSQL {f['postgres_cpu_ms_per_move']:.1f} ms")
    if len(f["processes"]) > 1:
        parts.append(f"the bots together {f['bots_cpu_ms_per_move']:.1f} ms")
    say(f"    CPU a move of its own tables: {'; '.join(parts)}")
    busy = f["cores_busy"]
    say(
        f"    the machine's {os.cpu_count()} cores meanwhile, cores busy: "
        + ", ".join(f"{name} {value:.2f}" for name, value in busy.items())
    )


def say_round(number: int, raw: dict[str, dict[str, Any]], say: Say) -> None:
    for setup in SETUPS:
        if setup in raw:
            say_setup(f"Round {number + 1}", summary(raw[setup]), say)


def spread(values: list[float], unit: str = " ms", digits: int = 1) -> str:
    low, high = min(values), max(values)
    if round(low, digits) == round(high, digits):
        return f"{low:.{digits}f}{unit}"
    return f"{low:.{digits}f}-{high:.{digits}f}{unit}"


def pooled(raws: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    kinds = raws[0]["presses_s"].keys()
    return {kind: latency([x for raw in raws for x in raw["presses_s"][kind]]) for kind in kinds}


def targets(figures: dict[str, Any], quick: bool) -> list[tuple[str, bool, str, str | None]]:
    """Each met only if every round meets it."""
    rounds = [r[TWO] for r in figures["rounds"] if TWO in r]
    if not rounds:
        return []
    at_load = not quick and all(r["tables"] >= 100 for r in rounds)
    note = "" if at_load else " (quick: not the target's load)"
    handed = [r["ack"][HANDED] for r in rounds]
    met = at_load and all(h["count"] and h["p99_ms"] < HANDOVER_P99_MS for h in handed)
    checks = [
        (
            f"a DM press handed to another process acknowledged with p99 < {HANDOVER_P99_MS:g} ms at 100 tables",
            met,
            f"p99 {spread([h['p99_ms'] for h in handed], digits=0)} over {len(rounds)} round(s) "
            f"({sum(h['count'] for h in handed)} handed-over DM presses; pooled p99 "
            f"{figures['pooled'][TWO][HANDED]['p99_ms']:.0f} ms), at {rounds[0]['tables']} tables" + note,
            None if met else cause(figures["rounds"], HANDED),
        )
    ]
    served = [r["moves_per_s"] for r in rounds]
    for kind in SERVERS:
        p99s = [r["ack"][kind]["p99_ms"] for r in rounds]
        met = at_load and min(served) >= MOVES_PER_S and max(p99s) < ACK_P99_MS
        checks.append(
            (
                f"presses in a server on {kind.split(', ')[1]} acknowledged with p99 < {ACK_P99_MS:g} ms at 100 tables "
                f"and >= {MOVES_PER_S:g} moves/s (the whole bot's target, for each of the two processes)",
                met,
                f"p99 {spread(p99s, digits=0)}, {spread(served, ' moves/s')} served" + note,
                None if met else cause(figures["rounds"], kind),
            )
        )
    return checks


def cause(rounds: list[dict[str, Any]], kind: str) -> str:
    """What the rounds say about a slow tail: the best round and the worst, each with what the
    hand-over added, the same kind of press on one process, and what the machine's cores did; then
    what a move costs on each store."""
    order = sorted(range(len(rounds)), key=lambda n: rounds[n][TWO]["ack"][kind]["p99_ms"])
    said = [in_round("the best round" if len(order) > 1 else "the round", order[0], rounds[order[0]], kind)]
    if len(order) > 1:
        said.append(in_round("the worst", order[-1], rounds[order[-1]], kind))
    cpu = {s: [r[s]["bots_cpu_ms_per_move"] for r in rounds if s in r] for s in SETUPS}
    server = [r[s]["postgres_cpu_ms_per_move"] for r in rounds for s in (TWO, ONE_PG) if s in r]
    if cpu[ONE_PG] and cpu[ONE]:
        said.append(
            f"a move's CPU on one process: {spread(cpu[ONE_PG])} on PostgreSQL (and the server's "
            f"{spread(server)}) against {spread(cpu[ONE])} on SQLite; two processes: {spread(cpu[TWO])}"
        )
    return "; ".join(said)


def in_round(label: str, number: int, figures: dict[str, Any], kind: str) -> str:
    two = figures[TWO]
    text = f"{label} ({number + 1}): p99 {two['ack'][kind]['p99_ms']:.0f} ms"
    if kind == HANDED and "handover_added_ms" in two:
        added = two["handover_added_ms"]
        text += (
            f", of which the hand-over added {added['p99_ms']:+.0f} ms (shard 0's own DM presses: p99 "
            f"{two['ack'][LOCAL]['p99_ms']:.0f} ms; at p50 {added['p50_ms']:+.0f} ms)"
        )
    beside = [
        f"on {setup.split(', ')[1]} {figures[setup]['ack'][kind]['p99_ms']:.0f} ms"
        for setup in (ONE_PG, ONE)
        if setup in figures
    ]
    if beside:
        text += f"; the same presses on one process: p99 {', '.join(beside)}"
    loops = two["processes"]
    text += (
        f"; the bots' loops waited for a core {spread([p['loop_waited_share'] * 100 for p in loops], '%', 0)} of "
        f"the time, {sum(p['stalls_over_20ms'] for p in loops)} loop stalls > 20 ms; cores busy: "
        + ", ".join(f"{name} {value:.2f}" for name, value in two["cores_busy"].items() if value >= 0.01)
    )
    if two["not_answering"] or two["failures"]:
        text += f"; {two['not_answering']} press(es) not taken in time, {len(two['failures'])} table(s) given up"
    return text


def say_ranges(setup: str, rounds: list[dict[str, Any]], together: dict[str, dict[str, float]], say: Say) -> dict:
    """One set-up over the rounds; returns the hand-over's added cost's ranges, if any."""
    mine = [r[setup] for r in rounds]
    say(f"    {setup}:")
    for kind in mine[0]["ack"]:
        values = {point: [f["ack"][kind][point] for f in mine] for point in POINTS}
        say(
            f"      {kind:<22} p50 {spread(values['p50_ms'])}, p95 {spread(values['p95_ms'])}, p99 "
            f"{spread(values['p99_ms'])} (pooled: {together[kind]['count']} presses, p99 {together[kind]['p99_ms']:.1f} ms)"
        )
    ranges = {}
    if setup == TWO and all("handover_added_ms" in f for f in mine):
        added = {point: [f["handover_added_ms"][point] for f in mine] for point in POINTS}
        ranges = {point: [min(v), max(v)] for point, v in added.items()}
        say(
            f"      the hand-over's added cost: p50 {spread(added['p50_ms'])}, p95 {spread(added['p95_ms'])}, p99 "
            f"{spread(added['p99_ms'])} (pooled: p50 {together[HANDED]['p50_ms'] - together[LOCAL]['p50_ms']:+.1f}, "
            f"p99 {together[HANDED]['p99_ms'] - together[LOCAL]['p99_ms']:+.1f} ms)"
        )
    cpu = [
        f"{process_name(p)} {spread([f['processes'][n]['cpu_ms_per_move'] for f in mine])}"
        for n, p in enumerate(mine[0]["processes"])
    ]
    if mine[0]["postgres_cpu_ms_per_move"] is not None:
        cpu.append(f"PostgreSQL {spread([f['postgres_cpu_ms_per_move'] for f in mine])}")
    if len(mine[0]["processes"]) > 1:
        cpu.append(f"the bots together {spread([f['bots_cpu_ms_per_move'] for f in mine])}")
    say(f"      CPU a move: {'; '.join(cpu)}; served {spread([f['moves_per_s'] for f in mine], ' moves/s')}")
    return ranges


def report(raws: list[dict[str, dict[str, Any]]], plan: dict[str, Any], quick: bool, say: Say) -> dict[str, Any]:
    rounds = [{setup: summary(raw) for setup, raw in r.items()} for r in raws]
    setups = [s for s in SETUPS if all(s in r for r in rounds)]
    figures: dict[str, Any] = {"plan": plan, "quick": quick, "rounds": rounds}
    figures["pooled"] = {s: pooled([r[s] for r in raws]) for s in setups}
    say(f"  Over {len(rounds)} round(s) (each figure's range over the rounds; pooled: every round's presses together):")
    for setup in setups:
        added = say_ranges(setup, rounds, figures["pooled"][setup], say)
        if added:
            figures["handover_added_ms"] = added
    checks = targets(figures, quick)
    figures["targets"] = [{"target": n, "met": m, "figure": f, "cause": c} for n, m, f, c in checks]
    say("")
    say("Targets of two processes on PostgreSQL:")
    for name, met, figure, why in checks:
        say(f"  [{'met' if met else 'MISSED'}] {name}: {figure}")
        if why:
            say(f"      why: {why}")
    return figures
