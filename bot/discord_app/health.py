"""The health check (`python -m bot health`, the Docker image's HEALTHCHECK): healthy when the
database opens and the bot is connected to Discord on each of its shards. A process writes a
heartbeat for each of its shards that is connected (`connected_shards`) into the database every
HEARTBEAT seconds (`beat`), naming itself; the check reads them without writing anything, so it
tells which shards are connected and which process holds each, whichever process it runs beside."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sqlite3
import time
from collections.abc import Iterable
from contextlib import closing
from pathlib import Path

import discord

from bot.store.base import TableStore
from bot.store.opening import is_database_url

HEARTBEAT = 30.0  # seconds between a connected bot's heartbeats
STALE_AFTER = 3 * HEARTBEAT
KEY = "heartbeat:"  # meta's key of a shard's heartbeat is this and the shard's number
Beats = dict[int, dict]  # shard -> {"at": seconds, "count": shards in all, "process": "host:pid"}


def key_of(shard: int) -> str:
    return f"{KEY}{shard}"


def this_process() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def connected_shards(bot: discord.AutoShardedClient) -> list[int]:
    """This process's shards whose gateway connection is open (none before it is ready)."""
    if not bot.is_ready() or bot.is_closed():
        return []
    return sorted(shard for shard, info in bot.shards.items() if not info.is_closed())


def connected(bot: discord.AutoShardedClient) -> bool:
    """Ready, and every shard's gateway connection open (`bot`: a discord.py AutoShardedClient). One
    shard down leaves its servers unanswered (and, for shard 0, every DM): that is not healthy."""
    return bool(bot.shards) and connected_shards(bot) == sorted(bot.shards)


async def beat(store: TableStore, now: float | None = None, shards: Iterable[int] = (0,), count: int = 1) -> None:
    value = json.dumps({"at": time.time() if now is None else now, "count": count, "process": this_process()})
    for shard in shards:
        await store.set_meta(key_of(shard), value)


def check(db_path: str | Path, now: float | None = None, shards: Iterable[int] | None = None) -> tuple[bool, str]:
    """(healthy, a line saying why, then a line a shard: who holds it, since when); `db_path` is the
    SQLite file or a PostgreSQL URL; `shards`: the ones that must be connected (this process's),
    else every one."""
    if is_database_url(str(db_path)):
        from bot.store.pgsql import shown

        try:
            rows = asyncio.run(_postgres_heartbeats(str(db_path)))
        except Exception as error:
            return False, f"unhealthy: the database at {shown(str(db_path))} does not open ({type(error).__name__})"
    else:
        path = Path(db_path)
        if not path.is_file():
            return False, f"unhealthy: no database at {path}"
        try:
            with closing(sqlite3.connect(_read_only_uri(path), uri=True, timeout=5)) as db:
                rows = db.execute("SELECT key, value FROM meta WHERE key LIKE ?", (KEY + "%",)).fetchall()
        except sqlite3.Error as error:
            return False, f"unhealthy: the database at {path} does not open ({error})"
    return verdict(beats_of(rows), time.time() if now is None else now, shards)


def beats_of(rows: Iterable[tuple[str, str]]) -> Beats:
    beats: Beats = {}
    for key, value in rows:
        try:
            beats[int(key.removeprefix(KEY))] = json.loads(value)
        except ValueError:  # not a shard's heartbeat
            continue
    return beats


def verdict(beats: Beats, now: float, shards: Iterable[int] | None) -> tuple[bool, str]:
    if not beats:
        return False, "unhealthy: the bot has not connected to Discord yet"
    latest = max(beats.values(), key=lambda beat: float(beat["at"]))
    count = int(latest.get("count", 1))  # as the latest process started counted them
    wanted = sorted(shards) if shards is not None else list(range(count))
    lines, worst = [], ""
    for shard in sorted(set(wanted) | {shard for shard in beats if shard < count}):
        beat = beats.get(shard)
        if beat is None:
            lines.append(f"shard {shard}: never connected")
            worst = worst or f"unhealthy: shard {shard} has not connected to Discord yet"
            continue
        age = int(now - float(beat["at"]))
        fresh = age <= STALE_AFTER
        lines.append(
            f"shard {shard}: {'connected' if fresh else 'not connected'} {age} s ago, held by {beat['process']}"
        )
        if not fresh and shard in wanted:
            worst = worst or f"unhealthy: the bot has not been connected to Discord for {age} s on shard {shard}"
    if worst:
        return False, "\n".join([worst, *lines])
    age = max(int(now - float(beats[shard]["at"])) for shard in wanted if shard in beats)
    return True, "\n".join([f"healthy: connected {age} s ago", *lines])


async def _postgres_heartbeats(url: str) -> list[tuple[str, str]]:
    """The heartbeat rows, read in a read-only transaction of a connection of its own."""
    import asyncpg

    connection = await asyncpg.connect(url, timeout=5)
    try:
        async with connection.transaction(readonly=True):
            rows = await connection.fetch("SELECT key, value FROM meta WHERE key LIKE $1", KEY + "%")
    finally:
        await connection.close()
    return [(row["key"], row["value"]) for row in rows]


def _read_only_uri(path: Path) -> str:
    """A read-only connection to a WAL database makes its -wal and -shm files when they are missing,
    and cannot remove them. Without a -wal no connection is open (the last one to close removes it)
    and everything is in the main file, so that is read as immutable, which makes neither file.
    With one, the bot may be writing: read through it, as its files are there already."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return uri if path.with_name(path.name + "-wal").exists() else uri + "&immutable=1"
