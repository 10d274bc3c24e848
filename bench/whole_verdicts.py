"""The whole bot's targets (issue "Performance of the whole bot, not just the service"), each met or
MISSED with its figure and, for a miss, what the measurements say caused it."""

from __future__ import annotations

from .fake_meter import counts_globally
from .whole_report import BASELINE, tail_cause

CPU_MS, ACK_P99_MS, SHOWN_P99_MS, MOVES_PER_S = 5.0, 50.0, 100.0, 35.0
START_UP_S, RSS_MB = 1.0, 150.0
CPU_TARGET = f"whole bot, CPU a move including pictures <= {CPU_MS:g} ms (>= 200 moves/s a core)"


def cpu_cause(games: dict, blank: dict | None, floor: dict | None = None) -> str:
    groups = games["cpu_split_us"]["groups"]
    us = games["cpu_split_us"]["us"]
    parts = sorted(groups.items(), key=lambda kv: -kv[1])
    text = ", ".join(f"{name.split(' (')[0]} {value / 1000:.1f} ms" for name, value in parts if value > 50)
    cause = (
        f"where it goes (one table, instrumented): {text}; pictures are {us['draw'] / 1000:.1f} ms drawing and "
        f"{us['encode'] / 1000:.1f} ms encoding (JPEG) for {us['pictures drawn']:.2f} pictures a move"
    )
    if blank:
        without = blank["cpu_ms_per_move"]
        cause += f"; the same load with blank pictures: {without:.1f} ms a move, " + (
            f"so even without drawing or encoding it is over {CPU_MS:g} ms"
            if without > CPU_MS
            else f"so pictures may cost at most {CPU_MS - without:.1f} ms a move for it"
        )
    if floor:
        least = floor["cpu_ms_a_press"]
        cause += (
            f"; a bot doing only the Discord side of a move (bench/discord_floor.py: two requests, discord.py "
            f"included) uses {least:.1f} ms a press, which leaves {CPU_MS - least:.1f} ms of {CPU_MS:g} for the "
            "rules, the store, the gate, menus, the publisher, the other requests and pictures"
            + (f" (they use {without - least:.1f} ms a move without pictures)" if blank else "")
        )
    return cause


def cpu_check(results: dict) -> tuple:
    """The CPU target, read as what it says it means: moves a second one core serves, measured with
    the core full (the capacity run). The paced load's CPU a move is given beside it, with the part
    of it that is the price of waking an idle core on this machine (the kept-busy run)."""
    games, load, capacity = results["games"], results["load"], results.get("capacity")
    kept = results.get("load_core_kept_busy")
    paced = load["cpu_ms_per_move"]
    figure = (
        f"at {load['moves_per_s']:.0f} moves/s, {paced:.1f} ms a move"
        + (
            f" ({kept['cpu_ms_per_move']:.1f} ms with the core kept from idling: waking it costs "
            f"{paced - kept['cpu_ms_per_move']:.1f} ms a move here)"
            if kept
            else ""
        )
        + f"; {games['cpu_split_us']['us']['process'] / 1000:.1f} ms at one table"
    )
    cause = cpu_cause(games, results.get("load_blank_pictures"), results.get("discord_floor"))
    if capacity is None:
        return CPU_TARGET, False, figure + "; no capacity run", cause
    cpu = capacity["cpu_ms_per_move"]
    met = cpu <= CPU_MS and not games["quick"]
    figure = (
        f"with the core full, {cpu:.1f} ms a move, {capacity['moves_per_s_a_core']} moves/s a core "
        f"({capacity['moves_per_s']:.0f} served at {capacity['tables']} tables, the bot's core "
        f"{capacity['bot_core_busy']:.0%} busy){' (quick: not the target measure)' if games['quick'] else ''}; "
        + figure
    )
    return CPU_TARGET, met, figure, None if met else cause


SHORT = {
    "POST /channels/{channel_id}/messages": "board or text posted",
    "PATCH /channels/{channel_id}/messages/{message_id}": "board edited",
    "POST /channels/{channel_id}/messages (DM)": "DM sent",
    "POST /users/@me/channels": "DM opened",
}


def requests_cause(figures: dict) -> str:
    """What each move still sends against the global limit, per game."""
    return "what a move sends in play: " + "; ".join(
        f"{game} "
        + " + ".join(
            f"{n:.2f} {SHORT.get(kind, kind)}"
            for kind, n in f["play_per_move"].items()
            if counts_globally(kind.split(" ", 1)[1])
        )
        for game, f in sorted(figures.items())
    )


