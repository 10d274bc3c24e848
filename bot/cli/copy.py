"""`python -m bot copy --from SQLITE_PATH --to URL`: a community's whole database moved from its SQLite
file into an empty PostgreSQL database, then checked.

The SQLite file is read through a snapshot (bot/store/backup.py: SQLite's online backup API, safe
while the bot runs, into a temporary file), which is brought up to the current schema as the bot
would bring it at start-up. The PostgreSQL database is set up by the PostgreSQL store itself (its
migrations, bot/store/pgsql.py's types), and must hold no rows: the copy never merges or overwrites.
Every table of the schema is copied, its rows as they are (the same columns on both sides, ids
kept), in one transaction, and each identity sequence moved past the highest id copied, so new
tables get new numbers. Before that transaction commits, every table is read back from PostgreSQL,
compared with SQLite's row and log, and replayed from its log (bot/tables/replay.py): if one
differs or does not replay to its stored state, the transaction is rolled back (nothing copied) and
the table is named. Exit status: 0 copied and checked; 1 nothing copied (the target holds data, a
row could not be written, or a table failed the check); 2 a database that cannot be used.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Callable

import asyncpg

from bot.discord_app.startup import fail, store_failure
from bot.games import games as registered
from bot.store.backup import BackupError, backup
from bot.store.base import read_actions, table_of
from bot.store.db import Db, SqliteDb, run_to_end
from bot.store.errors import DATABASE_ERRORS, StorageFailed, StoreUnavailable, UnreadableTable
from bot.store.opening import is_database_url
from bot.store.pgsql import PostgresDb, postgres_fault, shown
from bot.store.postgres import CONNECT_TIMEOUT, PostgresStore
from bot.store.schema import MIGRATIONS
from bot.store.sqlite import Store
from bot.tables.replay import check
from bot.text import plural
from engine import AnyGame

CHUNK = 2000  # rows read from SQLite and written to PostgreSQL at a time
OWN = "schema_version"  # PostgreSQL's own bookkeeping (the migrations), made by the store, not copied
NAME = re.compile(r"[a-z_][a-z0-9_]*")  # the schema's table and column names


class Refused(Exception):
    """Nothing was copied; the message says why, in one line. `status` is the exit status."""

    def __init__(self, line: str, status: int = 1) -> None:
        super().__init__(line)
        self.status = status


Layout = dict[str, list[str]]  # each table's columns, parents before the tables that refer to them


def _quoted(name: str) -> str:
    if not NAME.fullmatch(name):
        raise Refused(f"--from: the table or column {name!r} is not one of the bot's schema", 2)
    return f'"{name}"'


# --- the SQLite side: a snapshot, up to date ---------------------------------------------------------


async def _snapshot(source: Path, folder: Path) -> sqlite3.Connection:
    """A consistent copy of `source` in `folder`, at the current schema, opened for reading."""
    copy = folder / "snapshot.sqlite3"
    try:
        backup(source, copy)
    except BackupError as error:
        raise Refused(f"--from: {error}", 2) from None
    probe = sqlite3.connect(copy)
    try:
        version = probe.execute("PRAGMA user_version").fetchone()[0]
    finally:
        probe.close()
    if version > len(MIGRATIONS):
        raise Refused(f"--from: {source} was made by a newer version of the bot (its schema is {version})", 2)
    try:
        store = await Store.open(copy)  # migrations, as the bot's start would run them
    except StoreUnavailable as error:
        raise Refused(f"--from: {source} cannot be brought up to date: {error}", 2) from None
    await store.close()
    connection = sqlite3.connect(copy)
    connection.row_factory = sqlite3.Row
    return connection


def _layout(connection: sqlite3.Connection) -> Layout:
    """The snapshot's tables and their columns, each after the tables its foreign keys refer to."""
    names = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        )
    ]
    parents = {
        name: {row["table"] for row in connection.execute(f"PRAGMA foreign_key_list({_quoted(name)})")} - {name}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [name for name in names if name not in ordered and parents[name] <= set(ordered)]
        if not ready:
            raise Refused("--from: the database's tables refer to each other in a circle", 2)
        ordered += ready
    return {
        name: [row["name"] for row in connection.execute(f"PRAGMA table_info({_quoted(name)})")] for name in ordered
    }


# --- the PostgreSQL side -----------------------------------------------------------------------------


async def _holding(db: Db, layout: Layout) -> list[str]:
    """The reasons the target is not empty: tables that are not the bot's, the bot's that hold rows."""
    present = [
        row[0]
        for row in await db.fetch(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
    ]
    foreign = [name for name in present if name not in layout and name != OWN]
    reasons = [f"tables that are not the bot's ({', '.join(foreign)})"] if foreign else []
    held = [
        name
        for name in layout
        if name in present and await db.fetchval(f"SELECT EXISTS (SELECT 1 FROM {_quoted(name)})")
    ]
    if held:
        reasons.append(f"rows in {', '.join(held)}")
    if OWN in present and (await db.fetchval(f"SELECT MAX(version) FROM {OWN}") or 0) > len(MIGRATIONS):
        reasons.append("the schema of a newer version of the bot")
    return reasons


def _refusal(url: str, reasons: list[str]) -> Refused:
    return Refused(f"--to: {shown(url)} already holds {' and '.join(reasons)}; copy only into an empty database")


async def _check_empty(url: str, layout: Layout) -> None:
    """Refused if the target holds anything, before its schema is set up (which changes it)."""
    try:
        connection = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except Exception as error:
        fault = postgres_fault(error)
        why = fault[1] if fault else f"cannot be used ({type(error).__name__}: {error})"
        raise Refused(f"--to: {shown(url)} {why}", 2) from None
    try:
        if reasons := await _holding(PostgresDb(connection), layout):
            raise _refusal(url, reasons)
    finally:
        await connection.close()


async def _target_layout(db: Db) -> Layout:
    found: Layout = {}
    for row in await db.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
    ):
        found.setdefault(row[0], []).append(row[1])
    return found


async def _copy_table(source: sqlite3.Connection, db: Db, name: str, columns: list[str]) -> int:
    names = ", ".join(_quoted(column) for column in columns)
    insert = f"INSERT INTO {_quoted(name)} ({names}) VALUES ({', '.join('?' for _ in columns)})"
    cursor = source.execute(f"SELECT {names} FROM {_quoted(name)}")
    copied = 0
    while rows := cursor.fetchmany(CHUNK):
        try:
            await db.executemany(insert, [tuple(row) for row in rows])
        except (asyncpg.DataError, asyncpg.IntegrityConstraintViolationError, ValueError, TypeError) as error:
            raise Refused(f"--to: nothing was copied: a row of {name} cannot be written ({error})") from None
        copied += len(rows)
    return copied


async def _move_sequences(db: Db) -> None:
    """Each identity column's sequence past the highest id copied (new tables get new numbers)."""
    for table, column in await db.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    ):
        highest = await db.fetchval(f"SELECT MAX({_quoted(column)}) FROM {_quoted(table)}")
        if highest is not None:
            await db.fetchval("SELECT setval(pg_get_serial_sequence(?, ?), ?)", _quoted(table), column, highest)


