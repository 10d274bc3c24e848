"""The bot's database as the crash test reads it, from outside the bot: while the bot runs (does
it still owe anything?), right after a kill (did the kill land between a commit and the end of its
publishing?), and after each restart (what was committed, by bot.store and bot.replay).

The SQLite file, or the PostgreSQL database the bot runs on (`BotDatabase(url)`, the bot started with
`BotProcess(..., database_url=database.url)`). SQLite lets another process read the file while the
bot writes it (WAL), and PostgreSQL another connection: a reader sees the last committed
transaction, never half of one. The fake's busy probe asks from synchronous code, so PostgreSQL is
read through one asyncpg connection on an event loop of its own, in a thread of its own.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections import defaultdict
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from bot.store.opening import is_database_url, open_store
from bot.store.pgsql import numbered
from bot.store.records import TableRecord
from bot.tables import replay
from bot.tables.refusals import HAND
from bot.tables.stand_ins import stand_ins_line
from tests.registry import GAMES

ALL_STATUSES = ("lobby", "running", "paused", "finished", "ended")
READ_TIMEOUT = 10.0  # seconds for one read of PostgreSQL
T = TypeVar("T")


class PostgresReader:
    """Reads a PostgreSQL database from synchronous code: one connection, on an event loop of its own
    in a daemon thread; each read waits for its rows (so the caller's event loop waits, as it does
    for a read of the SQLite file)."""

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="bot-database-reader", daemon=True)
        self._thread.start()
        try:
            self._connection: asyncpg.Connection = self._run(asyncpg.connect(url, timeout=READ_TIMEOUT))
        except BaseException:
            self._stop()
            raise

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(READ_TIMEOUT)

    def fetch(self, sql: str, *params: Any) -> list[tuple]:
        """The rows of `sql` (with `?` placeholders, as for SQLite) as tuples."""
        return [tuple(row) for row in self._run(self._connection.fetch(numbered(sql), *params))]

    def close(self) -> None:
        try:
            self._run(self._connection.close(timeout=READ_TIMEOUT))
        finally:
            self._stop()

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(READ_TIMEOUT)
        self._loop.close()


class BotDatabase:
    """`path`: the bot's SQLite file, or the URL of its PostgreSQL database."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._reader: PostgresReader | None = None
        self._made = False  # the bot made its tables (once made, they stay)
        self._due: dict[tuple[int, int], bool] = {}  # (table, version) -> whether it waits on a stand-in

    @property
    def url(self) -> str | None:
        """The PostgreSQL database's URL (for BotProcess's `database_url`), None for a SQLite file."""
        return str(self.path) if is_database_url(self.path) else None

    def _db(self) -> sqlite3.Connection | None:
        if self._connection is None and Path(self.path).exists():
            self._connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._connection.execute("PRAGMA busy_timeout = 5000")
        return self._connection

    def _rows(self, sql: str, *params: Any) -> list[tuple] | None:
        """The rows of `sql` (SQL both accept, `?` placeholders); None while there is no database yet."""
        if self.url is not None:
            if self._reader is None:
                self._reader = PostgresReader(self.url)
            return self._reader.fetch(sql, *params)
        db = self._db()
        return None if db is None else db.execute(sql, params).fetchall()

    def _has_outbox(self) -> bool:
        """Whether the bot made its tables yet (it migrates the database at its first start)."""
        if not self._made:
            if self.url is not None:
                self._made = bool((self._rows("SELECT to_regclass('outbox') IS NOT NULL") or [(False,)])[0][0])
            else:
                self._made = bool(self._rows("SELECT 1 FROM sqlite_master WHERE name = 'outbox'"))
        return self._made

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    def owed(self) -> dict[int, str]:
        """Tables whose change is not yet all told, and why: rows still in the outbox, the channel not
        yet shown the latest version, or a stand-in whose reply is not yet played (the bot dies
        between a player's move and the stand-ins' replies)."""
        if not self._has_outbox():
            return {}
        found: dict[int, list[str]] = defaultdict(list)
        for table_id, rows in self._rows("SELECT table_id, COUNT(*) FROM outbox GROUP BY table_id") or []:
            found[table_id].append(f"{rows} outbox rows")
        for table_id, announced, version in (
            self._rows("SELECT id, announced, version FROM tables WHERE announced < version") or []
        ):
            found[table_id].append(f"announced {announced} < version {version}")
        for table_id, version in self._rows("SELECT id, version FROM tables WHERE status = 'running'") or []:
            if self._stand_in_due(table_id, version):
                found[table_id].append(f"a stand-in owes its move at version {version}")
        return {table_id: ", ".join(why) for table_id, why in found.items()}

    def owes(self) -> bool:
        """For the fake's settle (BotProcess(owes=...)): the bot has delivering of its own left."""
        return bool(self.owed())

    def _stand_in_due(self, table_id: int, version: int) -> bool:
        key = (table_id, version)
        if key not in self._due:
            (row,) = self._rows("SELECT game, seats, state, version FROM tables WHERE id = ?", table_id) or [None]
            game, seats, state, read_version = row
            if read_version != version:  # changed between the two reads: look again next time
                return True
            seats = json.loads(seats)
            self._due[key] = any(
                seats[seat] is None for seat in GAMES[game].to_move(GAMES[game].State.model_validate_json(state))
            )
        return self._due[key]


