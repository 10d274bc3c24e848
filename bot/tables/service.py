"""TableService: the one place where the engine, the store and Discord identities meet.

It serialises work per table (one asyncio lock each), turns user ids into seats, runs actions
through the referee, commits each accepted action in one transaction and returns an `Update` (public
texts, private texts by user) for the cogs to deliver. Discord-free: the cogs pass user ids and a
`moderator` flag they read from Discord permissions.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.games import games as registered
from bot.ratings import ratings
from bot.render.presentation import ViewData
from bot.store.base import TableStore
from bot.store.db import Job, in_turn
from bot.store.errors import StaleVersion, UnreadableTable
from bot.store.outbox import Acting, outbox_rows
from bot.store.records import TableRecord
from bot.tables import refusals as why
from bot.tables.lobby import Lobby
from bot.tables.log_kinds import kind_of
from bot.tables.menu import Menu, Menus, build
from bot.tables.ownership import Ownership
from bot.tables.refusals import Refused, StaleBoard
from bot.tables.stand_ins import StandIns
from bot.tables.update import LogRow, Update, chance_for, shows_nothing, told_by
from engine import AnyGame, referee

log = logging.getLogger(__name__)
STATE_CACHE = 5000  # parsed game states kept in memory (about 10 kB each)
# Work that every change's transaction does too, given the table as the change leaves it and its
# game state (None before the start): what must stay in step with each change (the clock's deadlines).
ChangeJob = Callable[[TableRecord, BaseModel | None], Job | None]


__all__ = ["Refused", "StaleBoard", "TableService", "Update", "chance_for"]


@dataclass(slots=True)
class _Kept:
    """A table's parsed state at a version, and whom it waits on (worked out on first use: every
    move asks several times)."""

    version: int
    state: BaseModel
    waiting: list[int] | None = None


class TableService(Lobby, StandIns):
    def __init__(
        self, store: TableStore, games: Mapping[str, AnyGame] | None = None, ownership: Ownership | None = None
    ) -> None:
        self.store = store
        self.ownership = ownership or Ownership()  # the tables whose clock and deliveries are this process's
        self.games = registered() if games is None else games  # the bot's registry by default
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # per table, for the tables used most recently
        self._states: OrderedDict[int, _Kept] = OrderedDict()
        self.menus = Menus()
        self.with_each_change: list[ChangeJob] = []

    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock: hold it around any read-change-save of the table (moderation and the
        clock change tables outside `act`)."""
        return self._locks[table_id]

    # --- reading ---------------------------------------------------------------------------------

    async def get(self, table_id: int, *, cached: bool = False) -> TableRecord:
        """The table. `cached`: the store's own copy, without a read (the store is the file's one
        writer while the bot runs; a save's version check still guards against any other)."""
        try:
            table = await self.store.get_table(table_id, cached=cached)
        except UnreadableTable as error:
            raise self._unreadable(error) from None
        if table is None:
            raise Refused("That table does not exist any more.")
        return table

    async def table_in(self, channel_id: int) -> TableRecord | None:
        try:
            return await self.store.open_table_in(channel_id)
        except UnreadableTable as error:
            raise self._unreadable(error) from None

    async def open_tables(self) -> list[TableRecord]:
        """Every open table, for start-up: damaged rows are logged and skipped, and no game state
        is parsed until a table is used."""
        return await self.store.open_tables()

    @staticmethod
    def _unreadable(error: UnreadableTable) -> Refused:
        log.error("%s: the row cannot be read; skipping it", error)
        return Refused("This table's saved data could not be read. A moderator can look at it.")

    def game_of(self, table: TableRecord) -> AnyGame:
        return self.games[table.game]

    def state_of(self, table: TableRecord) -> BaseModel:
        if table.state is None:
            raise Refused(why.NOT_STARTED)
        cached = self._states.get(table.id)
        if cached and cached.version == table.version:
            self._states.move_to_end(table.id)
            return cached.state
        try:
            state: BaseModel = self.game_of(table).State.model_validate_json(table.state)
        except (ValidationError, ValueError, KeyError):
            log.error("table %s: stored state is unreadable; skipping it", table.id)
            raise Refused("This table's saved game could not be read. A moderator can end it.") from None
        self.keep_state(table, state)
        return state

    def keep_state(self, table: TableRecord, state: BaseModel) -> None:
        """Remember the parsed state of the table's version just saved (no parse on its next use)."""
        self._states[table.id] = _Kept(table.version, state)
        self._states.move_to_end(table.id)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    def in_memory(self, table_id: int) -> bool:
        """Whether the table's row or state is kept in memory (it was used since the start)."""
        return table_id in self._states or self.store.remembers(table_id)

    def forget(self, table_id: int) -> None:
        """Drop the table's row and state from memory: a table read for one look only (the clock's
        first sweep over thousands of tables must not fill the caches meant for the tables in play)."""
        self._states.pop(table_id, None)
        self.store.forget(table_id)

    def seat_of(self, table: TableRecord, user_id: int) -> int | None:
        return table.seats.index(user_id) if user_id in table.seats else None

    def menu(self, table: TableRecord, seat: int | None) -> Menu:
        """The seat's view and moves at the table's version (the public view for None), computed
        once per version."""
        menu = self.menus.get(table.id, table.version, seat)
        if menu is None:
            menu = self.menus.keep(
                build(
                    self.game_of(table), table.id, table.version, self.state_of(table), seat, table.status == "running"
                )
            )
        return menu

    async def view_for(self, table_id: int, user_id: int | None) -> ViewData:
        """The seat's own view for a player, the public view for anyone else."""
        table = await self.get(table_id)
        seat = self.seat_of(table, user_id) if user_id is not None else None
        return self.menu(table, seat).view

    def waiting_on(self, table: TableRecord) -> list[int]:
        """User ids the table waits on (stand-ins excluded)."""
        if table.status != "running":
            return []
        state = self.state_of(table)
        kept = self._states[table.id]  # state_of keeps the table's version
        if kept.waiting is None:
            seats = self.game_of(table).to_move(state)
            kept.waiting = [user for s in sorted(seats) if (user := table.seats[s]) is not None]
        return list(kept.waiting)

    # --- play ------------------------------------------------------------------------------------

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: dict[str, Any] | BaseModel,
        version: int | None = None,
        answered_by: str | None = None,
        admitted_at: int | None = None,
    ) -> Update:
        """Play `action` for the user's seat. With `version`, refuse if the board has changed for
        them since. `answered_by`: the press whose answer shows the user their own texts
        (bot/store/outbox.py ACK). `admitted_at`: the table's version when the gate let the press
        through, having checked the seat, the status and `version` then: they are checked again
        here only if the table changed in between."""
        acting = (user_id, answered_by) if answered_by else None
        async with self._locks[table_id]:
            table = await self.get(table_id, cached=True)
            if table.version == admitted_at:
                seat = self.seat_of(table, user_id)
                assert seat is not None, "the gate admitted a seated player at this version"
            else:
                seat = self.running_seat(table, user_id)
                if version is not None and version != table.version and await self.moved_on(table, seat, version):
                    raise why.stale()
            was_waiting = self.waiting_on(table)
            update = await self.apply_move(table, seat, user_id, action, acting=acting)
            update.was_waiting = was_waiting
            await self._stand_ins_after(update, acting)
            self.mark_newly_asked(update, actor=user_id)
            return update

    def running_seat(self, table: TableRecord, user_id: int) -> int:
        """The user's seat at the table, if it is running; else Refused."""
        if table.status != "running":
            raise why.status_refusal(table.status)
        seat = self.seat_of(table, user_id)
        if seat is None:
            raise Refused(why.NOT_PLAYER)
        return seat

    def mark_newly_asked(self, update: Update, actor: int | None = None) -> None:
        """Who faces a new decision after `update`: the players the table now waits on who it did not
        wait on before, and `actor` if it is waited on again after its own move (the speaker's own
        vote, the next step of a plan)."""
        waiting = self.waiting_on(update.table)
        update.newly_asked |= {user for user in waiting if user not in update.was_waiting or user == actor}

    async def moved_on(self, table: TableRecord, seat: int, version: int) -> bool:
        """Whether the table changed for `seat` since `version`. Moves of the other seats (and a
        stand-in taking someone's seat) do not count: a simultaneous choice (a secret vote) stays
        open while the others make theirs."""
        if not 0 <= version < table.version:
            return True
        recent = await self.store.actions(table.id, since=version)  # every change logs one row: seq == version
        return len(recent) != table.version - version or any(
            (kind := kind_of(row)) is None or not kind.keeps_others_buttons or row.seat == seat for row in recent
        )

    async def apply_move(
        self,
        table: TableRecord,
        seat: int,
        actor_id: int | None,
        action: Any,
        intro: Sequence[str] = (),
        private_intro: Sequence[str] = (),
        acting: Acting | None = None,
    ) -> Update:
        """Referee and save one move of `seat` (call under the table's lock); a RuleError changes
        nothing. `intro` and `private_intro` come before its events, publicly and to its player.
        `acting`: the player whose press this answers (see `commit`)."""
        game = self.game_of(table)
        seq = table.version + 1
        # a running table's game is not over: its status says so (it turns "finished" with the outcome)
        before, chance = self.state_of(table), chance_for(table, seq)
        parsed, step = referee.play_parsed(game, before, seat, action, chance, over=table.status != "running")
        outcome = game.outcome(step.state)  # once: the status, the summary and the publisher read it from here
        undoable = (
            outcome is None
            and actor_id is not None
            and actor_id == table.seats[seat]
            and shows_nothing(game, before, step, seat, parsed, chance)
        )
        # Waiting for its commit, the move holds the new state alone: with many tables moving at once,
        # new states made while the old ones were still kept drove the collector's count of new
        # objects up, and it collected again and again. A failed commit parses the old state again
        # from the table's row.
        del before
        self._states.pop(table.id, None)
        changes: dict[str, Any] = {"state": step.state.model_dump_json()}
        if outcome is not None:
            changes["status"] = "finished"
        public, private = told_by(table, step.events)
        public[:0] = intro
        player = table.seats[seat]
        if private_intro and player is not None:
            private[player][:0] = private_intro
        # the move that finishes the game rates it, in the same transaction
        rate = None if outcome is None else ratings.on_finish(game, table, step.state, outcome.winners)
        update = await self.commit(
            table,
            changes,
            ("move", seat, actor_id, parsed.model_dump_json()),
            public,
            private,
            then=rate,
            acting=acting,
            state=step.state,
        )
        update.outcome = outcome
        if undoable:
            update.undoable_at = update.table.version
        self.keep_state(update.table, step.state)
        return update

    # --- moderation ------------------------------------------------------------------------------

    async def end_damaged(self, channel_id: int, *, moderator: bool) -> bool:
        """A moderator closes a channel's table whose saved row cannot be read. False if the
        channel's table can be read (then `end` is the way) or there is none."""
        if not moderator:
            raise Refused("Only a moderator can close a damaged table.")
        try:
            await self.store.open_table_in(channel_id)
            return False
        except UnreadableTable:
            log.warning("channel %s: a moderator closed a damaged table", channel_id)
            return await self.store.close_damaged(channel_id) > 0

    async def end(self, table_id: int, user_id: int, *, moderator: bool = False) -> Update:
        async with self._locks[table_id]:
            table = await self.get(table_id, cached=True)
            if not table.open:
                raise Refused("This table is already over.")
            if not moderator and not (table.status == "lobby" and user_id == table.host_id):
                raise Refused(
                    (why.HOST_ONLY if table.status == "lobby" else why.MODERATOR_ONLY).format(what="end this table")
                )
            return await self.commit(
                table, {"status": "ended"}, ("end", None, user_id, {}), [f"The table was ended by <@{user_id}>."]
            )

    async def kick(self, table_id: int, target_id: int, *, moderator: bool, actor_id: int | None = None) -> Update:
        """Remove a player; in a running game a stand-in takes over their seat. The log row names
        the moderator (`actor_id`) and, once the game runs, the seat."""
        if not moderator:
            raise Refused(why.MODERATOR_ONLY.format(what="remove a player"))
        async with self._locks[table_id]:
            table = await self.get(table_id, cached=True)
            if not table.open:
                raise Refused("This table is already over.")
            if target_id not in table.seats:
                raise Refused("That member is not playing at this table.")
            seat = None if table.status == "lobby" else table.seats.index(target_id)
            changes = table.leaving(target_id) if seat is None else table.handing(seat, None)
            humans = [s for s in changes["seats"] if s is not None]
            if target_id == table.host_id and humans:
                changes["host_id"] = humans[0]
            update = await self.commit(
                table,
                changes,
                ("kick", seat, actor_id, {"user": target_id}),
                [
                    f"<@{target_id}> was removed from the table"
                    + (" and a stand-in takes their seat." if seat is not None else ".")
                ],
                was_waiting=self.waiting_on(table),
            )
            table = update.table
            if table.status == "running":
                update.add(await self.play_stand_ins(table))
            return update

    # --- helpers ---------------------------------------------------------------------------------

    async def save_change(
        self,
        table: TableRecord,
        changes: dict[str, Any],
        log_row: LogRow,
        told: Sequence[tuple[Any, ...]] = (),
        then: Job | None = None,
        state: BaseModel | None = None,
    ) -> TableRecord:
        """Save `changes` and one log row as the table's next version (under the lock), with what it
        tells (`told`: outbox rows, see bot/store/outbox.py), `then` and the work of
        `with_each_change` in the same transaction (TableStore.save). `state`: the game state that
        `changes["state"]` holds, if it is at hand (else it is read from there)."""
        jobs = [then] if then is not None else []
        if self.with_each_change:
            after = table.model_copy(update={**changes, "version": table.version + 1})
            if state is None and after.state is not None:
                state = (
                    self.game_of(after).State.model_validate_json(after.state)
                    if "state" in changes
                    else self.state_of(table)
                )
            jobs += [job for follow in self.with_each_change if (job := follow(after, state)) is not None]
        try:
            return await self.store.save(table, changes, log_row, told, in_turn(jobs))
        except StaleVersion:
            raise StaleBoard("The table changed at the same moment. Please try again.") from None

    async def commit(
        self,
        table: TableRecord,
        changes: dict[str, Any],
        log_row: LogRow,
        public: Sequence[str] = (),
        private: dict[int, list[str]] | None = None,
        *,
        seats: Sequence[int] = (),
        opening: str = "🎲 You now hold a seat",
        was_waiting: list[int] | None = None,
        then: Job | None = None,
        acting: Acting | None = None,
        state: BaseModel | None = None,
    ) -> Update:
        """`save_change` for a change that tells something: its public and private texts (and the
        players owed their seat's view) go into the outbox in the same transaction, and into the
        Update the caller publishes. `acting`: (user, press) when the change answers a player's own
        press, whose answer then shows them their texts (bot/store/outbox.py ACK rows). `state`: as
        for `save_change`."""
        table = await self.save_change(
            table, changes, log_row, outbox_rows(list(public), private, seats, opening, acting), then, state
        )
        update = Update(table, public=list(public), was_waiting=list(was_waiting or []))
        for user, texts in (private or {}).items():
            update.private[user] += texts
        update.seats = list(seats)
        return update