# --- the check -----------------------------------------------------------------------------------


async def _problem(source: sqlite3.Connection, db: Db, table_id: int, games: Mapping[str, AnyGame]) -> str | None:
    """Why the copy of table `table_id` is not right (it differs from SQLite's, or it does not
    replay to its stored state), or None."""
    try:
        table = table_of(await db.fetchrow("SELECT * FROM tables WHERE id = ?", table_id))
        log = await read_actions(db, table_id)
    except UnreadableTable as error:
        return f"its row cannot be read ({str(error).split(': ', 1)[1]})"
    except ValueError as error:  # an action's JSON, or a log row of the wrong kind
        return f"its log cannot be read ({type(error).__name__})"
    sqlite = SqliteDb(source)
    if table != table_of(run_to_end(sqlite.fetchrow("SELECT * FROM tables WHERE id = ?", table_id))):
        return "its row on PostgreSQL differs from SQLite's"
    if log != run_to_end(read_actions(sqlite, table_id)):
        return "its log on PostgreSQL differs from SQLite's"
    game = games.get(table.game)
    if game is None:
        return f"its game {table.game!r} is not installed here, so it cannot be replayed"
    try:
        replay = check(game, table, log)
    except Exception as error:  # a damaged state or log that the game's own code cannot read
        return f"it does not replay ({type(error).__name__}: {error})"
    return f"it does not replay: {'; '.join(replay.problems)}" if replay.problems else None


