"""What the whole-bot bench measured, as figures and sentences: differences between two snapshots
of the bot's process, CPU per move by part, latencies, requests per move by kind against the
baseline, and where the time of a slow move went."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

from .fake_meter import counts_globally
from .load import percentile

# The figures of an earlier run, recorded (bench/baseline.json says when and what they count):
# requests against the global limit per move by game key, ((with the lobby), (play only)) each
# (low, high), and every request per move with the lobby, (low, high)
RECORDED = json.loads(Path(__file__).with_name("baseline.json").read_text())
BASELINE = {
    game: (tuple(base["with_lobby"]), tuple(base["play"]))
    for game, base in RECORDED["global_requests_per_move"].items()
}
BASELINE_ALL = tuple(RECORDED["all_requests_per_move_with_lobby"])
LOOP_PARTS = ("rules", "service", "store", "clock", "menus", "pictures", "discord")
FULL_CORE = 0.9  # a capacity run keeps the bot's core at least this busy, or says it did not


def delta(before: dict, after: dict) -> dict:
    """What the bot's process did between two snapshots."""
    old = {t["tid"]: t for t in before["threads"]}
    roles: dict[str, dict[str, float]] = defaultdict(lambda: {"cpu_s": 0.0, "wait_s": 0.0})
    for thread in after["threads"]:
        was = old.get(thread["tid"], {"cpu_s": 0.0, "wait_s": 0.0})
        roles[thread["role"]]["cpu_s"] += thread["cpu_s"] - was["cpu_s"]
        roles[thread["role"]]["wait_s"] += thread["wait_s"] - was["wait_s"]
    window = (before["when"], after["when"])
    figures = {
        "seconds": after["when"] - before["when"],
        "cpu_s": after["process_cpu_s"] - before["process_cpu_s"],
        "roles": dict(roles),
        "rss_mb": after["rss_mb"],
        "stalls": [s for s in after["stalls"] if window[0] < s[0] <= window[1]],
        "gc": {
            "count": after["gc"]["count"] - before["gc"]["count"],
            "seconds": after["gc"]["seconds"] - before["gc"]["seconds"],
            "pauses": [p for p in after["gc"]["pauses"] if window[0] < p[0] <= window[1]],
        },
    }
    if after.get("split"):
        a, b = after["split"], before["split"]
        figures["split"] = {
            "loop": {
                part: a["loop_thread_s"].get(part, 0.0) - b["loop_thread_s"].get(part, 0.0) for part in LOOP_PARTS
            },
            "draw_s": a["draw_s"] - b["draw_s"],
            "encode_s": a["encode_s"] - b["encode_s"],
            "pictures": a["pictures"] - b["pictures"],
            "changes": a["changes"] - b["changes"],
            "hops": a["hops"] - b["hops"],
            "change_cost_s": after["change_cost_s"],
        }
    return figures


def per_move_split(windows: list[dict], moves: int) -> dict:
    """µs of CPU per move by part, summed over instrumented windows."""
    total = defaultdict(float)
    for window in windows:
        split, roles = window["split"], window["roles"]
        for part in LOOP_PARTS:
            total["loop " + part] += split["loop"][part]
        total["SQLite's thread"] += roles.get("sqlite", {}).get("cpu_s", 0.0)
        total["checkpoint thread"] += roles.get("checkpoint", {}).get("cpu_s", 0.0)
        total["draw"] += split["draw_s"]
        total["encode"] += split["encode_s"]
        total["other threads"] += (
            roles.get("workers", {}).get("cpu_s", 0.0)
            - split["draw_s"]
            - split["encode_s"]
            + roles.get("other", {}).get("cpu_s", 0.0)
        )
        total["process"] += window["cpu_s"]
        total["instrumentation"] += split["changes"] * split["change_cost_s"]
        total["pictures drawn"] += split["pictures"]
        total["hops"] += split["hops"]
    us = {key: value / max(1, moves) * 1e6 for key, value in total.items()}
    us["pictures drawn"] = total["pictures drawn"] / max(1, moves)
    us["hops"] = total["hops"] / max(1, moves)
    groups = {
        "rules (engine)": us["loop rules"],
        "service and store (TableService, Store, outbox, SQLite, clock)": us["loop service"]
        + us["loop store"]
        + us["SQLite's thread"]
        + us["checkpoint thread"]
        + us["loop clock"],
        "Discord layer (discord.py, aiohttp, asyncio, gate, cogs, publisher, menus)": us["loop discord"]
        + us["loop menus"],
        "pictures (draw + encode)": us["draw"] + us["encode"] + us["loop pictures"],
    }
    groups["other (threads, unaccounted)"] = us["process"] - sum(groups.values())
    return {"us": us, "groups": groups}


