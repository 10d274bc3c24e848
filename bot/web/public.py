"""What the web page of a table shows, read from the public side of the table only: its public view
(`Game.view(state, None)`), the public history that `/table log` shows (bot/tables/replay.py
`history`), whom it waits on and their deadlines. Nothing here reads a seat's own view, a private
text or a user's Discord name: the page of a table whose secrets were dealt otherwise is the same."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.clock.deadlines import read
from bot.render import render_text
from bot.render.presentation import ViewData
from bot.store.records import TableRecord
from bot.tables.refusals import Refused
from bot.tables.replay import Entry, History, changes_game
from bot.tables.service import TableService
from bot.web.text import web_text

HISTORY_CACHE = 64  # public logs kept, by table and version
STORIES_KEPT = 256  # tables whose replayed history is kept, to be extended at their next change


@dataclass(frozen=True)
class LogLine:
    seq: int
    at: float
    kind: str
    moderator: bool
    text: str  # plain text (bot/web/text.py), still to be escaped


@dataclass(frozen=True)
class Seat:
    name: str
    waited: bool = False
    deadline: float | None = None
    stand_in: bool = False
    strong: bool = False  # the stand-in is a strong one (bot/tables/stand_ins.py)


@dataclass(frozen=True)
class Result:
    winners: list[int]  # seats
    reason: str


@dataclass(frozen=True)
class PublicTable:
    id: int
    game: str  # the game's key
    title: str
    status: str
    version: int
    seats: list[Seat]
    players: int  # seated before the start (a lobby's seats have no names yet)
    board: str | None  # the public view's text, plain
    log: list[LogLine]
    deadline: float | None
    result: Result | None
    options: dict[str, Any] = field(default_factory=dict)
    seed: str | None = None  # a finished game's only
    drawn: int | None = None  # the version whose picture shows the board now (the web server's)
    steps: int | None = None  # the replay's last step (bot/web/steps.py; 0 is the set-up), None before the start

    @property
    def started(self) -> bool:
        return self.board is not None


class PublicTables:
    """Each table's public side, read through the service (its logs cached per version)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._logs: OrderedDict[tuple[int, int], tuple[list[LogLine], int | None]] = OrderedDict()
        self._stories: OrderedDict[int, Told] = OrderedDict()  # by table
        self._telling = asyncio.Lock()

    async def table(self, table_id: int) -> TableRecord | None:
        """The table, or None if there is none (or its row cannot be read). A table this process
        plays is read as its store holds it (its own saves keep that up to date); another process's
        (several processes on PostgreSQL) from the database, and not kept in memory here."""
        service = self.service
        try:
            if service.store.remembers(table_id):
                table = await service.get(table_id, cached=True)
                if service.ownership.owns(table.guild_id):
                    return table
            table = await service.get(table_id)
        except Refused:
            return None
        if not service.ownership.owns(table.guild_id):
            service.store.forget(table_id)  # another process's: never read from memory here
        return table

    def view(self, table: TableRecord) -> ViewData | None:
        """The public view, as every board and the public picture are drawn from (None before the start)."""
        if table.state is None:
            return None
        return self.service.menu(table, None).view

    def names_by_user(self, table: TableRecord) -> dict[int, str]:
        """Each seated user's seat name (the public view's `names`), as mentions are written out."""
        view = self.view(table)
        names: list[str] = list(view["names"]) if view is not None else []
        return {user: names[seat] for seat, user in enumerate(table.seats) if user is not None and seat < len(names)}

    async def read(self, table: TableRecord) -> PublicTable:
        game = self.service.game_of(table)
        view = self.view(table)
        names: list[str] = list(view["names"]) if view is not None else []
        by_user = self.names_by_user(table)
        waited: set[int] = set()
        result = None
        if view is not None:
            state = self.service.state_of(table)
            if table.status == "running":
                waited = set(game.to_move(state))
            outcome = game.outcome(state) if table.status == "finished" else None
            if outcome is not None:
                result = Result(list(outcome.winners), web_text(outcome.reason, by_user))
        deadlines = (
            {seat: at for seat, at in (await self._deadlines(table)).items() if seat in waited} if waited else {}
        )
        seats = [
            Seat(
                name,
                seat in waited,
                deadlines.get(seat),
                seat < len(table.seats) and table.seats[seat] is None,
                seat < len(table.seats) and table.level(seat) == "strong",
            )
            for seat, name in enumerate(names)
        ]
        finished = table.status == "finished"
        log, steps = await self._log(table, by_user)
        return PublicTable(
            id=table.id,
            game=table.game,
            title=game.title,
            status=table.status,
            version=table.version,
            seats=seats,
            players=sum(user is not None for user in table.seats),
            board=web_text(render_text(table.game, view), by_user) if view is not None else None,
            log=log,
            deadline=min(deadlines.values(), default=None),
            result=result,
            options=dict(table.options) if finished else {},
            seed=table.seed if finished else None,
            steps=steps,
        )

    async def _deadlines(self, table: TableRecord) -> dict[int, float]:
        """Seat -> the deadline of its move, for the seats the clock times."""
        store = self.service.store
        rows, _away = await store.run_job(lambda db: read(db, table.id, 0.0), "read")
        return {row["seat"]: float(row["deadline"]) for row in rows if row.get("deadline") is not None}

    async def _log(self, table: TableRecord, by_user: dict[int, str]) -> tuple[list[LogLine], int | None]:
        """The public log's lines, and the replay's last step (None if the game never started)."""
        key = (table.id, table.version)
        if key in self._logs:
            self._logs.move_to_end(key)
            return self._logs[key]
        async with self._telling:  # one table's story is extended by one reader at a time
            told = self._stories.pop(table.id, None)
            if told is None or told.story.replaying.seq > table.version:  # an older version asked late
                told = Told(History(self.service.game_of(table), table))
            since = told.story.replaying.seq
            rows = [row for row in await self.service.store.actions(table.id, since=since) if row.seq <= table.version]
            if rows and rows[0].seq != since + 1:  # not the rows that follow: read the story again
                told = Told(History(self.service.game_of(table), table))
                rows = [row for row in await self.service.store.actions(table.id) if row.seq <= table.version]
            entries = await asyncio.to_thread(told.story.extend, rows)
            lines = told.lines(entries, by_user)
            self._stories[table.id] = told
            while len(self._stories) > STORIES_KEPT:
                self._stories.popitem(last=False)
        changes = sum(changes_game(row) for row in told.story.log)
        self._logs[key] = found = (lines, changes - 1 if changes else None)
        while len(self._logs) > HISTORY_CACHE:
            self._logs.popitem(last=False)
        return found


class Told:
    """A table's public history in this process (`History`), and its log lines as the page writes them."""

    def __init__(self, story: History) -> None:
        self.story = story
        self._lines: list[LogLine] = []
        self._entries = 0  # entries written as lines so far
        self._by_user: dict[int, str] | None = None

    def lines(self, entries: list[Entry], by_user: dict[int, str]) -> list[LogLine]:
        """Every entry's lines; only the new entries' are written, unless a seat's name changed."""
        if by_user != self._by_user:
            self._lines, self._entries, self._by_user = [], 0, dict(by_user)
        self._lines += [
            LogLine(entry.row.seq, entry.row.at, entry.row.kind, entry.moderator, web_text(text, by_user))
            for entry in entries[self._entries :]
            for text in entry.texts
        ]
        self._entries = len(entries)
        return list(self._lines)