async def copy_database(
    source: str | Path, url: str, out: Callable[[str], object] = print, games: Mapping[str, AnyGame] | None = None
) -> int:
    """Copy the SQLite database at `source` into the PostgreSQL database at `url` and check it; the
    exit status (see the module's docstring). Refusals and failures are one line on standard error."""
    games = registered() if games is None else games
    if is_database_url(str(source)):
        return fail("--from: name the SQLite file to copy from, not a database URL", 2)
    if not is_database_url(url):
        return fail(f"--to: name the PostgreSQL database to copy to (postgresql://...), not {url}", 2)
    with tempfile.TemporaryDirectory(prefix="bot-copy-") as folder:
        try:
            snapshot = await _snapshot(Path(source), Path(folder))
        except Refused as refused:
            return fail(str(refused), refused.status)
        try:
            return await _copy(snapshot, Path(source), url, out, games)
        except Refused as refused:
            return fail(str(refused), refused.status)
        finally:
            snapshot.close()


async def _copy(
    source: sqlite3.Connection, path: Path, url: str, out: Callable[[str], object], games: Mapping[str, AnyGame]
) -> int:
    layout = _layout(source)
    await _check_empty(url, layout)
    try:
        store = await PostgresStore.open(url)
    except StoreUnavailable as error:
        return fail(store_failure("--to", url, error), 2)
    table_ids = [row[0] for row in source.execute("SELECT id FROM tables ORDER BY id")] if "tables" in layout else []

    async def work(db: Db) -> dict[str, int]:
        target = await _target_layout(db)
        for name, columns in layout.items():
            if target.get(name) is None or sorted(target[name]) != sorted(columns):
                raise Refused(f"--to: the table {name} has other columns on PostgreSQL than on SQLite", 2)
        # nobody writes to the target meanwhile: the emptiness seen here holds until the commit
        await db.execute(f"LOCK TABLE {', '.join(_quoted(name) for name in layout)} IN EXCLUSIVE MODE")
        if reasons := await _holding(db, layout):
            raise _refusal(url, reasons)
        counts = {name: await _copy_table(source, db, name, columns) for name, columns in layout.items()}
        await _move_sequences(db)
        for name in layout:  # every row arrived
            there = await db.fetchval(f"SELECT COUNT(*) FROM {_quoted(name)}")
            if there != counts[name]:
                raise Refused(f"Nothing was copied: {name} has {there} rows on PostgreSQL, not {counts[name]}")
        for table_id in table_ids:
            if (problem := await _problem(source, db, table_id, games)) is not None:
                raise Refused(f"Table {table_id}: {problem}. Nothing was copied.")
        return counts

    try:
        counts = await store.in_transaction(work)
    except StorageFailed as error:
        return fail(store_failure("--to", url, error) + "; nothing was copied", 2)
    except sqlite3.Error as error:
        return fail(f"--from: nothing was copied: SQLite could not read {path}'s snapshot ({error})", 2)
    except DATABASE_ERRORS as error:
        return fail(f"--to: nothing was copied: PostgreSQL refused the copy ({type(error).__name__}: {error})", 1)
    finally:
        await store.close()
    tables, actions, ratings = (counts.get(name, 0) for name in ("tables", "actions", "ratings"))
    others = sum(counts.values()) - tables - actions - ratings
    out(
        f"Copied {plural(tables, 'table')}, {plural(actions, 'logged action')}, {plural(ratings, 'rating')}"
        f" and {plural(others, 'other row')} ({plural(len(counts), 'database table')}) from {path} to {shown(url)}."
    )
    out(f"Replayed {plural(tables, 'table')} from PostgreSQL: each matches SQLite and gives its stored state.")
    return 0


def run_copy(source: str | Path, url: str) -> int:
    return asyncio.run(copy_database(source, url))