def latency(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "p50_ms": round(percentile(ordered, 50) * 1000, 2),
        "p99_ms": round(percentile(ordered, 99) * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2) if ordered else 0.0,
    }


def kinds(counter: Counter) -> list[str]:
    return [
        f"{n} {method} {template}{' *' if counts_globally(template) else ''}"
        for (method, template), n in counter.most_common()
    ]


def report_games(games: list[dict], errors: list[str], driver, idle: dict, quick: bool, say) -> dict:
    """`driver`: the measuring side's own stalls (bench.whole_bot.LoopLag)."""
    driver_stalls = driver.stalls
    moves = sum(g["moves"] for g in games)
    split = per_move_split([g["play"] for g in games], moves)
    lobby = per_move_split([g["lobby"] for g in games], moves)
    acks, all_acks = (
        latency([x for g in games for x in g["ack_s"]]),
        latency([x for g in games for x in g["ack_all_s"]]),
    )
    shown = latency([x for g in games for x in g["shown_s"]])
    intervals = driver.intervals
    less = (
        latency([lat - overlap(sent, lat, intervals) for g in games for sent, lat in g["timed_acks"]]),
        latency([lat - overlap(sent, lat, intervals) for g in games for sent, lat in g["timed_shown"]]),
    )
    say(f"Whole games, one table at a time ({moves} human moves{'; quick: the first moves only' if quick else ''}):")
    for g in games:
        say(
            f"  {g['variant']:<26} {g['moves']:>4} moves in {g['seconds']:>5.1f} s"
            + ("" if g["whole_game"] else "  (not a whole game" + (f": {g['failure']}" if g["failure"] else "") + ")")
            + (
                f", {g['stumbles']} times a player read again (a press refused, or the board not there yet)"
                if g["stumbles"]
                else ""
            )
        )
    say(
        f"  Latency at one table: acknowledgement p50 {acks['p50_ms']:.1f} ms, p99 {acks['p99_ms']:.1f} ms "
        f"(every press: p99 {all_acks['p99_ms']:.1f} ms); result (the move in the channel) p50 {shown['p50_ms']:.1f} ms, "
        f"p99 {shown['p99_ms']:.1f} ms"
        + (
            f" (the measuring side stalled {len(driver_stalls)} times > 20 ms, longest "
            f"{max(driver_stalls) * 1000:.0f} ms; with its stalls taken out: ack p99 "
            f"{less[0]['p99_ms']:.1f} ms, result p99 {less[1]['p99_ms']:.1f} ms)"
            if driver_stalls
            else ""
        )
    )
    stalls = [s for g in games for s in g["play"]["stalls"]]
    idle_ms_per_s = idle["cpu_s"] / idle["seconds"] * 1000
    play_s = sum(g["play"]["seconds"] for g in games)
    say(
        f"  Event loop stalls > 20 ms while playing: {len(stalls)}, longest "
        f"{max((s[1] for s in stalls), default=0) * 1000:.0f} ms"
    )
    say("  CPU a move, by part. Method (bench/cpu_split.py): in the bot's process, the entry points of each part are")
    say("  wrapped; on the loop's thread the thread's CPU clock is read where the part changes and the interval")
    say("  charged to the innermost part (a coroutine only for its own steps); what is left on that thread is the")
    say("  Discord layer; SQLite's thread is counted whole from /proc, the picture threads by wrappers around")
    say("  drawing and render_picture (the rest of it is encoding):")
    for name, value in split["groups"].items():
        say(f"    {name:<80} {value / 1000:>6.2f} ms")
    us = split["us"]
    sqlite_ms = us["SQLite's thread"] / 1000
    say(
        f"    {'total (process CPU time)':<80} {us['process'] / 1000:>6.2f} ms  "
        f"(of which the instrumentation ≈ {us['instrumentation'] / 1000:.2f} ms)"
    )
    say(
        f"    pictures: drawing {us['draw'] / 1000:.2f} ms + encoding {us['encode'] / 1000:.2f} ms a move "
        f"({us['pictures drawn']:.2f} pictures a move); SQLite's thread {sqlite_ms:.2f} ms "
        f"({us['hops']:.1f} jobs for it a move); "
        f"menus and labels {us['loop menus'] / 1000:.2f} ms; the lobby before play {lobby['us']['process'] / 1000:.2f} ms a move"
    )
    say(
        f"    idle, the bot uses {idle_ms_per_s:.1f} ms of CPU a second (heartbeats, its clock, the probes): "
        f"{idle_ms_per_s * play_s / max(1, moves):.2f} ms of each move's figure here"
    )
    figures = requests_per_move(games, say)
    return {
        "games": [{k: v for k, v in g.items() if not k.endswith("_s") and not k.startswith("timed")} for g in games],
        "moves": moves,
        "ack_without_driver_stalls": less[0],
        "shown_without_driver_stalls": less[1],
        "ack": acks,
        "ack_every_press": all_acks,
        "shown": shown,
        "cpu_split_us": split,
        "lobby_cpu_us": lobby["us"],
        "requests_per_move": figures,
        "errors_logged": errors[:5],
        "quick": quick,
        "stalls_over_20ms": len(stalls),
        "longest_stall_ms": round(max((s[1] for s in stalls), default=0) * 1000, 1),
        "idle_cpu_ms_per_s": round(idle_ms_per_s, 2),
        "driver_stalls": len(driver_stalls),
        "driver_longest_stall_ms": round(max(driver_stalls, default=0) * 1000, 1),
    }


