"""Which store a target names: a PostgreSQL URL (`postgresql://...` or `postgres://...`) opens the
PostgreSQL store (bot/store/postgres.py), anything else is the SQLite file's path (bot/store/sqlite.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from bot.store.base import TableStore

SCHEMES = ("postgresql://", "postgres://")


def is_database_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)


async def open_store(target: str | Path, now: Callable[[], float] = time.time) -> TableStore:
    """The store `target` names, opened and its schema brought up to date (StoreUnavailable if not)."""
    if is_database_url(target):
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(str(target), now)
    from bot.store.sqlite import Store

    return await Store.open(target, now)
