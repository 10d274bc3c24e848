"""The bench's two-processes part (bench/processes.py): the real bot as two processes on PostgreSQL
plays tables in a server on each shard, DM presses on shard 1's tables reach shard 0's process and
are handed over and acknowledged; the report's hand-over cost is the handed-over DM presses less
shard 0's own, the target is met only if every round meets it, and where no server can be had the
part says so in one line."""

from __future__ import annotations

from pathlib import Path

from bench import processes
from bench.players import VARIANTS
from bench.processes_report import HANDED, LOCAL, ONE, TWO, report, summary
from tests.pg import server as pg
from tests.registry import games_with


def test_without_a_server_the_part_says_so_in_one_line(tmp_path: Path, monkeypatch) -> None:
    def refuse(self: pg.Server) -> pg.Server:
        raise pg.Unavailable("no PostgreSQL server binaries here")

    monkeypatch.setattr(pg.Server, "start", refuse)
    said: list[str] = []
    assert processes.run(tmp_path, True, said.append) == {"unavailable": "no PostgreSQL server binaries here"}
    assert said == ["Two processes on PostgreSQL: not measured: no PostgreSQL server binaries here"]


def test_most_tables_play_games_with_dm_prompts_the_same_in_both_servers() -> None:
    variants = processes.mix()
    together = [v for v in variants if v.game in games_with(together=True)]
    assert set(VARIANTS) <= set(variants) and len(together) / len(variants) > 0.7


def raw(setup: str, handed_ms: float, local_ms: float = 10.0) -> dict:
    """What one_setup measures, made up: 100 presses of each kind, one of them slow."""
    process = {
        "shards": [0],
        "cpu_s": 3.0,
        "roles": {"loop": {"cpu_s": 2.0, "wait_s": 0.3}},
        "stalls": [],
        "gc": {"pauses": []},
        "rss_mb": 90.0,
        "errors_logged": [],
    }
    presses = {
        "server, shard 0": [0.005] * 100,
        "server, shard 1": [0.006] * 100,
        LOCAL: [local_ms / 1000] * 99 + [0.03],
        HANDED: [handed_ms / 1000] * 99 + [0.04],
    }
    return {
        "setup": setup,
        "tables": 100,
        "rate_asked": 38.0,
        "seconds": 30.0,
        "seated_s": 9.0,
        "moves": 1100,
        "moves_by_shard": [550, 550],
        "presses_s": presses,
        "processes": [process, {**process, "shards": [1]}] if setup == TWO else [{**process, "shards": [0, 1]}],
        "postgres_cpu_s": 1.1 if setup == TWO else None,
        "bench_cpu_s": 12.0,
        "others_cpu_s": 0.3,
        "steal_s": 0.0,
        "not_answering": 0,
        "failures": [],
        "stumbles": 0,
        "behind_s": [0.001],
        "driver_stalls_s": [],
    }


def test_the_hand_over_s_cost_and_the_target_over_the_rounds() -> None:
    one = summary(raw(TWO, 14.0))
    assert one["handover_added_ms"] == {"p50_ms": 4.0, "p95_ms": 4.0, "p99_ms": 10.0}
    assert one["processes"][1]["cpu_ms_per_move"] == round(3.0 / 550 * 1000, 2)
    plan = {"tables": 100, "rate": 38.0, "warm": 5.0, "window": 30.0, "rounds": 2}
    rounds = [{TWO: raw(TWO, 14.0), ONE: raw(ONE, 9.0)}, {TWO: raw(TWO, 120.0), ONE: raw(ONE, 9.0)}]
    said: list[str] = []
    figures = report(rounds, plan, False, said.append)
    handed = figures["targets"][0]
    assert not handed["met"] and handed["figure"].startswith("p99 40-120 ms over 2 round(s)")
    assert handed["cause"].startswith("the best round (1): p99 40 ms, of which the hand-over added +10 ms")
    assert "the worst (2): p99 120 ms, of which the hand-over added +90 ms" in handed["cause"]
    assert figures["handover_added_ms"]["p50_ms"] == [4.0, 110.0]
    assert report(rounds[:1], plan, False, said.append)["targets"][0]["met"]
    assert not report(rounds[:1], plan, True, said.append)["targets"][0]["met"]  # quick: not the target's load


async def test_two_processes_hand_dm_presses_over(pg_dsn: str, tmp_path: Path, monkeypatch) -> None:
    """A short run of the two processes alone, every table playing a game with DM prompts."""
    together = [v for v in VARIANTS if v.game in games_with(together=True)]
    monkeypatch.setattr(processes, "mix", lambda: together)
    monkeypatch.setattr(processes, "SETUPS", (TWO,))
    plan = {"tables": 4, "rate": 6.0, "warm": 0.5, "window": 5.0, "rounds": 1}
    said: list[str] = []
    (round_,) = await processes.measure(tmp_path, pg_dsn, None, plan, said.append)
    figures = summary(round_[TWO])
    assert not figures["failures"] and not figures["not_answering"]
    assert all(figures["ack"][kind]["count"] for kind in ("server, shard 0", "server, shard 1"))
    assert figures["ack"][HANDED]["count"] > 0 and figures["ack"][LOCAL]["count"] > 0
    assert [p["shards"] for p in figures["processes"]] == [[0], [1]]
    assert not any(p["errors_logged"] for p in figures["processes"])