def requests_per_move(games: list[dict], say) -> dict:
    say("  Discord requests per human move, whole games (* counts against the global rate limit of 50/s):")
    say(
        f"    {'game':<13} {'moves':>5}  {'global: with lobby / play':>26}  {'baseline':>20}  {'all requests':>13}  {'baseline':>9}"
    )
    by_game: dict[str, dict] = {}
    for g in games:
        mine = by_game.setdefault(g["game"], {"moves": 0, "lobby": Counter(), "play": Counter()})
        mine["moves"] += g["moves"]
        for phase in ("lobby", "play"):
            mine[phase].update({(m, t): n for m, t, n in g["requests"][phase]})
    figures = {}
    for game, mine in sorted(by_game.items()):
        moves = max(1, mine["moves"])
        glob = {p: sum(n for (m, t), n in mine[p].items() if counts_globally(t)) for p in ("lobby", "play")}
        every = {p: sum(mine[p].values()) for p in ("lobby", "play")}
        with_lobby, play = (glob["lobby"] + glob["play"]) / moves, glob["play"] / moves
        base = BASELINE.get(game)
        figures[game] = {
            "moves": mine["moves"],
            "global_with_lobby": round(with_lobby, 3),
            "global_play": round(play, 3),
            "all_with_lobby": round((every["lobby"] + every["play"]) / moves, 3),
            "all_play": round(every["play"] / moves, 3),
            "baseline": base,
            "play_kinds": kinds(mine["play"]),
            "lobby_kinds": kinds(mine["lobby"]),
            "play_per_move": {f"{m} {t}": round(n / moves, 3) for (m, t), n in mine["play"].most_common()},
        }
        base_text = f"{base[0][0]:.2f}-{base[0][1]:.2f} / {base[1][0]:.2f}-{base[1][1]:.2f}" if base else "-"
        say(
            f"    {game:<13} {mine['moves']:>5}  {with_lobby:>14.2f} / {play:<9.2f}  {base_text:>20}  "
            f"{figures[game]['all_with_lobby']:>6.2f} / {figures[game]['all_play']:<4.2f}  "
            f"{BASELINE_ALL[0]:.1f}-{BASELINE_ALL[1]:.2f}"
        )
    for game, mine in sorted(by_game.items()):
        per = {k: n / max(1, mine["moves"]) for k, n in mine["play"].items()}
        say(
            f"    {game} in play, a move: "
            + "; ".join(
                f"{v:.2f} {m} {t}{' *' if counts_globally(t) else ''}"
                for (m, t), v in sorted(per.items(), key=lambda kv: -kv[1])
            )
        )
    return figures


def cpu_a_move(figures: dict) -> dict:
    """A paced load's rate, the bot's CPU a move, and the share of its core other processes used."""
    cpu, seconds = figures["bot"]["cpu_s"], figures["seconds"]
    return {
        "moves_per_s": round(figures["moves"] / seconds, 1),
        "cpu_ms_per_move": round(cpu / max(1, figures["moves"]) * 1000, 2),
        "others_on_core_share": round(max(0.0, figures["core"]["busy"] - cpu) / seconds, 3),
    }


