"""The ceiling: plain sqlite3, one committed transaction per action, nothing else.

The same schema, pragmas and statements as the bot's store (update the table row with its new
state, append one log row, commit), with real game states of the same size, in a tight loop.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from bot.store import MIGRATIONS

PRAGMAS = ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON", "busy_timeout = 5000")
UPDATE = ("UPDATE tables SET status = ?, host_id = ?, seats = ?, options = ?, version = ?, state = ?,"
          " deadline = ?, board_message_id = ?, updated_at = ? WHERE id = ? AND version = ?")
INSERT = ("INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at)"
          " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), ?, ?, ?, ?, ?)")


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    for pragma in PRAGMAS:
        db.execute(f"PRAGMA {pragma}")
    return db


def measure(path: Path, states: list[str], tables: int, seconds: float) -> dict:
    """Commits a second with `tables` tables taking turns; `states` are the JSON states to write."""
    db = connect(path)
    db.executescript(MIGRATIONS[0])
    seats, options, action = json.dumps([1, 2, 3, 4, 5]), json.dumps({}), json.dumps({"kind": "vote", "stone": "white"})
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO tables (id, channel_id, game, status, host_id, seats, options, seed, version, state,"
        " created_at, updated_at) VALUES (?, ?, 'bench', 'running', 1, ?, ?, 'seed', 0, ?, 0, 0)",
        [(n + 1, n + 1, seats, options, states[n % len(states)]) for n in range(tables)])
    db.execute("COMMIT")
    versions = [0] * tables
    commits, written = 0, 0
    cpu, start = time.process_time(), time.perf_counter()
    while True:
        for _ in range(100):
            n = commits % tables
            state = states[commits % len(states)]
            now = time.time()
            db.execute("BEGIN IMMEDIATE")
            db.execute(UPDATE, ("running", 1, seats, options, versions[n] + 1, state, None, None, now, n + 1, versions[n]))
            db.execute(INSERT, (n + 1, n + 1, 0, 1, "move", action, now))
            db.execute("COMMIT")
            versions[n] += 1
            commits += 1
            written += len(state)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.process_time() - cpu
    db.close()
    return {"tables": tables, "commits": commits, "seconds": round(elapsed, 3),
            "commits_per_s": round(commits / elapsed, 1), "mean_state_bytes": round(written / commits),
            "cpu_us_per_commit": round(cpu / commits * 1e6, 1)}
