"""What bench.postgres_bench measured, in words, and its targets (checked over every round: a target
is met if every round meets it; the figures are the rounds' ranges)."""

from __future__ import annotations

from typing import Any, Callable

TARGET_RATE, TARGET_SHARE, TARGET_P99_MS, TARGET_TABLES = 2000, 0.35, 25.0, 1000
Say = Callable[[str], None]


def span(values: list[float], form: str = ",.0f", unit: str = "") -> str:
    """`low-high` (or the one value) of `values`, formatted."""
    low, high = min(values), max(values)
    return f"{low:{form}}{unit}" if f"{low:{form}}" == f"{high:{form}}" else f"{low:{form}}-{high:{form}}{unit}"


def report(figures: dict[str, Any], say: Say, engine_us: float = 0.0) -> None:
    """`engine_us`: the rules' own mean CPU an action (bench.scripts.engine_costs)."""
    rounds, paced, tables = figures["rounds"], figures["paced"], figures["tables"]
    cores = figures["server_cores"]
    say(
        f"The service on PostgreSQL {figures['server_version']} (a throwaway server of the bench's own, "
        + (f"on core {', '.join(map(str, cores))}" if cores else "on the same core(s)")
        + f"; fsync and synchronous_commit off; started in {figures['start_s']:.1f} s), beside SQLite and the "
        f"PostgreSQL ceiling (asyncpg alone with the store's statement for a move: the version compare-and-set "
        f"update, the log row and {figures['ceiling']['outbox_rows_per_move']:.1f} outbox rows, in one statement "
        f"through a pool of {figures['ceiling']['pool_size']}, one task per table), at {tables:,} tables, saturated, "
        f"in slices of 0.5 s in turn, {len(rounds)} rounds:"
    )
    say(
        f"  {'round':>5}  {'on':<10} {'actions/s':>9}  {'CPU µs/action':>13}  {'server µs/action':>16}  "
        f"{'waited':>6}  {'server waited':>13}  {'stolen':>6}  {'GC ms/s':>7}"
    )
    for number, one in enumerate(rounds, start=1):
        for name in ("sqlite", "postgres", "ceiling"):
            f = one[name]
            server = f"{f['server_cpu_us_per_action']:>16,.0f}" if name != "sqlite" else f"{'':>16}"
            server_waited = f"{f['server_waited_share']:>13.0%}" if name != "sqlite" else f"{'':>13}"
            say(
                f"  {number:>5}  {name:<10} {f['actions_per_s']:>9,.0f}  {f['cpu_us_per_action']:>13,.0f}  {server}  "
                f"{f['waited_share']:>6.0%}  {server_waited}  {f['stolen_share']:>6.0%}  {f['gc_ms_per_s']:>7.0f}"
            )
        say(
            f"  {'':>5}  the service on PostgreSQL: {one['ratio_to_ceiling']:.0%} of the ceiling, "
            f"{one['postgres_to_sqlite']:.0%} of the service on SQLite"
        )
    say(
        "  (CPU: this process, pinned to one core; server: the PostgreSQL processes' CPU an action; waited: time"
        " ready to run but without a core, as a share of the run, summed over the server's processes)"
    )
    service = [one["postgres"]["cpu_us_per_action"] for one in rounds]
    driver = [one["ceiling"]["cpu_us_per_action"] for one in rounds]
    rest = [s - d - engine_us for s, d in zip(service, driver)]
    say(
        f"  Of the service's {span(service)} µs of CPU an action on PostgreSQL, asyncpg and the event loop's I/O "
        f"take about what the ceiling spends a move, {span(driver)} µs (one round trip a move); "
        f"the rules {engine_us:,.0f} µs; the service and the store the other {span(rest)} µs"
    )
    say(f"Paced at {figures['rate']:,.0f} actions/s, {tables:,} tables, a fresh database each, in turn:")
    for number, one in enumerate(paced, start=1):
        for name in ("postgres", "sqlite"):
            f = one[name]
            say(
                f"  {number:>5}  {name:<10} {f['actions_per_s']:>7,.0f}/s served  p50 {f['p50_ms']:>6.2f} ms  "
                f"p99 {f['p99_ms']:>7.2f} ms  max {f['max_ms']:>7.1f} ms  CPU {f['cpu_us_per_action']:,.0f} µs/action"
                + (f" (server {f['server_cpu_us_per_action']:,.0f})" if name == "postgres" else "")
                + f"  waited {f['cpu_waited_share']:.0%}  longest GC {f['gc_longest_ms']:.0f} ms"
            )
    say("")


def postgres_targets(results: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """(target, met, figure) of the service on PostgreSQL; none if it was not measured."""
    figures = results.get("postgres") or {}
    if "rounds" not in figures:
        return []
    rounds, paced, tables = figures["rounds"], figures["paced"], figures["tables"]
    full = tables >= TARGET_TABLES
    where = f"at {tables:,} tables" + ("" if full else " (--quick: not the target's 1,000)")
    rates = [one["postgres"]["actions_per_s"] for one in rounds]
    shares = [one["ratio_to_ceiling"] for one in rounds]
    ceilings = [one["ceiling"]["actions_per_s"] for one in rounds]
    p99s = [one["postgres"]["p99_ms"] for one in paced]
    served = [one["postgres"]["actions_per_s"] for one in paced]
    kept_up = all(s >= 0.97 * figures["rate"] for s in served)
    met = sum(r >= TARGET_RATE for r in rates)
    return [
        (
            f"on PostgreSQL {where}, at least 2,000 actions/s",
            full and met == len(rates),
            f"{span(rates)} actions/s over {len(rates)} rounds, {met} of them met (CPU "
            f"{span([one['postgres']['cpu_us_per_action'] for one in rounds])} µs an action here, the server "
            f"{span([one['postgres']['server_cpu_us_per_action'] for one in rounds])} µs; SQLite in the same "
            f"slices {span([one['sqlite']['actions_per_s'] for one in rounds])}/s)",
        ),
        (
            f"on PostgreSQL {where}, at least 35% of the PostgreSQL ceiling",
            full and all(s >= TARGET_SHARE for s in shares),
            f"{span([100 * s for s in shares], '.0f', '%')} of a ceiling of {span(ceilings)} moves/s (its CPU "
            f"{span([one['ceiling']['cpu_us_per_action'] for one in rounds])} µs a move)",
        ),
        (
            f"on PostgreSQL {where} paced at {figures['rate']:,.0f} actions/s, p99 under 25 ms",
            full and figures["rate"] >= 1000 and kept_up and all(p < TARGET_P99_MS for p in p99s),
            f"p99 {span(p99s, '.1f', ' ms')} over {len(p99s)} rounds, {span(served)} actions/s served (SQLite "
            f"alongside: p99 {span([one['sqlite']['p99_ms'] for one in paced], '.1f', ' ms')})",
        ),
    ]
