"""`python -m bot backup PATH`: a consistent copy of the bot's database, safe while the bot runs.

SQLite's online backup API copies the database as one read transaction sees it: in WAL mode that
never blocks the bot's writes, and the copy holds every action committed before it began. The
copy is written next to PATH and renamed into place, so a PATH that exists is always complete.
It is a single self-contained file (rollback journal); the bot switches it back to WAL on start.

To restore: stop the bot, move the old data/bot.sqlite3 (and any bot.sqlite3-wal and -shm files
beside it) away, copy the backup to data/bot.sqlite3, and start the bot.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bot.store.paths import FolderProblem, prepare_folder


class BackupError(Exception):
    """The backup could not be made; the message says why."""


@dataclass(frozen=True)
class Backup:
    path: Path
    tables: int
    actions: int
    size: int  # bytes
    seconds: float

    def summary(self) -> str:
        return (
            f"Backed up {_count(self.tables, 'table')} and {_count(self.actions, 'logged action')} "
            f"to {self.path} ({self.size / 1e6:.1f} MB in {self.seconds:.2f} s)."
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def backup(source: str | Path, target: str | Path) -> Backup:
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists():
        raise BackupError(f"{target} already exists; choose a new name")
    if target.resolve() == source.resolve():
        raise BackupError("the backup must go to another file")
    try:
        prepare_folder(target.parent)
    except FolderProblem as problem:
        raise BackupError(f"{target} cannot be made: {problem}") from None
    partial = target.with_name(target.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
    except OSError as error:
        raise BackupError(f"{target} cannot be made: {error.strerror or error}") from None
    started = time.perf_counter()
    live = sqlite3.connect(source, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            live.backup(copy)  # all pages in one step: one consistent snapshot
            copy.execute("PRAGMA journal_mode = DELETE")
            if copy.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise BackupError("the copy failed SQLite's check")
            tables, actions = _counts(copy)
        finally:
            copy.close()
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"SQLite could not copy {source}: {error}") from None
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    finally:
        live.close()
    try:
        os.replace(partial, target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"{target} cannot be made: {error.strerror or error}") from None
    return Backup(target, tables, actions, target.stat().st_size, time.perf_counter() - started)


def _counts(db: sqlite3.Connection) -> tuple[int, int]:
    try:
        return (
            db.execute("SELECT COUNT(*) FROM tables").fetchone()[0],
            db.execute("SELECT COUNT(*) FROM actions").fetchone()[0],
        )
    except sqlite3.OperationalError:  # a database the bot has not set up yet
        return 0, 0
