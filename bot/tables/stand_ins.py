"""Stand-ins and the bot's own choices for a seat: the one fallback move of stand-in seats, the
clock and a moderator's skip, and the moves stand-ins still owe after the process stopped.
A part of TableService (it mixes this in), under the table's lock like the rest of it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel

from bot.store.errors import StorageFailed
from bot.store.outbox import Acting
from bot.store.records import TableRecord
from bot.tables.refusals import Refused
from bot.tables.update import Update, chance_for
from engine import AnyGame, RuleError, referee

log = logging.getLogger(__name__)
STAND_IN_LIMIT = 20_000  # stand-in moves in one go; far above any whole game


class StandIns:
    if TYPE_CHECKING:  # what it uses of the TableService it is mixed into
        _locks: dict[int, asyncio.Lock]

        async def get(self, table_id: int, *, cached: bool = False) -> TableRecord: ...
        def game_of(self, table: TableRecord) -> AnyGame: ...
        def state_of(self, table: TableRecord) -> BaseModel: ...
        def waiting_on(self, table: TableRecord) -> list[int]: ...
        def mark_newly_asked(self, update: Update, actor: int | None = None) -> None: ...
        async def apply_move(
            self,
            table: TableRecord,
            seat: int,
            actor_id: int | None,
            action: Any,
            intro: Sequence[str] = (),
            private_intro: Sequence[str] = (),
            acting: Acting | None = None,
        ) -> Update: ...

    async def _stand_ins_after(self, update: Update, acting: Acting | None = None) -> None:
        """The stand-ins' replies to a committed change (`acting`: the press it answers, whose answer
        shows its player their texts of the replies too). If the store fails on one, the change
        stands (it is saved, and told from the outbox) and the replies are owed: `resume` plays them."""
        try:
            update.add(await self.play_stand_ins(update.table, acting))
        except StorageFailed as error:
            log.warning("table %s: the stand-ins' replies wait (%s)", update.table.id, error.cause)

    async def resume(self, table_id: int) -> Update | None:
        """Play the moves stand-ins owe at a table that waits on one (the process stopped between a
        move and its stand-ins' replies); None if it waits on none. Safe to call any time: these are
        the very moves a live run would have made, their chance coming from the seed and version."""
        async with self._locks[table_id]:
            table = await self.get(table_id, cached=True)
            if table.status != "running" or not self.stand_ins_due(table):
                return None
            waiting = self.waiting_on(table)
            update = await self.play_stand_ins(table)
            update.was_waiting = waiting
            self.mark_newly_asked(update)
            return update

    def stand_ins_due(self, table: TableRecord) -> bool:
        """Whether the running table waits on a stand-in seat."""
        return any(table.seats[seat] is None for seat in self.game_of(table).to_move(self.state_of(table)))

    async def play_fallback(
        self,
        table: TableRecord,
        seat: int,
        actor_id: int | None,
        reason: str,
        say: Callable[[BaseModel], tuple[list[str], list[str]]] | None = None,
        acting: Acting | None = None,
    ) -> Update:
        """A move chosen for a seat by the bot, under the table's lock: the one fallback of stand-ins
        (`reason` "stand-in": their own strategy), the clock ("clock") and a moderator's skip
        ("default"): the game's default move first, for those two. A choice the rules refuse gives
        way to the next (the stand-in's move, then the first legal one). Its chance comes from the
        seed, the version and `reason`. `say(action)` gives texts to tell with it (public, private)."""
        game, state = self.game_of(table), self.state_of(table)
        chance = chance_for(table, f"{table.version + 1}:{reason}")
        choosers = ([] if reason == "stand-in" else [game.default_action]) + [
            game.stand_in,
            lambda state, seat, chance: next(iter(game.legal_actions(state, seat)), None),
        ]
        for choose in filter(None, choosers):
            action = choose(state, seat, chance)
            if action is None:
                continue
            try:
                action = referee.parse_action(game, action)
                intro, private_intro = say(action) if say else ((), ())
                return await self.apply_move(table, seat, actor_id, action, intro, private_intro, acting)
            except RuleError as error:
                log.warning("table %s: the %s move for seat %s was refused: %s", table.id, reason, seat, error)
        raise Refused("The rules refused every move the bot could choose for that seat.")

    async def play_stand_ins(self, table: TableRecord, acting: Acting | None = None) -> Update:
        """Play the stand-in seats' moves for as long as the table waits on one (under the lock)."""
        update = Update(table)
        if None not in table.seats:  # no stand-in here: the common case, asked after every move
            return update
        game = self.game_of(table)
        for _ in range(STAND_IN_LIMIT):
            if update.table.status != "running":
                break
            state = self.state_of(update.table)
            seats = [s for s in sorted(game.to_move(state)) if update.table.seats[s] is None]
            if not seats:
                break
            update.add(await self.play_fallback(update.table, seats[0], None, "stand-in", acting=acting))
        return update
