"""The ceiling: plain sqlite3, one committed transaction per action, nothing else, with the bot's
own set-up, so that TableService is compared like for like.

- The same schema and pragmas as bot.store.Store.open, with `wal_autocheckpoint` at the bot's
  backstop (bot.checkpoints.WAL_BACKSTOP_PAGES) and the bot's own Checkpointer (a PASSIVE
  checkpoint on a connection and a thread of its own every CHECKPOINT_EVERY commits): SQLite's
  automatic checkpoint inside the commit loop would stall the writer as the bot's never does.
- The statements of Store.save for a move: the table row's state, version and updated_at (three
  columns, not all nine), one log row, and the move's outbox rows (bot/store/outbox.py: as many, and of
  the same texts, as the games' moves tell; `outbox_texts`).
- `delivery=True` adds what the publisher writes once the move is told: the outbox read
  (outbox.read_owed) and the transaction that deletes the rows and sets `announced` (outbox.delivered).
  The clock's deadline sync, which the whole bot also writes a move, is not in it.

It runs in slices (`slice`) so that the bench can alternate them with TableService's own slices
(bench.load): both rates then come from the same moments of a shared, noisy machine.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from bot.store.checkpoints import CHECKPOINT_EVERY, WAL_BACKSTOP_PAGES, Checkpointer
from bot.store.sqlite import MIGRATIONS

from .load import run_queue_wait, stolen_time

PRAGMAS = (
    "busy_timeout = 5000",
    "journal_mode = WAL",
    "synchronous = NORMAL",
    "foreign_keys = ON",
    f"wal_autocheckpoint = {WAL_BACKSTOP_PAGES}",
)
UPDATE = "UPDATE tables SET state = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?"
INSERT = (
    "INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at)"
    " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), ?, ?, ?, ?, ?)"
)
TELL = "INSERT INTO outbox (table_id, version, n, user_id, kind, text) VALUES (?, ?, ?, ?, ?, ?)"
OWED = "SELECT version, user_id, kind, text, via FROM outbox WHERE table_id = ? AND version <= ? ORDER BY version, n"
SEEN = "SELECT announced FROM tables WHERE id = ?"
DELIVERED = (
    "DELETE FROM outbox WHERE table_id = ? AND version <= ?",
    "UPDATE tables SET announced = MAX(announced, ?) WHERE id = ?",
)


class Ceiling:
    def __init__(self, path: Path, states: list[str], tables: int, told: tuple[float, list[str]]) -> None:
        """`states`: JSON states to write; `told`: (outbox rows a move, the texts they carry)."""
        self.path, self.states, self.tables = path, states, tables
        self.rows_per_move, self.texts = told
        self.db = sqlite3.connect(path, isolation_level=None)
        for pragma in PRAGMAS:
            self.db.execute(f"PRAGMA {pragma}")
        for script in MIGRATIONS:  # the bot's own schema, as Store.open leaves it
            self.db.executescript(script)
        seats, options = json.dumps([1, 2, 3, 4, 5]), json.dumps({})
        self.db.execute("BEGIN")
        self.db.executemany(
            "INSERT INTO tables (id, channel_id, game, status, host_id, seats, options, seed, version, state,"
            " created_at, updated_at) VALUES (?, ?, 'bench', 'running', 1, ?, ?, 'seed', 0, ?, 0, 0)",
            [(n + 1, n + 1, seats, options, states[n % len(states)]) for n in range(tables)],
        )
        self.db.execute("COMMIT")
        self.checkpoints = Checkpointer(str(path))
        self.versions = [0] * tables
        self.commits = self.actions = self.written = self.told = 0
        self.owed = 0.0
        self.figures = {
            kind: {"actions": 0, "commits": 0, "seconds": 0.0, "cpu": 0.0, "waited": 0.0, "stolen": 0.0}
            for kind in ("move", "delivery")
        }
        self.action = json.dumps({"kind": "vote", "stone": "white"})

    def _commit(self, statements: list[tuple[str, tuple]]) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        for sql, params in statements:
            self.db.execute(sql, params)
        self.db.execute("COMMIT")
        self.commits += 1
        if self.commits % CHECKPOINT_EVERY == 0:  # as bot.store.Store.transaction does
            self.checkpoints.start()

    def _move(self, delivery: bool) -> None:
        n = self.actions % self.tables
        state = self.states[self.actions % len(self.states)]
        version, now = self.versions[n] + 1, time.time()
        self.owed += self.rows_per_move  # a fractional mean: whole rows as they add up
        rows = int(self.owed)
        self.owed -= rows
        tell = [
            (TELL, (n + 1, version, k, None, "text", self.texts[(self.told + k) % len(self.texts)]))
            for k in range(rows)
        ]
        self._commit(
            [
                (UPDATE, (state, version, now, n + 1, version - 1)),
                (INSERT, (n + 1, n + 1, 0, 1, "move", self.action, now)),
                *tell,
            ]
        )
        self.told += rows
        if delivery:
            self.db.execute(OWED, (n + 1, version)).fetchall()
            self.db.execute(SEEN, (n + 1,)).fetchall()
            self._commit([(DELIVERED[0], (n + 1, version)), (DELIVERED[1], (version, n + 1))])
        self.versions[n] = version
        self.actions += 1
        self.written += len(state)

    def slice(self, seconds: float, delivery: bool = False) -> None:
        """Commit actions for `seconds`, one table after another."""
        figures = self.figures["delivery" if delivery else "move"]
        actions, commits = self.actions, self.commits
        cpu, waited, stolen, start = time.process_time(), run_queue_wait(), stolen_time(), time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(50):
                self._move(delivery)
        figures["seconds"] += time.perf_counter() - start
        figures["cpu"] += time.process_time() - cpu
        figures["waited"] += run_queue_wait() - waited
        figures["stolen"] += stolen_time() - stolen
        figures["actions"] += self.actions - actions
        figures["commits"] += self.commits - commits

    def close(self) -> None:
        self.checkpoints.close()
        self.db.close()

    def summary(self) -> dict:
        out = {
            "tables": self.tables,
            "mean_state_bytes": round(self.written / max(1, self.actions)),
            "outbox_rows_per_move": round(self.rows_per_move, 2),
        }
        for kind, f in self.figures.items():
            if f["actions"]:
                out[kind] = {
                    "actions": f["actions"],
                    "commits": f["commits"],
                    "seconds": round(f["seconds"], 3),
                    "actions_per_s": round(f["actions"] / f["seconds"], 1),
                    "cpu_us_per_action": round(f["cpu"] / f["actions"] * 1e6, 1),
                    "waited_share": round(f["waited"] / f["seconds"], 3),
                    "stolen_share": round(f["stolen"] / f["seconds"], 3),
                }
        # the names the rest of the bench and results.json have used
        if "move" in out:
            out["commits_per_s"] = out["move"]["actions_per_s"]
            out["cpu_us_per_commit"] = out["move"]["cpu_us_per_action"]
        return out
