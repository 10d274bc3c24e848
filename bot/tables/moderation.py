"""Moderator operations (pause, resume, skip, replace, rollback), the guilds' moderator roles and
the public log of a table (who held which seat is bot/tables/seats.py).

Each operation runs under the table's lock like every TableService change, saves one version
with one log row naming the moderator (the audit log is the table's action log), and returns an
`Update` for the publisher. Discord-free: the cogs say whether the user is a moderator.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import Any, Callable

from bot.ratings import ratings, stats
from bot.store.db import Db, Job
from bot.store.errors import INTEGRITY_ERRORS
from bot.store.records import ActionRecord, TableRecord
from bot.tables import refusals as why
from bot.tables.gate import LARGEST_ID
from bot.tables.prompts import asked
from bot.tables.replay import ReplayError, history, kept_moves, rebuild
from bot.tables.seats import rematch_invites, seat_history
from bot.tables.service import Refused, TableService, Update
from bot.text import chunk, plural

LOG_PAGE = 1800  # characters of log per page (the header and Discord's 2,000 limit leave room)
LOG_CACHE = 64  # tables whose log pages are kept, per version


def _uncount(table_id: int) -> Job:
    """A finished game that goes on again: its result and its ratings are taken back."""

    async def work(db: Db) -> None:
        await stats.forget(db, table_id)
        await ratings.forget(db, table_id)

    return work


class Moderation:
    def __init__(self, service: TableService, now: Callable[[], float] = time.time) -> None:
        self.service = service
        self.store = service.store
        self._now = now
        self.roles: dict[int, int] = {}  # guild id -> its moderator role, read at start-up
        self._pages: OrderedDict[tuple[int, int], list[str]] = OrderedDict()

    # --- the guilds' moderator roles -------------------------------------------------------------

    async def load(self) -> None:
        rows = await self.store.query(
            "SELECT guild_id, moderator_role FROM guild_settings WHERE moderator_role IS NOT NULL"
        )
        self.roles = {guild: role for guild, role in rows}

    def has_moderator_role(self, guild_id: int | None, role_ids: list[int]) -> bool:
        role = self.roles.get(guild_id) if guild_id is not None else None
        return role is not None and role in role_ids

    async def set_moderator_role(self, guild_id: int, role_id: int | None, by: int) -> None:
        values = (guild_id, role_id, by, self._now())
        await self.store.transaction(
            [
                (
                    "INSERT INTO guild_settings (guild_id, moderator_role, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET moderator_role = excluded.moderator_role,"
                    " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                    values,
                )
            ]
        )
        if role_id is None:
            self.roles.pop(guild_id, None)
        else:
            self.roles[guild_id] = role_id

    async def guild_settings(self, guild_id: int) -> dict[str, Any] | None:
        rows = await self.store.query("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return dict(rows[0]) if rows else None

    # --- operations --------------------------------------------------------------------------------

    async def _table(self, table_id: int, moderator: bool, what: str, finished: bool = False) -> TableRecord:
        """The table, if a moderator may change it: an open one (`finished`: or a finished one)."""
        if not moderator:
            raise Refused(why.MODERATOR_ONLY.format(what=what))
        table = await self.service.get(table_id, cached=True)
        if not table.open and not (finished and table.status == "finished"):
            raise Refused("This table is already over.")
        return table

    def _waiting(self, table: TableRecord) -> list[int]:
        return self.service.waiting_on(table) if table.status == "running" else []

    async def pause(self, table_id: int, actor_id: int, *, moderator: bool) -> Update:
        """Nobody moves while a table is paused, and it has no deadline."""
        async with self.service.table_lock(table_id):
            table = await self._table(table_id, moderator, "pause a table")
            if table.status != "running":
                raise Refused(
                    "This table is already paused." if table.status == "paused" else "The game has not started yet."
                )
            return await self.service.commit(
                table,
                {"status": "paused", "deadline": None},
                ("pause", None, actor_id, {}),
                [f"⏸️ <@{actor_id}> paused the table: no moves until a moderator resumes it."],
                was_waiting=self._waiting(table),
            )

    async def resume(self, table_id: int, actor_id: int, *, moderator: bool) -> Update:
        async with self.service.table_lock(table_id):
            table = await self._table(table_id, moderator, "resume a table")
            if table.status != "paused":
                raise Refused("This table is not paused.")
            update = await self.service.commit(
                table, {"status": "running"}, ("resume", None, actor_id, {}), [f"▶️ <@{actor_id}> resumed the table."]
            )
            update.add(await self.service.play_stand_ins(update.table))  # a seat handed to a stand-in while paused
            return update

    async def skip(self, table_id: int, actor_id: int, *, moderator: bool) -> Update:
        """Play the default move for every seat the table waits on."""
        service = self.service
        async with service.table_lock(table_id):
            table = await self._table(table_id, moderator, "skip a turn")
            if table.status != "running":
                raise Refused(
                    "This table is paused: resume it first."
                    if table.status == "paused"
                    else "The game has not started yet."
                )
            game = service.game_of(table)
            seats = sorted(game.to_move(service.state_of(table)))
            waiting = self._waiting(table)
            users = [table.seats[seat] for seat in seats]
            who = ", ".join(f"<@{user}>" for user in users if user is not None) or "the stand-ins"
            update = await service.commit(
                table,
                {},
                ("skip", None, actor_id, {"seats": seats, "users": users}),
                [f"⏭️ <@{actor_id}> skipped {who}: the default move is played."],
                was_waiting=waiting,
            )
            for seat in seats:
                if update.table.status == "running" and seat in game.to_move(service.state_of(update.table)):
                    update.add(await service.play_fallback(update.table, seat, actor_id, "default"))
            update.add(await service.play_stand_ins(update.table))
            return update

    async def replace(
        self,
        table_id: int,
        actor_id: int,
        member_id: int,
        *,
        moderator: bool,
        player_id: int | None = None,
        seat: int | None = None,
    ) -> Update:
        """Hand a seat (a player's, or a stand-in's by number from 0) to another member. The log
        keeps who held it before."""
        async with self.service.table_lock(table_id):
            table = await self._table(table_id, moderator, "hand a seat to someone else")
            if player_id is None and seat is None:
                raise Refused("Say whose seat to hand over: a player, or a seat number.")
            if member_id in table.seats:
                raise Refused(f"<@{member_id}> already has a seat at this table.")
            if seat is None:
                if player_id not in table.seats:
                    raise Refused("That member is not playing at this table.")
                seat = table.seats.index(player_id)
            elif not 0 <= seat < len(table.seats):
                raise Refused(f"This table has seats 1 to {len(table.seats)}.")
            elif player_id is not None and table.seats[seat] != player_id:
                raise Refused(f"Seat {seat + 1} is not <@{player_id}>'s.")
            before = table.seats[seat]
            changes = table.handing(seat, member_id)
            if before is not None and before == table.host_id:
                changes["host_id"] = member_id
            was = f"<@{before}>" if before is not None else "a stand-in"
            return await self.service.commit(
                table,
                changes,
                ("replace", seat, actor_id, {"from": before, "to": member_id}),
                [f"🔁 <@{member_id}> takes over seat {seat + 1} from {was}."],
                seats=[member_id] if table.state is not None else [],
                was_waiting=self._waiting(table),
            )

    async def rollback(self, table_id: int, actor_id: int, moves: int, *, moderator: bool) -> Update:
        """Take back the last `moves` moves: the game is replayed from its set-up without them. The
        log only grows (a "rollback" row), so a replay still gives the stored state. A finished game
        goes on (if its channel has no other table open): its result is no longer counted, and the
        ratings of its server and game are derived again without it, in the same transaction."""
        service = self.service
        async with service.table_lock(table_id):
            table = await self._table(table_id, moderator, "roll a game back", finished=True)
            if table.state is None:
                raise Refused("The game has not started yet.")
            log = await self.store.actions(table.id)
            standing = len(kept_moves(table, log))
            if not 1 <= moves <= standing:
                raise Refused(
                    f"There {'is' if standing == 1 else 'are'} {standing} move{'' if standing == 1 else 's'} "
                    "to take back."
                )
            action = {"moves": moves}
            note = ActionRecord(
                table_id=table.id,
                seq=table.version + 1,
                seat=None,
                actor_id=actor_id,
                kind="rollback",
                action=action,
                at=self._now(),
            )
            try:
                state = await asyncio.to_thread(rebuild, service.game_of(table), table, log + [note])
            except ReplayError as error:
                raise Refused(f"This table's log cannot be replayed ({error}); nothing was changed.") from None
            assert state is not None, "a log with moves to take back has its start"
            changes, reopened = {"state": state.model_dump_json()}, table.status == "finished"
            if reopened:
                changes["status"] = "running"
            asked_before = self._asked(table)
            try:
                update = await service.commit(
                    table,
                    changes,
                    ("rollback", None, actor_id, action),
                    [
                        f"↩️ <@{actor_id}> took back the last {plural(moves, 'move')}: "
                        f"the game goes on from the position before {'it' if moves == 1 else 'them'}."
                    ],
                    was_waiting=self._waiting(table),
                    then=_uncount(table.id) if reopened else None,
                    state=state,
                )
            except INTEGRITY_ERRORS:  # one open table a channel
                raise Refused("This channel has another table open now, so this game cannot go on here.") from None
            service.keep_state(update.table, state)
            if update.table.status == "running":
                update.add(await service.play_stand_ins(update.table))
            # a new decision only for whom the position asks something else now: a player asked the
            # same (the stand-ins played the same again) keeps their prompt, with new buttons
            asked_now = self._asked(update.table)
            update.newly_asked = {user for user, now in asked_now.items() if asked_before.get(user) != now}
            return update

    def _asked(self, table: TableRecord) -> dict[int, str]:
        """What the table asks each player it waits on (bot/tables/prompts.py `asked`)."""
        return {user: asked(self.service.menu(table, table.seats.index(user))) for user in self._waiting(table)}

    # --- the public log ----------------------------------------------------------------------------

    async def rematch(self, old: TableRecord, host_id: int) -> tuple[TableRecord, list[int]]:
        """A new lobby in `old`'s channel: the same game, options, take-backs and stand-ins (strong if
        strong stand-ins played there), hosted by `host_id`; and the other players to invite (pinged)
        to join it."""
        table = await self.service.create(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=host_id,
            game=old.game,
            options=old.options,
            stand_ins=min(old.seats.count(None), self.service.game_of(old).max_seats - 1),
            takebacks=old.takebacks,
            level="strong" if old.strong_seats else "easy",
        )
        log = await self.store.actions(old.id)
        return table, rematch_invites(seat_history(old, log), log, host_id)

    async def table_for_log(self, guild_id: int | None, channel_id: int, table_id: int | None = None) -> TableRecord:
        """Table `table_id` of this server; by default the channel's open table, or its last one."""
        if table_id is not None:
            # one answer for a number out of range, a table gone and another server's table: a
            # server learns nothing of another's tables
            elsewhere = Refused(f"There is no table {table_id} in this server.")
            if not 0 < table_id <= LARGEST_ID:
                raise elsewhere
            try:
                table = await self.service.get(table_id)
            except Refused:
                raise elsewhere from None
            if table.guild_id != guild_id:
                raise elsewhere
            return table
        open_table = await self.service.table_in(channel_id)
        if open_table is not None:
            return open_table
        rows = await self.store.query(
            "SELECT id FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        if not rows:
            raise Refused(why.NO_TABLE)
        return await self.service.get(rows[0][0])

    async def log_pages(self, table: TableRecord) -> list[str]:
        """The table's public history and moderator actions, cut into pages, oldest first (a page
        number keeps its lines as the log grows)."""
        key = (table.id, table.version)
        if key in self._pages:
            self._pages.move_to_end(key)
            return self._pages[key]
        log = await self.store.actions(table.id)
        try:
            entries = await asyncio.to_thread(history, self.service.game_of(table), table, log)
        except ReplayError as error:
            raise Refused(f"This table's log cannot be replayed ({error}).") from None
        lines = []
        for entry in entries:
            stamp = f" <t:{int(entry.row.at)}:f>" if entry.moderator else ""
            lines += [f"`#{entry.row.seq}`{stamp} {text}" for text in entry.texts]
        pages = chunk(lines, limit=LOG_PAGE) or ["Nothing has happened at this table yet."]
        self._pages[key] = pages
        while len(self._pages) > LOG_CACHE:
            self._pages.popitem(last=False)
        return pages
