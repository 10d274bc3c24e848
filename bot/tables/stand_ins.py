"""Stand-ins and the bot's own choices for a seat: the one fallback move of stand-in seats, the
clock and a moderator's skip, and the moves stand-ins still owe after the process stopped.
A part of TableService (it mixes this in), under the table's lock like the rest of it.

A stand-in plays at its seat's level (TableRecord.level): `easy`, the game's stand-in, or `strong`,
the game's search (`Game.strong`), only in the seats the host filled with strong stand-ins. A
strong move is chosen in a thread of its own, behind the event loop (bot/priority.py), as pictures
are drawn: it takes tens of milliseconds. Both are seeded by the table's seed and version, so a
replay, or a restart that plays the moves stand-ins owe (`resume`), chooses the same moves."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from pydantic import BaseModel

from bot.priority import behind_the_loop
from bot.store.errors import StorageFailed
from bot.store.outbox import Acting
from bot.store.records import TableRecord
from bot.tables.refusals import Refused
from bot.tables.update import Update, chance_for
from engine import AnyGame, RuleError, referee

log = logging.getLogger(__name__)
STAND_IN_LIMIT = 20_000  # stand-in moves in one go; far above any whole game
T = TypeVar("T")


def stand_ins_line(table: TableRecord, names: list[str]) -> str:
    """Which level plays each stand-in's seat, by the seats' names in the game ("" with none):
    `🤖 Stand-ins: Sappho (strong), Zeno (easy).`"""
    levels = [f"{names[seat]} ({table.level(seat)})" for seat, user in enumerate(table.seats) if user is None]
    return f"🤖 Stand-ins: {', '.join(levels)}." if levels and len(names) >= len(table.seats) else ""


async def off_the_loop(work: Callable[[], T]) -> T:
    """`work()`, run in a thread of its own that is batch work to the scheduler, awaited. A daemon
    thread a call: nothing is left running when the bot stops, and starting one costs far less than
    the strong search it runs."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if done.cancelled():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)

    def run() -> None:
        behind_the_loop()
        try:
            result, error = work(), None
        except Exception as failed:  # told to the caller, as if the work had run on the loop
            result, error = None, failed
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:  # the loop closed meanwhile: nobody waits for the result
            pass

    threading.Thread(target=run, name="strong-stand-in", daemon=True).start()
    return await done


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
        (`reason` "stand-in": their own strategy, the strong search first in a strong stand-in's
        seat), the clock ("clock") and a moderator's skip ("default"): the game's default move
        first, for those two. A choice the rules refuse, or a strong search that fails, gives way to
        the next (the stand-in's move, then the first legal one). Its chance comes from the seed, the version and `reason`.
        `say(action)` gives texts to tell with it (public, private)."""
        game, state = self.game_of(table), self.state_of(table)
        chance = chance_for(table, f"{table.version + 1}:{reason}")
        strong = reason == "stand-in" and table.level(seat) == "strong"
        choosers = ([] if reason == "stand-in" else [game.default_action]) + ([game.strong] if strong else [])
        choosers += [game.stand_in, lambda state, seat, chance: next(iter(game.legal_actions(state, seat)), None)]
        for number, choose in enumerate(choosers):
            if strong and number == 0:
                try:
                    action = await off_the_loop(lambda: game.strong(state, seat, chance))
                except Exception:  # a fault of the search must not stop the table: the easy stand-in plays
                    log.exception("table %s: the strong stand-in of seat %s failed", table.id, seat)
                    continue
            else:
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