def report_load(figures: dict, say) -> dict:
    bot, seconds, moves = figures["bot"], figures["seconds"], max(1, figures["moves"])
    acks, shown = latency(figures.pop("ack_s")), latency(figures.pop("shown_s"))
    every, behind = latency(figures.pop("ack_all_s")), latency(figures.pop("behind_s"))
    requests = Counter((m, t) for m, t in figures.pop("requests"))
    glob = sum(n for (m, t), n in requests.items() if counts_globally(t))
    core = figures["core"]
    stalls = bot["stalls"]
    out = {
        **figures,
        **cpu_a_move(figures),
        "ack": acks,
        "shown": shown,
        "ack_every_press": every,
        "behind_schedule": behind,
        "bot_core_busy": round(bot["cpu_s"] / seconds, 3),
        "bot_waited_share": round(sum(r["wait_s"] for r in bot["roles"].values()) / seconds, 3),
        "loop_waited_share": round(bot["roles"].get("loop", {}).get("wait_s", 0.0) / seconds, 3),
        "steal_share": round(core["steal"] / seconds, 3),
        "stalls_over_20ms": len(stalls),
        "longest_stall_ms": round(max((s[1] for s in stalls), default=0) * 1000, 1),
        "stall_ms": stall_parts(stalls, bot["gc"]["pauses"]),
        "gc_pauses": bot["gc"]["count"],
        "gc_longest_ms": round(max((p[1] for p in bot["gc"]["pauses"]), default=0) * 1000, 1),
        "gc_ms": round(bot["gc"]["seconds"] * 1000, 1),
        "requests_per_move": round(sum(requests.values()) / moves, 2),
        "global_requests_per_move": round(glob / moves, 2),
        "global_requests_per_s": round(glob / seconds, 1),
        "request_kinds": kinds(requests),
        "driver_stalls": len(figures["driver_stalls_s"]),
        "driver_longest_stall_ms": round(max(figures["driver_stalls_s"], default=0) * 1000, 1),
        "driver_gc_longest_ms": round(max(figures["driver_gc_s"], default=0) * 1000, 1),
    }
    out.pop("driver_stalls_s")
    out.pop("driver_gc_s")
    intervals = out.pop("driver_intervals")
    timed_acks, timed_shown = out.pop("timed_acks"), out.pop("timed_shown")
    out["ack_without_driver_stalls"] = latency([lat - overlap(sent, lat, intervals) for sent, lat in timed_acks])
    out["shown_without_driver_stalls"] = latency([lat - overlap(sent, lat, intervals) for sent, lat in timed_shown])
    out["thirds"] = thirds(out.pop("thirds"), timed_acks, timed_shown)
    out["bot"] = {k: v for k, v in bot.items() if k not in ("stalls",)}
    say(
        f"{figures['tables']} tables at once ({', '.join(figures['variants'])}), paced at {figures['rate_asked']:g} moves/s "
        f"for {seconds:.0f} s after {figures['warm_up_s']:g} s of warm-up: {out['moves_per_s']:.1f} moves/s served ({figures['games_opened']} new games opened meanwhile"
        + (
            f", {figures['stumbles']} times a player read again (a press refused, or the board not there yet)"
            if figures["stumbles"]
            else ""
        )
        + ")"
    )
    say(
        f"  acknowledgement p50 {acks['p50_ms']:.1f} ms, p99 {acks['p99_ms']:.1f} ms, max {acks['max_ms']:.0f} ms "
        f"(every press: p99 {every['p99_ms']:.1f} ms); result p50 {shown['p50_ms']:.1f} ms, p99 {shown['p99_ms']:.1f} ms, "
        f"max {shown['max_ms']:.0f} ms; players behind their schedule p99 {behind['p99_ms']:.0f} ms"
    )
    waits = {role: bot["roles"].get(role, {}).get("wait_s", 0.0) / seconds for role in ("loop", "workers", "sqlite")}
    out["waited_share_by_thread"] = {role: round(share, 3) for role, share in waits.items()}
    say(
        f"  CPU {out['cpu_ms_per_move']:.2f} ms a move (not instrumented; {1000 / max(0.01, out['cpu_ms_per_move']):.0f} moves/s "
        f"a core); the bot kept its core {out['bot_core_busy']:.0%} busy; other processes used {out['others_on_core_share']:.0%} "
        f"of it; host steal {out['steal_share']:.0%}; time spent ready but waiting for the core (summed over threads): the loop's thread "
        f"{waits['loop']:.0%} of the run, the picture threads {waits['workers']:.0%}, SQLite's {waits['sqlite']:.0%}"
    )
    parts = out["stall_ms"]
    say(
        f"  event loop stalls (a turn of the loop > 20 ms): {len(stalls)}, longest {out['longest_stall_ms']:.0f} ms, "
        f"{parts['total']:.0f} ms in all: the loop's thread ran {parts['loop_cpu']:.0f} ms of it, waited for the core "
        f"{parts['loop_waited_for_core']:.0f} ms, and was held up otherwise (the GIL, held by our picture or SQLite "
        f"thread) {parts['held_up']:.0f} ms; the garbage collector's pauses made {parts['gc']:.0f} ms of them (in the "
        f"whole run it paused {out['gc_pauses']} times, {out['gc_ms']:.0f} ms, longest {out['gc_longest_ms']:.0f} ms)"
    )
    say(
        "  by third of the window: "
        + "; ".join(
            f"ack p99 {t['ack']['p99_ms']:.0f} ms, result p99 {t['shown']['p99_ms']:.0f} ms ({t['moves_per_s']:.0f} moves/s, bot "
            f"{t['bot_core_busy']:.0%} of its core, others {t['others_on_core_share']:.0%}, loop waited {t['loop_waited_share']:.0%}, "
            f"{t['stalls_over_20ms']} stalls)"
            for t in out["thirds"]
        )
    )
    say(
        f"  requests: {out['requests_per_move']:.2f} a move, {out['global_requests_per_move']:.2f} of them against the global "
        f"limit ({out['global_requests_per_s']:.0f}/s of the 50/s allowed)"
    )
    if out["driver_stalls"]:
        less = out["ack_without_driver_stalls"], out["shown_without_driver_stalls"]
        say(
            f"  (the measuring side, this process, stalled {out['driver_stalls']} times > 20 ms, longest "
            f"{out['driver_longest_stall_ms']:.0f} ms, its longest garbage collection {out['driver_gc_longest_ms']:.0f} ms; "
            f"with its stalls taken out of each latency they overlap, an upper bound of its share: ack p99 "
            f"{less[0]['p99_ms']:.1f} ms, result p99 {less[1]['p99_ms']:.1f} ms)"
        )
    for failure in figures["failures"][:3]:
        say(f"  !! a table was given up: {failure}")
    for line in figures["errors_logged"][:3]:
        say(f"  !! the bot logged: {line[:200]}")
    return out