def start_lines(game, table: TableRecord, seats: list[int | None], state) -> list[str]:
    """What the start of a game tells the channel (TableService.start in bot/tables/lobby.py): with
    stand-ins seated then, which level plays each."""
    levels = stand_ins_line(table.model_copy(update={"seats": seats}), game.view(state, None)["names"])
    return [
        f"**{game.title}** begins!",
        f"Your seat and your moves: {HAND} on the board (or `/hand`). How to play: `/rules game:{game.key}`.",
        *([levels] if levels else []),
    ]


def kick_lines(row) -> list[str]:
    """What a moderator's kick tells the channel (TableService.kick)."""
    return [
        f"<@{row.action['user']}> was removed from the table"
        + (" and a stand-in takes their seat." if row.seat is not None else ".")
    ]


def seats_at_start(table: TableRecord, log) -> list[int | None]:
    """Who held each seat when the game began: the seats now, with every kick since undone."""
    seats = list(table.seats)
    for row in log:
        if row.kind == "kick" and row.seat is not None:
            seats[row.seat] = row.action["user"]
        assert row.kind in ("join", "leave", "start", "move", "kick", "end"), (
            f"the test does not follow {row.kind} rows"
        )
    return seats


@dataclass
class Committed:
    """What a table's log says it told: the public lines of its start and its moves in order (each
    event's text cut into its lines), and each player's private texts in order; whom it waits on now
    (players only)."""

    table: TableRecord
    public: list[str] = field(default_factory=list)
    public_versions: list[int] = field(default_factory=list)  # the version that told each public line
    private: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    waiting: list[int] = field(default_factory=list)
    started_with: list[int] = field(default_factory=list)  # the players seated at the start

    @property
    def game(self):
        return GAMES[self.table.game]


async def committed(path: Path | str) -> dict[int, Committed]:
    """Every table in the database (the SQLite file or the PostgreSQL URL), replayed from its log
    (bot.replay): the public texts of each move, and its private ones to the player of the seat
    they were for."""
    store = await open_store(path)
    try:
        found = {}
        for table_id in await store.table_ids(ALL_STATUSES):
            table = await store.get_table(table_id)
            log = await store.actions(table_id)
            told = found[table_id] = Committed(table)
            game = told.game
            seats = seats_at_start(table, log)  # who held each seat, as the log goes (a kick empties one)
            public: dict[int, list[str]] = {}
            public.update({row.seq: kick_lines(row) for row in log if row.kind == "kick"})
            kicks = {row.seq: row.seat for row in log if row.kind == "kick" and row.seat is not None}

            def on_step(row, step, told=told, public=public, seats=seats, kicks=kicks) -> None:
                for seq in [seq for seq in kicks if seq < row.seq]:
                    seats[kicks.pop(seq)] = None
                if row.kind == "start":
                    public[row.seq] = start_lines(game, table, list(seats), step.state)
                public[row.seq] = public.get(row.seq, []) + [
                    line for event in step.events if event.to is None for line in event.text.split("\n")
                ]
                for event in step.events:
                    if event.to is not None and seats[event.to] is not None:
                        told.private[seats[event.to]].append(event.text)

            state = replay.rebuild(game, table, log, on_step=on_step)
            told.public = [line for seq in sorted(public) for line in public[seq]]
            told.public_versions = [seq for seq in sorted(public) for _ in public[seq]]
            if table.status == "running" and state is not None:
                told.waiting = [table.seats[s] for s in sorted(game.to_move(state)) if table.seats[s] is not None]
            if any(row.kind == "start" for row in log):
                told.started_with = [user for user in seats_at_start(table, log) if user is not None]
        return found
    finally:
        await store.close()
