"""The PostgreSQL ceiling: asyncpg alone, one transaction per action, nothing else, with the bot's
own set-up, so that TableService on PostgresStore is compared like for like (bench.ceiling does
the same for SQLite with sqlite3).

- The bot's own schema, made by PostgresStore.open (bot/store/schema.py as bot/store/pgsql.py
  turns it into PostgreSQL's), and a pool as PostgresStore opens it (at most POOL_SIZE connections).
- The statement PostgresStore sends for a move's save (`in_one_statement`, bot/store/postgres.py),
  made by the store's own function, through `connection.fetchval` (asyncpg's prepared statements,
  cached per connection) as PostgresDb does: the version compare-and-set update of the state,
  version and updated_at (a move writes only its state), the log row, and the move's outbox rows
  (as many, and of the same texts, as the games' moves tell; bench.scripts.outbox_texts), on a
  connection taken from the pool for it and given back without a session reset (`keep_session`),
  as the store does.
- The same concurrency as the service: one task per table, each sending its table's next move as
  soon as the last is committed, all of them sharing the pool.

It runs in slices behind a gate (bench.load.Gate) so that the bench can interleave it with the
service's own slices (bench.postgres_bench): both rates then come from the same moments.
"""

from __future__ import annotations

import asyncio
import json
import time

import asyncpg

from bot.store.base import Change
from bot.store.pgsql import numbered
from bot.store.postgres import POOL_SIZE, PostgresStore, in_one_statement, keep_session

from .load import Gate


class PostgresCeiling:
    """`tables` rows, each moved by a task of its own through one pool, while the gate is open."""

    def __init__(self, url: str, states: list[str], tables: int, told: tuple[float, list[str]]) -> None:
        """`states`: JSON states to write; `told`: (outbox rows a move, the texts they carry)."""
        self.url, self.states, self.tables = url, states, tables
        self.rows_per_move, self.texts = told
        self.pool: asyncpg.Pool | None = None
        self.gate = Gate()
        self.versions = [0] * tables
        self.actions = self.written = self.told = 0
        self.owed = 0.0
        self.latencies: list[float] = []
        self.action = json.dumps({"kind": "vote", "stone": "white"})
        self._tasks: asyncio.Future | None = None

    async def open(self) -> None:
        """The bot's schema (through PostgresStore.open), `tables` running tables, the pool and the
        tables' tasks (waiting at the closed gate)."""
        store = await PostgresStore.open(self.url)
        await store.close()
        self.pool = await asyncpg.create_pool(self.url, min_size=1, max_size=POOL_SIZE, reset=keep_session)
        seats, options = json.dumps([1, 2, 3, 4, 5]), json.dumps({})
        async with self.pool.acquire() as connection:
            await connection.executemany(
                "INSERT INTO tables (id, channel_id, game, status, host_id, seats, options, seed, version, state,"
                " created_at, updated_at) VALUES ($1, $2, 'bench', 'running', 1, $3, $4, 'seed', 0, $5, 0, 0)",
                [(n + 1, n + 1, seats, options, self.states[n % len(self.states)]) for n in range(self.tables)],
            )
        # the pool's connections open, as bench.postgres_bench.warm opens the service's
        await asyncio.gather(*(self.pool.fetchval("SELECT 1") for _ in range(2 * POOL_SIZE)))
        self._tasks = asyncio.gather(*(self._play(n) for n in range(self.tables)))

    def _change(self, n: int) -> Change:
        """The move's save, as TableStore.save describes it to the store."""
        state = self.states[self.actions % len(self.states)]
        self.owed += self.rows_per_move  # a fractional mean: whole rows as they add up
        rows = int(self.owed)
        self.owed -= rows
        told = [(None, "text", self.texts[(self.told + k) % len(self.texts)], None) for k in range(rows)]
        self.told += rows
        self.written += len(state)
        move = ("move", 0, 1, self.action)
        return Change(n + 1, self.versions[n] + 1, time.time(), {"state": state}, move, told)

    async def _move(self, n: int) -> None:
        assert self.pool is not None
        sql, values = in_one_statement(self._change(n))
        async with self.pool.acquire() as connection:
            if await connection.fetchval(numbered(sql), *values) == 0:
                raise RuntimeError(f"table {n + 1}: the version check failed")  # as StaleVersion would
        self.versions[n] += 1
        self.actions += 1

    async def _play(self, n: int) -> None:
        while await self.gate.enter():
            started = time.perf_counter()
            try:
                await self._move(n)
            finally:
                self.gate.leave()
            self.latencies.append(time.perf_counter() - started)

    async def close(self) -> None:
        self.gate.stop = True
        self.gate.open.set()
        if self._tasks is not None:
            await self._tasks
        if self.pool is not None:
            await self.pool.close()

    def summary(self) -> dict:
        return {
            "tables": self.tables,
            "pool_size": POOL_SIZE,
            "mean_state_bytes": round(self.written / max(1, self.actions)),
            "outbox_rows_per_move": round(self.rows_per_move, 2),
        }