def report_beside(figures: dict, say, what: str) -> dict:
    """The same load once more, changed as `what` says: its CPU a move, to set beside the load's."""
    out = {"tables": figures["tables"], **cpu_a_move(figures), "failures": figures["failures"]}
    say(
        f"  the same load with {what}: CPU {out['cpu_ms_per_move']:.2f} ms a move ({out['moves_per_s']:.1f} moves/s "
        f"served; other processes used {out['others_on_core_share']:.0%} of the core)"
    )
    for failure in figures["failures"][:3]:
        say(f"  !! a table was given up: {failure}")
    return out


def report_capacity(figures: dict, say) -> dict:
    """Tables playing without a pause: the moves a second one core serves, and their CPU each."""
    acks, shown = latency(figures["ack_s"]), latency(figures["shown_s"])
    out = {
        "tables": figures["tables"],
        **cpu_a_move(figures),
        "ack": acks,
        "shown": shown,
        "bot_core_busy": round(figures["bot"]["cpu_s"] / figures["seconds"], 3),
        "steal_share": round(figures["core"]["steal"] / figures["seconds"], 3),
        "stumbles": figures["stumbles"],
        "failures": figures["failures"],
    }
    out["moves_per_s_a_core"] = round(1000 / max(0.01, out["cpu_ms_per_move"]))
    full = out["bot_core_busy"] >= FULL_CORE
    say(
        f"{figures['tables']} tables playing without a pause (each player presses again as soon as their move is "
        f"answered) for {figures['seconds']:.0f} s after {figures['warm_up_s']:g} s of warm-up: {out['moves_per_s']:.1f} "
        f"moves/s served, the bot's core {out['bot_core_busy']:.0%} busy"
        + (
            ""
            if full
            else " (not full: the measuring side made no more presses, so the CPU a move below still "
            "carries some of the price of waking an idle core, and the capacity is a lower bound)"
        )
    )
    say(
        f"  capacity: CPU {out['cpu_ms_per_move']:.2f} ms a move, {out['moves_per_s_a_core']} moves/s a core; "
        f"other processes used {out['others_on_core_share']:.0%} of its core, host steal {out['steal_share']:.0%}; "
        f"every move queued behind the others: acknowledgement p50 {acks['p50_ms']:.0f} ms, p99 {acks['p99_ms']:.0f} ms, "
        f"result p50 {shown['p50_ms']:.0f} ms, p99 {shown['p99_ms']:.0f} ms"
        + (f"; {figures['stumbles']} times a player read again" if figures["stumbles"] else "")
    )
    for failure in figures["failures"][:3]:
        say(f"  !! a table was given up: {failure}")
    return out


