"""The health check (`python -m bot health`, the Docker image's HEALTHCHECK): healthy when the
database opens and the bot is connected to Discord. A connected bot (every one of its gateway
shards: `connected`) writes a heartbeat into the database every HEARTBEAT seconds (`beat`); the
check reads it without writing anything."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import discord

from bot.store.base import TableStore
from bot.store.opening import is_database_url

HEARTBEAT = 30.0  # seconds between a connected bot's heartbeats
STALE_AFTER = 3 * HEARTBEAT
KEY = "heartbeat"


def connected(bot: discord.AutoShardedClient) -> bool:
    """Ready, and every shard's gateway connection open (`bot`: a discord.py AutoShardedClient). One
    shard down leaves its servers unanswered (and, for shard 0, every DM): that is not healthy."""
    shards = bot.shards.values()
    return bot.is_ready() and not bot.is_closed() and bool(shards) and not any(s.is_closed() for s in shards)


async def beat(store: TableStore, now: float | None = None) -> None:
    await store.set_meta(KEY, repr(time.time() if now is None else now))


def check(db_path: str | Path, now: float | None = None) -> tuple[bool, str]:
    """(healthy, one line saying why); `db_path` is the SQLite file or a PostgreSQL URL."""
    if is_database_url(str(db_path)):
        from bot.store.pgsql import shown

        try:
            row = asyncio.run(_postgres_heartbeat(str(db_path)))
        except Exception as error:
            return False, f"unhealthy: the database at {shown(str(db_path))} does not open ({type(error).__name__})"
    else:
        path = Path(db_path)
        if not path.is_file():
            return False, f"unhealthy: no database at {path}"
        try:
            with closing(sqlite3.connect(_read_only_uri(path), uri=True, timeout=5)) as db:
                row = db.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
        except sqlite3.Error as error:
            return False, f"unhealthy: the database at {path} does not open ({error})"
    if row is None:
        return False, "unhealthy: the bot has not connected to Discord yet"
    age = (time.time() if now is None else now) - float(row[0])
    if age > STALE_AFTER:
        return False, f"unhealthy: the bot has not been connected to Discord for {int(age)} s"
    return True, f"healthy: connected {int(age)} s ago"


async def _postgres_heartbeat(url: str) -> tuple[str] | None:
    """The heartbeat row, read in a read-only transaction of a connection of its own."""
    import asyncpg

    connection = await asyncpg.connect(url, timeout=5)
    try:
        async with connection.transaction(readonly=True):
            value = await connection.fetchval("SELECT value FROM meta WHERE key = $1", KEY)
    finally:
        await connection.close()
    return None if value is None else (value,)


def _read_only_uri(path: Path) -> str:
    """A read-only connection to a WAL database makes its -wal and -shm files when they are missing,
    and cannot remove them. Without a -wal no connection is open (the last one to close removes it)
    and everything is in the main file, so that is read as immutable, which makes neither file.
    With one, the bot may be writing: read through it, as its files are there already."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return uri if path.with_name(path.name + "-wal").exists() else uri + "&immutable=1"
