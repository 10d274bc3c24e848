"""The clock: each table's pace, the deadlines of the players it waits on, reminders, stand-ins for
absent players and vacations, all run by one scheduler task.

TABLE RULES (defaults; a table changes them with `/table pace` and `/table clock`):
- Pace: how long a seat the table waits on has to move; none by default (no deadlines). A seat's
  deadline is set when the table starts waiting on it and cleared when it moves (a seat that moves
  and is still waited on starts a new one). Other seats' moves and seat changes leave it alone;
  anything else (a pause, a rollback, a new clock setting) starts every deadline again from then.
- At a deadline the clock plays the game's default move for the seat (a stand-in's move if the
  rules refuse the default), logged as a move whose actor is the clock (`CLOCK`), and says so in
  the channel; the player gets by DM what was played for them.
- A player the clock moved for `misses` times in a row (3; 0 never) is handed to a stand-in. Their
  seat waits for them (`/table back`) or for a substitute (`/table join`).
- Reminders: while nobody moves, the players the table waits on (not those on vacation) are pinged
  every `remind` (half the pace; a day when there is none), at most `reminders` times (3); then one
  "this table is stalled" notice without pings, and silence until someone moves.
- Vacation: up to `vacation_days` (7) per player per game, booked with `/table vacation`. A player
  on vacation gets no pings and the clock never moves for them: their deadlines wait, keeping the
  time they had left (BGA's turn-based tables freeze a player's clock on holiday the same way). The
  table waits for them; a moderator can still skip or replace them. Coming back early gives the
  unused days back.

A deadline is acted on once: it carries the table version at which its seat started being waited
on, and the clock acts under the table's lock only if the log (written in the same transaction as
every move) shows nothing but other seats' moves since then. The clock's own move is such a log row,
so the same deadline can never pass the check again, even after a crash or a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any, Callable, Protocol

from pydantic import BaseModel

from bot.clock.deadlines import AWAY, CLOCK, CLOCK_ROW, SEATS, Row, line_up, misses_in_a_row, read, untouched, waited
from bot.clock.players import PlayerClock
from bot.clock.settings import (  # noqa: F401 (for the cogs)
    DAY,
    HOUR,
    MINUTE,
    ClockSettings,
    format_duration,
    new_table_pace,
    parse_duration,
    parse_pace,
    parse_remind,
)
from bot.store.db import Db, Job
from bot.store.errors import StorageFailed
from bot.store.records import TableRecord
from bot.tables import refusals as why
from bot.tables.menu import label_of
from bot.tables.service import Refused, TableService, Update
from bot.text import WAITING, plural, waiting_text
from engine import RuleError

log = logging.getLogger(__name__)
CHANGE_CLOCK = "change the table's clock"
MAX_SLEEP = 60.0  # the scheduler looks at the database at least this often (seconds)
MIN_SLEEP = 1.0  # and at most this often
RETRY_AFTER = 10 * MINUTE  # a table whose clock failed is left alone this long


class Notices(Protocol):
    """How the clock speaks (the bot's publisher and channels; a recorder in tests)."""

    def ordered_delivery(self, table_id: int) -> contextlib.AbstractAsyncContextManager[object]: ...
    async def ready(self) -> None: ...
    async def publish(self, update: Update, newly_asked: tuple[int, ...]) -> None: ...
    async def say(self, table: TableRecord, text: str, ping: list[int]) -> None: ...


class Clock(PlayerClock):
    def __init__(self, service: TableService, notices: Notices, *, now: Callable[[], float] = time.time) -> None:
        self.service, self.store, self.notices = service, service.store, notices
        self.now = now
        self._ticking = asyncio.Lock()
        self._syncing: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._failed: dict[int, float] = {}  # table -> when to try it again
        self._wake = asyncio.Event()
        self._next_look = float("inf")  # when the scheduler looks next, unless woken (wall clock)
        self._task: asyncio.Task[None] | None = None
        service.with_each_change.append(self.deadlines_after)

    # --- the database ------------------------------------------------------------------------------

    async def _select(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return [dict(row) for row in await self.store.query(sql, params)]

    async def _clock_row(self, table_id: int) -> Row | None:
        rows = await self._select(CLOCK_ROW, (table_id,))
        return rows[0] if rows else None

    async def settings(self, table_id: int) -> ClockSettings:
        return ClockSettings.of(await self._clock_row(table_id))

    async def deadlines(self, table_id: int) -> list[Row]:
        """The seats the table waits on, each with its user, since when and its deadline."""
        return await self._select(SEATS, (table_id,))

    async def vacations(self, table_id: int, now: float | None = None) -> dict[int, float]:
        """Who is on vacation at the table, until when."""
        now = self.now() if now is None else now
        rows = await self._select(AWAY, (table_id, now))
        return {row["user_id"]: row["until"] for row in rows}

    # --- settings ----------------------------------------------------------------------------------

    async def configure(self, table_id: int, **changes: Any) -> ClockSettings:
        """Change a table's clock settings; every deadline and the reminders start again from now."""
        settings = replace(await self.settings(table_id), **changes)
        values = (table_id, settings.pace, settings.remind, settings.reminders, settings.misses, settings.vacation_days)
        await self.store.transaction(
            [
                (
                    "INSERT INTO clock_tables (table_id, pace, remind, reminders, misses, vacation_days) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (table_id) DO UPDATE SET pace = excluded.pace, remind = excluded.remind, reminders ="
                    " excluded.reminders, misses = excluded.misses, vacation_days = excluded.vacation_days,"
                    " synced_version = NULL",
                    values,
                ),
                ("DELETE FROM clock_seats WHERE table_id = ?", (table_id,)),
            ]
        )
        await self.sync(table_id)
        return settings

    async def change(self, table_id: int, user_id: int, *, moderator: bool, **changes: Any) -> ClockSettings:
        """`configure`, for the host before the start or a moderator at any time."""
        table = await self.service.get(table_id)
        if not table.open:
            raise Refused(why.CLOSED)
        if not (moderator or (table.status == "lobby" and user_id == table.host_id)):
            raise Refused((why.HOST_ONLY if table.status == "lobby" else why.MODERATOR_ONLY).format(what=CHANGE_CLOCK))
        return await self.configure(table_id, **changes)

    # --- keeping the deadlines in line with the table ------------------------------------------------

    def deadlines_after(self, table: TableRecord, state: BaseModel | None) -> Job | None:
        """The deadlines and reminders as a change leaves the table (`table`, at its new version), for
        the change's own transaction (TableService.with_each_change): a seat newly waited on gets a
        deadline, a seat that moved or is no longer waited on loses its own."""
        if table.status != "running" or state is None:  # finished, ended or paused: the scheduler's next look
            return None
        game = self.service.game_of(table)
        if any(table.seats[seat] is None for seat in game.to_move(state)):
            # stand-ins to reply first, in a change of their own: until then the table stays out of
            # line, so that after a crash in between the scheduler finds it and plays their moves
            return None
        seats, now, loop = waited(game, table, state), self.now(), asyncio.get_running_loop()

        async def work(db: Db) -> None:
            _, _, due = await line_up(db, table, seats, now, force=False)
            if due:  # run on SQLite's thread: the scheduler hears of it on its own
                loop.call_soon_threadsafe(self._wake_by, min(due))

        return work

    def _wake_by(self, due: float) -> None:
        if due < self._next_look:  # due before the scheduler's next look: look again now
            self._wake.set()

    async def sync(
        self, table_id: int, now: float | None = None, *, force: bool = False
    ) -> tuple[list[Row], dict[int, float]]:
        """Bring the table's deadlines and reminders in line with its latest version, as a change's
        own transaction does (`deadlines_after`): after a new clock setting, a vacation or the clock's
        own moves, and for a table the scheduler finds out of line (`force`: even if the clock has
        seen this version).
        Returns the deadlines (as `deadlines` reads them) and who is away (as `vacations`)."""
        async with self._syncing[table_id]:
            now = self.now() if now is None else now
            table = await self.service.get(table_id, cached=True)
            state = self.service.state_of(table) if table.status == "running" else None
            seats = waited(self.service.game_of(table), table, state)
            rows, away, due = await self.store.in_transaction(lambda db: line_up(db, table, seats, now, force))
            if due:  # deadlines set anew (or a reminder): the table's page shows them
                self._wake_by(min(due))
                await self.store.tell_change(table_id)
            return rows, away

    def _who(self, users: list[int], rows: list[Row], away: dict[int, float]) -> str:
        """`<@a>, <@b> · ⏰ <t:…:R>`, or each with their own deadline or vacation."""
        deadlines = {row["user_id"]: row["deadline"] for row in rows}
        notes = {}
        for user in users:
            if user in away:
                notes[user] = f"🏖️ on vacation until <t:{int(away[user])}:R>"
            elif deadlines.get(user) is not None:
                notes[user] = f"⏰ <t:{int(deadlines[user])}:R>"
        mentions = ", ".join(f"<@{user}>" for user in users)
        if not notes:
            return mentions
        if len(notes) == len(users) and len(set(notes.values())) == 1 and not away:
            return f"{mentions} · {next(iter(notes.values()))}"
        return ", ".join(f"<@{user}> ({notes[user]})" if user in notes else f"<@{user}>" for user in users)

    async def waiting_line(self, table: TableRecord, waiting: list[int]) -> str:
        """The board's waiting line, with each waited player's deadline (a Discord timestamp)."""
        plain = waiting_text(table, waiting)
        if table.status != "running" or not waiting:
            return plain
        try:  # written with the change that made this version: read only
            rows, away = await self.store.run_job(lambda db: read(db, table.id, self.now()), "read")
        except Exception:  # the board goes out without its deadlines rather than not at all
            log.exception("table %s: the clock could not read its deadlines", table.id)
            return plain
        return f"{WAITING}{self._who(waiting, rows, away)}."

    # --- the scheduler -------------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="clock")

    async def stop(self) -> None:
        if self._task is None:
            return
        async with self._ticking:  # never stop in the middle of a table's turn
            self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None

    async def _run(self) -> None:
        await self.notices.ready()
        while True:
            self._wake.clear()
            self._next_look = float("inf")  # while it looks, whatever falls due wakes it again after
            try:
                await self.tick()
                delay = await self._until_next()
            except StorageFailed as error:  # the database is down: look again soon
                log.warning("the clock waits for the database (%s)", error)
                delay = MIN_SLEEP
            except Exception:  # the scheduler never stops
                log.exception("the clock's tick failed")
                delay = MAX_SLEEP
            self._next_look = self.now() + delay
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)

    async def _until_next(self) -> float:
        owned = self.service.ownership.where("t.guild_id")
        rows = await self._select(
            f"SELECT MIN(s.deadline) AS due FROM clock_seats s JOIN tables t ON t.id = s.table_id WHERE {owned}"
            f" UNION ALL SELECT MIN(c.next_reminder) FROM clock_tables c JOIN tables t ON t.id = c.table_id WHERE {owned}"
        )
        due: list[float] = [row["due"] for row in rows if row["due"] is not None]
        return max(MIN_SLEEP, min([MAX_SLEEP] + [when - self.now() for when in due]))

    async def tick(self, at: float | None = None) -> None:
        """One look at every table at time `at` (now by default): deadlines brought in line with the
        table, passed deadlines acted on, due reminders sent. Each table on its own: an error in one
        is logged and the others go on. Tests call it with the time they want."""
        async with self._ticking:
            now = self.now() if at is None else at
            owned = self.service.ownership.where("t.guild_id")  # the tables of this process's shards
            stale = await self._select(
                "SELECT t.id FROM tables t LEFT JOIN clock_tables c ON c.table_id = t.id"
                " WHERE c.synced_version IS DISTINCT FROM t.version AND (t.status IN ('running', 'paused') OR c.table_id IS NOT NULL)"
                f" AND {owned}"
            )
            for row in stale:  # changed since the clock last looked (or the bot stopped in between)
                await self._guarded(row["id"], now, lambda table_id: self._catch_up(table_id, now))
            due = f"SELECT DISTINCT s.table_id FROM clock_seats s JOIN tables t ON t.id = s.table_id WHERE s.deadline <= ? AND {owned}"
            for row in await self._select(due, (now,)):
                await self._guarded(row["table_id"], now, lambda table_id: self._time_out(table_id, now))
            reminders = f"SELECT c.table_id FROM clock_tables c JOIN tables t ON t.id = c.table_id WHERE c.next_reminder <= ? AND {owned}"
            for row in await self._select(reminders, (now,)):
                await self._guarded(row["table_id"], now, lambda table_id: self._remind(table_id, now))

    async def _catch_up(self, table_id: int, now: float) -> None:
        """A table that changed since the clock's last look: the moves stand-ins still owe (a crash
        between a move and their replies) are played and published, then the deadlines follow. A
        table not in memory before (the first look after a start) is not kept there after."""
        cold = not self.service.in_memory(table_id)
        async with self.notices.ordered_delivery(table_id):
            update = await self.service.resume(table_id)
            if update is not None:
                await self.notices.publish(update, ())
        await self.sync(table_id, now)
        if cold and update is None:
            self.service.forget(table_id)

    async def _guarded(self, table_id: int, now: float, work: Callable[[int], Awaitable[object]]) -> None:
        if self._failed.get(table_id, now) > now:
            return
        try:
            await work(table_id)
            self._failed.pop(table_id, None)
        except StorageFailed as error:  # the database, not the table: the next look tries again
            log.warning("table %s: the clock waits for the database (%s)", table_id, error)
        except Exception:
            log.exception("table %s: the clock failed; trying again in %s", table_id, format_duration(RETRY_AFTER))
            self._failed[table_id] = now + RETRY_AFTER

    # --- deadlines -----------------------------------------------------------------------------------

    async def _time_out(self, table_id: int, now: float) -> None:
        await self.sync(table_id, now)
        due = await self._select(
            "SELECT * FROM clock_seats WHERE table_id = ? AND deadline <= ? ORDER BY seat", (table_id, now)
        )
        if not due:
            return
        settings, away = await self.settings(table_id), await self.vacations(table_id, now)
        async with self.notices.ordered_delivery(table_id):
            looked_at = (await self.service.get(table_id, cached=True)).version
            told: Update | None = None
            moved_for: list[int] = []
            for row in due:
                if row["user_id"] in away:
                    continue
                try:
                    update = await self._play_for(
                        table_id, row["seat"], row["user_id"], row["since_version"], settings.misses
                    )
                except RuleError as error:  # neither the default nor a stand-in's move: leave this one be
                    log.warning("table %s: the clock cannot move for seat %s (%s)", table_id, row["seat"], error)
                    await self.store.transaction(
                        [
                            (
                                "UPDATE clock_seats SET deadline = NULL WHERE table_id = ? AND seat = ?"
                                " AND since_version = ?",
                                (table_id, row["seat"], row["since_version"]),
                            )
                        ]
                    )
                    continue
                if update is None:
                    continue
                moved_for.append(row["user_id"])
                if told is None:
                    told = update
                else:
                    was_waiting = told.was_waiting
                    told.add(update)
                    told.was_waiting = was_waiting
            # the deadlines its moves began run from this look (a test's tick names its time, `at`)
            await self.store.transaction(
                [("DELETE FROM clock_seats WHERE table_id = ? AND since_version > ?", (table_id, looked_at))]
            )
            await self.sync(table_id, now, force=True)
            if told is not None:  # whoever the clock moved for and is still waited on faces a new decision
                await self.notices.publish(told, tuple(moved_for))

    async def _play_for(self, table_id: int, seat: int, user_id: int, since_version: int, misses: int) -> Update | None:
        """The clock's move for a seat whose deadline passed; None if the deadline no longer stands
        (checked under the table's lock against the log: this is what makes it happen once)."""
        service = self.service
        async with service.table_lock(table_id):
            table = await service.get(table_id, cached=True)
            if table.status != "running" or seat >= len(table.seats) or table.seats[seat] != user_id:
                return None
            game, state = service.game_of(table), service.state_of(table)
            log_rows = await self.store.actions(table_id)
            if seat not in game.to_move(state) or not untouched([r for r in log_rows if r.seq > since_version], seat):
                return None
            waiting = service.waiting_on(table)
            view = service.menu(table, seat).view

            def say(played: BaseModel) -> tuple[list[str], list[str]]:
                label = label_of(game, view, played)  # as its button reads
                where = f"<#{table.channel_id}> (**{game.title}**)"  # as every DM names its table
                return (
                    [f"⏰ Time ran out for <@{user_id}>: the clock moves for them."],
                    [f"⏰ Your time ran out at {where}: I played **{label}** for you."],
                )

            update = await service.play_fallback(table, seat, CLOCK, "clock", say)
            update.was_waiting = waiting
            missed = 1 + misses_in_a_row(log_rows, seat)
            if misses and missed >= misses and update.table.status == "running":
                missed_text = f"{missed} deadlines in a row" if missed > 1 else "a deadline"
                update.add(
                    await service.commit(
                        update.table,
                        update.table.handing(seat, None),
                        ("away", seat, None, {"user": user_id, "misses": missed}),
                        [
                            f"🤖 <@{user_id}> missed {missed_text}: a stand-in plays their seat until they come back "
                            "(`/table back`) or someone takes it (`/table join`)."
                        ],
                    )
                )
            update.add(await service.play_stand_ins(update.table))
            return update

    # --- reminders -----------------------------------------------------------------------------------

    async def _remind(self, table_id: int, now: float) -> None:
        await self.sync(table_id, now)  # a table that moved on starts its reminders over
        clock = await self._clock_row(table_id)
        if clock is None or clock["next_reminder"] is None or clock["next_reminder"] > now:
            return
        table = await self.service.get(table_id, cached=True)
        settings, away = ClockSettings.of(clock), await self.vacations(table_id, now)
        rows = [row for row in await self.deadlines(table_id) if row["user_id"] not in away]
        interval, reminded, text = settings.interval, clock["reminded"], None
        users = [row["user_id"] for row in rows]
        if not rows or interval is None:  # only players on vacation: nobody to remind
            after = now + interval if interval else None
        elif reminded < settings.reminders:
            after, reminded = now + interval, reminded + 1
            text = (
                f"🔔 Reminder: the table is waiting on {self._who(users, rows, {})}. Your moves are under "
                "**🎴 My hand & moves** on the board (or `/hand`)."
            )
        else:
            after, reminded = None, reminded + 1
            since = int(min(row["since"] for row in rows))
            text = (
                f"💤 This table is stalled: it has waited on {', '.join(f'<@{u}>' for u in users)} since "
                f"<t:{since}:R>, and {plural(settings.reminders, 'reminder')} went unanswered. No more pings until "
                "someone moves; a moderator can step in (`/table skip`, `/table end`)."
            )
            users = []
        (claimed,) = await self.store.transaction(
            [
                (
                    "UPDATE clock_tables SET next_reminder = ?, reminded = ? WHERE table_id = ? AND next_reminder = ?"
                    " AND synced_version = ?",
                    (after, reminded, table_id, clock["next_reminder"], table.version),
                )
            ]
        )
        if claimed and text:
            await self.notices.say(table, text, users)
