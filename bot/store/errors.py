"""What the store raises: faults of the file or the disk, a database that cannot be opened, a stale
version, a busy channel and a row that cannot be read (bot/store/base.py); and the drivers' own
errors, for code that tells a constraint or a database error from a bug on either store."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Literal

import asyncpg

from bot.store.faults import storage_fault

# A constraint the database refused (on SQLite and on PostgreSQL), and any error of either database
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError)


class StorageFailed(Exception):
    """SQLite could not read or write because of the file or the disk, not a rule and not a bug. The
    transaction was rolled back, so nothing was half-written. `cause` names the fault; the message is
    for the player who asked."""

    MESSAGES = {
        "write": "⚠️ I could not save that ({cause}), so nothing changed. Please tell a moderator.",
        "move": "⚠️ I could not save that move ({cause}), so it was not played. Please tell a moderator.",
        "read": "⚠️ I could not read the saved tables ({cause}). Please tell a moderator.",
    }

    def __init__(self, cause: str, doing: Literal["write", "move", "read"] = "write") -> None:
        super().__init__(self.MESSAGES[doing].format(cause=cause))
        self.cause, self.doing = cause, doing


class StoreUnavailable(Exception):
    """The database cannot be opened or set up; the message says what is wrong with the file, in one
    line that starts with its path (the command line puts the setting's name before it)."""

    @classmethod
    def because(cls, path: str | Path, error: sqlite3.Error) -> "StoreUnavailable":
        fault = storage_fault(error)
        return cls(f"{path} {fault[1]}" if fault else f"{path} cannot be set up: SQLite says {error}")


class StaleVersion(Exception):
    """The table changed since the caller read it."""


class ChannelBusy(Exception):
    """The channel already has an open table."""


class UnreadableTable(Exception):
    """A table's row cannot be read (damaged JSON, a value of the wrong kind)."""

    def __init__(self, table_id: int | None, reason: str) -> None:
        super().__init__(f"table {table_id}: {reason}")
        self.table_id = table_id
