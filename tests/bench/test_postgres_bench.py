"""The service bench's PostgreSQL part (bench/postgres_bench.py): its ceiling sends the statements
PostgresStore sends for a move (when the store's save changes, this fails here instead of the
comparison silently drifting), it runs on the bot's schema on a real server, and where no server can
be had it says so in one line and the bench goes on."""

from __future__ import annotations

from typing import Any

import asyncpg

from bench import postgres_bench
from bench.postgres_ceiling import PostgresCeiling
from bench.postgres_report import postgres_targets, report
from bench.scripts import scripts_for_every_game
from bot.store.base import Change
from bot.store.pgsql import numbered
from bot.store.postgres import PostgresStore, in_one_statement
from bot.store.records import TableRecord
from tests.pg import server as pg
from tests.stores import create_database, with_database


class Recording:
    """A Db that records the statements run on it, as PostgresDb sends them."""

    dialect = "postgres"

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def fetchval(self, sql: str, *params: Any) -> Any:
        self.sent.append(numbered(sql))
        return 1


class RecordingStore(PostgresStore):
    """PostgresStore's own save, its statements recorded instead of sent."""

    def __init__(self) -> None:
        super().__init__(pool=None)  # type: ignore[arg-type]
        self.db = Recording()
        self.saved: list[Change] = []

    async def _commit(self, change, then, doing) -> None:
        self.saved.append(change)
        await super()._commit(change, then, doing)

    async def run_job(self, work, doing="write"):
        return await work(self.db)

    async def in_transaction(self, work, doing="write"):
        return await work(self.db)


async def test_the_ceiling_sends_the_statement_of_a_move_s_save():
    store = RecordingStore()
    table = TableRecord(
        id=7, guild_id=1, channel_id=7, game="bench", status="running", host_id=1, seats=[1, 2], options={},
        seed="s", version=3, state="{}", deadline=None, board_message_id=None, created_at=0.0, updated_at=0.0,
    )  # fmt: skip
    told = [(None, "text", "public", None), (2, "text", "private", None)]
    await store.save(table, {"state": '{"n": 1}'}, ("move", 0, 1, {"kind": "pass"}), told)
    (change,) = store.saved
    assert store.db.sent == [numbered(in_one_statement(change)[0])]  # one statement, one round trip
    ceiling = PostgresCeiling("postgresql://unused", ['{"n": 2}'], 10, (2.0, ["public", "private"]))
    made = ceiling._change(6)
    assert (made.table_id, made.version, list(made.columns), made.log[0], len(made.told)) == (
        7,
        1,
        ["state"],
        "move",
        2,
    )
    assert in_one_statement(made)[0] == in_one_statement(change)[0]


def test_the_targets_are_met_only_if_every_round_meets_them():
    one = {"actions_per_s": 2500.0, "cpu_us_per_action": 300.0, "server_cpu_us_per_action": 200.0}
    rounds = [
        {"postgres": one, "sqlite": one, "ceiling": {**one, "actions_per_s": 5000.0}, "ratio_to_ceiling": share}
        for share in (0.5, 0.3)
    ]
    paced = [{"postgres": {"actions_per_s": 990.0, "p99_ms": 9.0}, "sqlite": {"p99_ms": 3.0}}]
    results = {"postgres": {"rounds": rounds, "paced": paced, "tables": 1000, "rate": 1000.0}}
    met = {name.split(", ", 1)[-1]: ok for name, ok, _ in postgres_targets(results)}
    assert met == {
        "at least 2,000 actions/s": True,
        "at least 35% of the PostgreSQL ceiling": False,
        "p99 under 25 ms": True,
    }
    assert postgres_targets({"postgres": {"unavailable": "no server"}}) == []


def test_without_a_server_the_part_says_so_in_one_line(tmp_path, monkeypatch):
    def refuse(self: pg.Server) -> pg.Server:
        raise pg.Unavailable("no PostgreSQL server binaries here")

    monkeypatch.setattr(pg.Server, "start", refuse)
    said: list[str] = []
    results: dict = {}
    postgres_bench.run(tmp_path, results, [], True, said.append, None)
    assert said == ["The service on PostgreSQL: not measured: no PostgreSQL server binaries here"]
    assert results["postgres"] == {"unavailable": "no PostgreSQL server binaries here"}


async def test_the_interleaved_run_and_the_paced_run_on_a_real_server(pg_dsn, tmp_path):
    scripts = scripts_for_every_game(1, sample_every=5)
    plan = {"tables": 3, "rounds": 1, "slices": 1, "slice_s": 0.05, "paced_s": 0.2, "rate": 30.0}
    figures = await postgres_bench.interleaved(tmp_path, pg_dsn, None, scripts, plan)
    (one,) = figures["rounds"]
    assert all(one[name]["actions"] > 0 for name in ("sqlite", "postgres", "ceiling"))
    connection = await asyncpg.connect(with_database(pg_dsn, "bench_ceiling"))
    try:
        logged = await connection.fetchval("SELECT COUNT(*) FROM actions")
        told = await connection.fetchval("SELECT COUNT(*) FROM outbox")
    finally:
        await connection.close()
    assert logged >= one["ceiling"]["actions"] and told > 0
    (paced,) = await postgres_bench.paced_rounds(tmp_path, pg_dsn, None, scripts, plan)
    assert paced["postgres"]["actions"] > 0 and paced["sqlite"]["actions"] > 0
    said: list[str] = []
    server = {"server_version": "15", "server_cores": None, "start_s": 1.0}
    report({**figures, **server, "paced": [paced], "rate": 30.0}, said.append)
    assert any("of the ceiling" in line for line in said)


async def test_the_ceiling_runs_on_the_bot_s_schema(pg_dsn):
    url = await create_database(pg_dsn, "bench_ceiling_test")
    ceiling = PostgresCeiling(url, ['{"n": 1}', '{"n": 2}'], 4, (1.5, ["a text", "another"]))
    try:
        await ceiling.open()
        lane = postgres_bench.Lane("ceiling", ceiling.gate, lambda: ceiling.actions, ceiling.latencies)
        await postgres_bench.timed_slice(lane, [], None, 0.05)
    finally:
        await ceiling.close()
    assert lane.figures["actions"] > 0 and ceiling.versions and sum(ceiling.versions) == ceiling.actions
