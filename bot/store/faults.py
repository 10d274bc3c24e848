"""Which SQLite errors are faults of the file or the disk, and how to say so."""

from __future__ import annotations

import sqlite3

# SQLite's primary result codes for faults of the file or the disk, not of the SQL: (what went wrong,
# for a player; what is wrong with the file, for whoever starts the bot). Any other error (a
# constraint, a mistake in a statement) is no storage fault and passes through unchanged.
STORAGE_FAULTS = {
    sqlite3.SQLITE_FULL: ("the disk or the database is full", "cannot be written: the disk is full"),
    sqlite3.SQLITE_READONLY: ("the database is read-only", "is read-only (the bot must be able to write to it)"),
    sqlite3.SQLITE_BUSY: (
        "another program has locked the database",
        "is locked by another program (is the bot already running?)",
    ),
    sqlite3.SQLITE_LOCKED: (
        "another program has locked the database",
        "is locked by another program (is the bot already running?)",
    ),
    sqlite3.SQLITE_IOERR: (
        "the disk failed to read or write the database",
        "cannot be read or written: the disk reported an error",
    ),
    sqlite3.SQLITE_CORRUPT: ("the database file is damaged", "is a damaged SQLite database"),
    sqlite3.SQLITE_NOTADB: ("the database file is damaged", "is not a SQLite database"),
    sqlite3.SQLITE_CANTOPEN: (
        "the database file cannot be opened",
        "cannot be opened (it must be a file the bot can read and write)",
    ),
    sqlite3.SQLITE_PERM: ("the database may not be written", "may not be written (permission denied)"),
}


def storage_fault(error: BaseException) -> tuple[str, str] | None:
    """(for a player, for whoever starts the bot) if `error` is a fault of the file or the disk, else None."""
    code = getattr(error, "sqlite_errorcode", None)
    return STORAGE_FAULTS.get(code & 0xFF) if isinstance(error, sqlite3.Error) and code is not None else None
