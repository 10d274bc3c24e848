"""Start-up with many stored tables, and what a table costs on disk and in memory.

`build` writes a database of real tables straight through sqlite3 (fast): each is a scripted game
(bench.scripts) stopped at a random move, with its whole log (joins, start, moves), so every one
replays to its state. `python -m bench.startup DB LOAD` is the measured start-up, in a fresh
interpreter: import, open the store, list the open tables (as the bot does at start-up), then
use tables one by one (each parses its state on first use) and report time and memory.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the measured start-up imports the bot itself, not before
    from .scripts import Script

MAX_MOVES = 80  # moves into its game where a stored table stops, at most


def states_along(script: Script) -> list[str]:
    """The JSON state after 0, 1, 2... moves of the script."""
    from bot.store.records import TableRecord
    from bot.tables.service import chance_for
    from engine import GAMES, referee

    game = GAMES[script.game]
    table = TableRecord(
        id=0,
        guild_id=None,
        channel_id=0,
        game=script.game,
        status="running",
        host_id=0,
        seats=[],
        options={},
        seed=script.seed,
        version=0,
        state=None,
        deadline=None,
        board_message_id=None,
        created_at=0,
        updated_at=0,
    )
    state = game.setup(script.seats, game.Options(), chance_for(table, "setup"))
    states = [state.model_dump_json()]
    for number, (seat, action) in enumerate(script.moves[:MAX_MOVES], start=1):
        state = referee.play(game, state, seat, action, chance_for(table, script.seats + number)).state
        states.append(state.model_dump_json())
    return states


def build(path: Path, scripts: list[Script], tables: int, seed: int = 1) -> dict:
    from bot.store.sqlite import MIGRATIONS
    from engine import GAMES

    chance = Random(seed)
    along = [states_along(script) for script in scripts]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    for script in MIGRATIONS:  # the bot's own schema, as Store.open would leave it
        db.executescript(script)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    rows, log = [], []
    for number in range(tables):
        script, states = scripts[number % len(scripts)], along[number % len(scripts)]
        moves = chance.randrange(len(states))
        users = [number * 100 + seat + 1 for seat in range(script.seats)]
        done = moves == len(script.moves)
        options = json.dumps(GAMES[script.game].Options().model_dump(mode="json"))
        table_id = number + 1
        rows.append(
            (
                table_id,
                number + 1,
                script.game,
                "finished" if done else "running",
                users[0],
                json.dumps(users),
                options,
                script.seed,
                script.seats + moves,
                states[moves],
            )
        )
        seq = 0
        for user in users[1:]:
            seq += 1
            log.append((table_id, seq, None, user, "join", "{}"))
        seq += 1
        log.append((table_id, seq, None, users[0], "start", json.dumps({"seats": script.seats})))
        for seat, action in script.moves[:moves]:
            seq += 1
            log.append((table_id, seq, seat, users[seat], "move", json.dumps(action)))
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, game, status, host_id, seats, options, seed, version,"
        " state, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)",
        rows,
    )
    db.executemany(
        "INSERT INTO actions (table_id, seq, seat, actor_id, kind, action, at) VALUES (?, ?, ?, ?, ?, ?, 0)", log
    )
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return {"tables": tables, "log_rows": len(log), "bytes": path.stat().st_size}


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def start_up(db: str, load: int) -> dict:
    figures = {"rss_at_interpreter_mb": rss_mb()}
    started = time.perf_counter()
    from bot.store.sqlite import Store
    from bot.tables.service import TableService

    figures["import_s"] = time.perf_counter() - started
    figures["rss_after_import_mb"] = rss_mb()
    opened = time.perf_counter()
    store = await Store.open(db)
    service = TableService(store)
    figures["open_s"] = time.perf_counter() - opened
    tables = await service.open_tables()
    figures["open_and_list_s"] = time.perf_counter() - opened
    figures["start_up_s"] = time.perf_counter() - started
    figures["open_tables"] = len(tables)
    figures["rss_after_start_up_mb"] = rss_mb()
    tables = None  # the bot keeps no list of tables after start-up
    figures["rss_after_listing_dropped_mb"] = rss_mb()
    if load:
        ids = await store.table_ids(("running", "finished"))
        first = time.perf_counter()
        await service.view_for(ids[0], None)
        figures["first_use_ms"] = (time.perf_counter() - first) * 1000
        before = rss_mb()
        used = time.perf_counter()
        for table_id in ids[1 : load + 1]:
            await service.view_for(table_id, None)
        figures["use_ms_each"] = (time.perf_counter() - used) * 1000 / load
        figures["loaded_tables"] = load
        figures["memory_per_loaded_table_kb"] = (rss_mb() - before) * 1024 / load
    await store.close()
    return figures


if __name__ == "__main__":
    import asyncio

    print(json.dumps(asyncio.run(start_up(sys.argv[1], int(sys.argv[2])))))