def stall_parts(stalls: list[list[float]], pauses: list[list[float]]) -> dict:
    """What filled the loop's stalls ([end, length, loop CPU, run-queue wait]), in ms; `pauses` are
    the collector's ([end, length])."""
    total = sum(s[1] for s in stalls)
    cpu, wait = sum(s[2] for s in stalls), sum(s[3] for s in stalls)
    gc = sum(overlap(end - length, length, [(p[0] - p[1], p[0]) for p in pauses]) for end, length, *_ in stalls)
    return {
        "total": round(total * 1000, 1),
        "loop_cpu": round(cpu * 1000, 1),
        "gc": round(gc * 1000, 1),
        "loop_waited_for_core": round(wait * 1000, 1),
        "held_up": round(max(0.0, total - cpu - wait) * 1000, 1),
    }


def overlap(sent: float, seconds: float, intervals: list[tuple[float, float]]) -> float:
    """How much of [sent, sent + seconds] the measuring side spent stalled."""
    end = sent + seconds
    return sum(max(0.0, min(end, b) - max(sent, a)) for a, b in intervals if b > sent and a < end)


def thirds(marks: list[dict], acks: list, shown: list) -> list[dict]:
    """The window's thirds apart: how far the figures moved within one run."""
    out = []
    for mark in marks:
        inside = [lat for sent, lat in acks if mark["from"] <= sent < mark["to"]]
        seconds, bot, core = mark["to"] - mark["from"], mark["bot"], mark["core"]
        out.append(
            {
                "seconds": round(seconds, 2),
                "moves_per_s": round(len(inside) / seconds, 1),
                "ack": latency(inside),
                "shown": latency([lat for sent, lat in shown if mark["from"] <= sent < mark["to"]]),
                "bot_core_busy": round(bot["cpu_s"] / seconds, 3),
                "others_on_core_share": round(max(0.0, core["busy"] - bot["cpu_s"]) / seconds, 3),
                "loop_waited_share": round(bot["roles"].get("loop", {}).get("wait_s", 0.0) / seconds, 3),
                "steal_share": round(core["steal"] / seconds, 3),
                "stalls_over_20ms": len(bot["stalls"]),
                "gc_longest_ms": round(max((p[1] for p in bot["gc"]["pauses"]), default=0) * 1000, 1),
            }
        )
    return out


def tail_cause(load: dict) -> str:
    """Where the time of slow moves went, from what was measured: how busy the bot's core was and
    with whom, then what filled the loop's stalls, largest first."""
    stalls = load["stall_ms"]
    inside = sorted(
        [
            (
                stalls["loop_cpu"],
                f"the loop's own work {stalls['loop_cpu']:.0f} ms (the garbage collector's pauses "
                f"made {stalls['gc']:.0f} ms of the stalls)",
            ),
            (stalls["loop_waited_for_core"], f"waiting for the core {stalls['loop_waited_for_core']:.0f} ms"),
            (stalls["held_up"], f"held up by our own threads (the GIL) {stalls['held_up']:.0f} ms"),
        ],
        key=lambda item: -item[0],
    )
    threads = load["waited_share_by_thread"]
    full = load["bot_core_busy"] + load["others_on_core_share"] + load["steal_share"]
    queue = (
        ", nearly full with the others: moves queue behind each other and behind pictures"
        if full > 0.7
        else f"; with the others the core was {full:.0%} busy, not full"
    )
    return (
        f"the bot kept its core {load['bot_core_busy']:.0%} busy with its own work{queue} (its picture threads "
        f"waited for the core {threads['workers']:.0%} of the run, summed, its loop {threads['loop']:.0%}); "
        f"other processes used {load['others_on_core_share']:.0%} of that core, host steal "
        f"{load['steal_share']:.0%}; inside the {load['stalls_over_20ms']} loop stalls > 20 ms: "
        + ", ".join(text for _, text in inside)
    )
