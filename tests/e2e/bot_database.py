"""The bot's SQLite file as the crash test reads it, from outside the bot: while the bot runs (does
it still owe anything?), right after a kill (did the kill land between a commit and the end of its
publishing?), and after each restart (what was committed, by bot.store.Store and bot.replay).

SQLite lets another process read the file while the bot writes it (WAL): a reader sees the last
committed transaction, never half of one.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bot.store.records import TableRecord
from bot.store.sqlite import Store
from bot.tables import replay
from bot.tables.refusals import HAND
from tests.registry import GAMES

ALL_STATUSES = ("lobby", "running", "paused", "finished", "ended")


class BotDatabase:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._due: dict[tuple[int, int], bool] = {}  # (table, version) -> whether it waits on a stand-in

    def _db(self) -> sqlite3.Connection | None:
        if self._connection is None and self.path.exists():
            self._connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._connection.execute("PRAGMA busy_timeout = 5000")
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def owed(self) -> dict[int, str]:
        """Tables whose change is not yet all told, and why: rows still in the outbox, the channel not
        yet shown the latest version, or a stand-in whose reply is not yet played (the bot dies
        between a player's move and the stand-ins' replies)."""
        db = self._db()
        if db is None or not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'outbox'").fetchone():
            return {}
        found: dict[int, list[str]] = defaultdict(list)
        for table_id, rows in db.execute("SELECT table_id, COUNT(*) FROM outbox GROUP BY table_id"):
            found[table_id].append(f"{rows} outbox rows")
        for table_id, announced, version in db.execute(
            "SELECT id, announced, version FROM tables WHERE announced < version"
        ):
            found[table_id].append(f"announced {announced} < version {version}")
        for table_id, version in db.execute("SELECT id, version FROM tables WHERE status = 'running'"):
            if self._stand_in_due(db, table_id, version):
                found[table_id].append(f"a stand-in owes its move at version {version}")
        return {table_id: ", ".join(why) for table_id, why in found.items()}

    def owes(self) -> bool:
        """For the fake's settle (BotProcess(owes=...)): the bot has delivering of its own left."""
        return bool(self.owed())

    def _stand_in_due(self, db: sqlite3.Connection, table_id: int, version: int) -> bool:
        key = (table_id, version)
        if key not in self._due:
            row = db.execute("SELECT game, seats, state, version FROM tables WHERE id = ?", (table_id,)).fetchone()
            game, seats, state, read_version = row
            if read_version != version:  # changed between the two reads: look again next time
                return True
            seats = json.loads(seats)
            self._due[key] = any(
                seats[seat] is None for seat in GAMES[game].to_move(GAMES[game].State.model_validate_json(state))
            )
        return self._due[key]


def start_lines(game) -> list[str]:
    """What the start of a game tells the channel (TableService.start in bot/tables/service.py)."""
    return [
        f"**{game.title}** begins!",
        f"Your seat and your moves: {HAND} on the board (or `/hand`). How to play: `/rules game:{game.key}`.",
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


async def committed(path: Path) -> dict[int, Committed]:
    """Every table in the file, replayed from its log (bot.replay): the public texts of each move,
    and its private ones to the player of the seat they were for."""
    store = await Store.open(path)
    try:
        found = {}
        for table_id in await store.table_ids(ALL_STATUSES):
            table = await store.get_table(table_id)
            log = await store.actions(table_id)
            told = found[table_id] = Committed(table)
            game = told.game
            seats = seats_at_start(table, log)  # who held each seat, as the log goes (a kick empties one)
            public = {row.seq: start_lines(game) for row in log if row.kind == "start"}
            public.update({row.seq: kick_lines(row) for row in log if row.kind == "kick"})
            kicks = {row.seq: row.seat for row in log if row.kind == "kick" and row.seat is not None}

            def on_step(row, step, told=told, public=public, seats=seats, kicks=kicks) -> None:
                for seq in [seq for seq in kicks if seq < row.seq]:
                    seats[kicks.pop(seq)] = None
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