def whole_targets(results: dict, say) -> list[dict]:
    checks = []
    games, load, start = results.get("games"), results.get("load"), results.get("start_up")
    unseen = results.get("start_up_clock_unseen")
    if load and games:
        checks.append(cpu_check(results))
        fast_enough = load["moves_per_s"] >= MOVES_PER_S
        rate = f"at {load['tables']} tables, {load['moves_per_s']:.1f} moves/s served" + (
            " (quick: not the target's load)" if load["tables"] < 100 else ""
        )
        thirds = load.get("thirds") or []
        for name, key, limit in (("acknowledgement", "ack", ACK_P99_MS), ("result", "shown", SHOWN_P99_MS)):
            p99 = load[key]["p99_ms"]
            spread = (
                f" (thirds of the run: {min(t[key]['p99_ms'] for t in thirds):.0f}-"
                f"{max(t[key]['p99_ms'] for t in thirds):.0f} ms)"
                if thirds
                else ""
            )
            less = load.get(f"{key}_without_driver_stalls")
            if less and load["driver_stalls"]:
                spread += f"; {less['p99_ms']:.0f} ms with the measuring side's own stalls taken out"
            met = fast_enough and p99 < limit
            cause = (
                None
                if met
                else (f"served only {load['moves_per_s']:.1f} moves/s; " if not fast_enough else "")
                + tail_cause(load)
                + (
                    f"; the measuring side itself stalled {load['driver_stalls']} times, longest "
                    f"{load['driver_longest_stall_ms']:.0f} ms"
                    if load["driver_stalls"]
                    else ""
                )
            )
            checks.append(
                (
                    f"{name} p99 < {limit:g} ms at 100 tables and >= {MOVES_PER_S:g} moves/s",
                    met,
                    f"p99 {p99:.0f} ms{spread}, {rate}",
                    cause,
                )
            )
    if games:
        figures = games["requests_per_move"]
        halved = {
            game: (f["global_with_lobby"] <= BASELINE[game][0][0] / 2 and f["global_play"] <= BASELINE[game][1][0] / 2)
            for game, f in figures.items()
            if game in BASELINE
        }
        text = ", ".join(
            f"{game} {f['global_with_lobby']:.2f} / {f['global_play']:.2f} (was {BASELINE[game][0][0]:.2f} / "
            f"{BASELINE[game][1][0]:.2f})"
            for game, f in sorted(figures.items())
            if game in BASELINE
        )
        met = bool(halved) and all(halved.values()) and not games["quick"]
        checks.append(
            (
                "requests against the global rate limit a move at least halved (with lobby / play only)",
                met,
                text + (" (quick: first moves only, not whole games)" if games["quick"] else ""),
                None if met else requests_cause(figures),
            )
        )
    if start:
        first_pass, ready = start["start_up_s"], start["milestones_s"].get("ready")
        met = first_pass is not None and first_pass < START_UP_S
        during = start.get("cpu_share_during_first_pass")
        cause = (
            f"ready at {ready:.2f} s, then the clock's first pass over every stored table takes "
            f"{(first_pass or start['watched_s']) - (ready or 0):.1f} s"
            + (f" at {during:.0%} of a core" if during is not None else "")
            + f"; host steal {start['steal_share']:.0%}"
        )
        other = ""
        if unseen:
            last_rss = unseen["rss_mb"][f"at_{unseen['watched_s']:g}_s"] or 0
            other = (
                " (tables the clock never saw, a database from before it: the first pass "
                + (f"done at {unseen['start_up_s']:.2f} s" if unseen["start_up_s"] is not None else "not done")
                + f", {last_rss:.0f} MB at the end)"
            )
        checks.append(
            (
                f"start-up with {start['stored_tables']:,} stored tables as a running bot leaves them, the clock's "
                f"first pass included, < {START_UP_S:g} s",
                met,
                (f"{first_pass:.2f} s" if first_pass is not None else f"not done after {start['watched_s']:g} s")
                + other,
                None if met else cause,
            )
        )
        key = f"at_{start['watched_s']:g}_s"
        rss = start["rss_mb"][key]
        checks.append(
            (
                f"memory {start['watched_s']:g} s after the start < {RSS_MB:g} MB",
                rss is not None and rss < RSS_MB,
                f"{rss:.0f} MB (when ready {start['rss_mb']['at_ready']:.0f} MB)",
                None
                if rss is not None and rss < RSS_MB
                else f"it grows during the clock's first pass: {start['rss_mb']['at_ready']:.0f} MB when ready, "
                f"{start['rss_mb']['after_first_pass'] or 0:.0f} MB after it",
            )
        )
    say()
    say("Targets of the whole bot (one core):")
    for name, met, figure, cause in checks:
        say(f"  [{'met' if met else 'MISSED'}] {name}: {figure}")
        if cause:
            say(f"      why: {cause}")
    return [{"target": name, "met": met, "figure": figure, "cause": cause} for name, met, figure, cause in checks]
