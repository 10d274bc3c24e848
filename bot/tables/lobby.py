"""The lobby of a table: opening it, taking and leaving seats, and the start. A part of TableService
(it mixes this in), under the table's lock like the rest of it."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from bot.store.base import TableStore
from bot.store.errors import ChannelBusy
from bot.store.outbox import Acting
from bot.store.records import Level, TableRecord
from bot.tables import refusals as why
from bot.tables.refusals import HAND, ClosesTable, Refused
from bot.tables.stand_ins import stand_ins_line
from bot.tables.update import LogRow, Update, chance_for, told_by
from engine import AnyGame


class Lobby:
    if TYPE_CHECKING:  # what it uses of the TableService it is mixed into
        store: TableStore
        games: Mapping[str, AnyGame]
        _locks: dict[int, asyncio.Lock]

        async def get(self, table_id: int, *, cached: bool = False) -> TableRecord: ...
        def game_of(self, table: TableRecord) -> AnyGame: ...
        def keep_state(self, table: TableRecord, state: BaseModel) -> None: ...
        def waiting_on(self, table: TableRecord) -> list[int]: ...
        async def _stand_ins_after(self, update: Update, acting: Acting | None = None) -> None: ...
        async def save_change(
            self,
            table: TableRecord,
            changes: dict[str, Any],
            log_row: LogRow,
            told: Sequence[tuple[Any, ...]] = (),
            then: Any = None,
            state: BaseModel | None = None,
        ) -> TableRecord: ...
        async def commit(
            self,
            table: TableRecord,
            changes: dict[str, Any],
            log_row: LogRow,
            public: Sequence[str] = (),
            private: dict[int, list[str]] | None = None,
            *,
            seats: Sequence[int] = (),
            opening: str = ...,
            state: BaseModel | None = None,
        ) -> Update: ...

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any] | None = None,
        stand_ins: int = 0,
        seed: str | None = None,
        takebacks: bool = True,
        level: Level = "easy",
    ) -> TableRecord:
        """A new lobby: the host's seat and `stand_ins` seats for stand-ins who play at `level`."""
        if game not in self.games:
            raise Refused(f"There is no game called {game!r}. Try one of: {', '.join(self.games)}.")
        rules = self.games[game]
        try:
            parsed = rules.Options.model_validate(options or {})
        except ValidationError as error:
            first = error.errors()[0]
            raise Refused(f"That option does not work: {'.'.join(map(str, first['loc']))}: {first['msg']}.") from None
        if not 0 <= stand_ins < rules.max_seats:
            raise Refused(f"{rules.title} takes at most {rules.max_seats - 1} stand-ins besides you.")
        try:
            return await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=host_id,
                seats=[host_id] + [None] * stand_ins,
                options=parsed.model_dump(mode="json"),
                seed=seed or secrets.token_hex(8),
                takebacks=takebacks,
                strong_seats=range(1, stand_ins + 1) if level == "strong" else (),
            )
        except ChannelBusy:
            raise Refused("This channel already has a table. Finish or end it first, or use another channel.") from None

    async def join(self, table_id: int, user_id: int) -> TableRecord:
        async with self._locks[table_id]:
            table = await self._lobby(table_id)
            if user_id in table.seats:
                raise Refused("You are already at this table.")
            if None in table.seats:  # a player takes a stand-in's place
                changes = table.handing(table.seats.index(None), user_id)
            elif len(table.seats) >= self.game_of(table).max_seats:
                raise Refused("This table is full.")
            else:
                changes = {"seats": [*table.seats, user_id]}
            return await self.save_change(table, changes, ("join", None, user_id, {}))

    async def leave(self, table_id: int, user_id: int, *, closing: bool = False) -> Update:
        """Leave a lobby. The host's seat is not the table: the next seated player hosts it then
        (told publicly, and `newly_asked` names them, to ping). The last player's leaving closes the table,
        so it is refused (`ClosesTable`, with the version asked at) unless they said `closing`."""
        async with self._locks[table_id]:
            table = await self._lobby(table_id)
            if user_id not in table.seats:
                raise Refused(why.NOT_SEATED)
            title = self.game_of(table).title
            changes = table.leaving(user_id)
            humans = [s for s in changes["seats"] if s is not None]
            if not humans:
                if not closing:
                    raise ClosesTable(
                        f"You are the last player at this **{title}** table: leaving closes it.", table.version
                    )
                return Update(
                    await self.save_change(table, {**changes, "status": "ended"}, ("leave", None, user_id, {}))
                )
            public = []
            if user_id == table.host_id:
                changes["host_id"] = humans[0]
                public.append(
                    f"👑 <@{user_id}> left the **{title}** table: <@{humans[0]}> is its host now "
                    "and starts the game when everyone is seated."
                )
            update = Update(await self.save_change(table, changes, ("leave", None, user_id, {})), public=public)
            update.newly_asked = set(humans[:1]) if public else set()
            return update

    async def start(self, table_id: int, user_id: int, *, moderator: bool = False) -> Update:
        async with self._locks[table_id]:
            table = await self._lobby(table_id)
            if user_id != table.host_id and not moderator:
                raise Refused(why.HOST_ONLY.format(what="start the table"))
            game = self.game_of(table)
            if not game.min_seats <= len(table.seats) <= game.max_seats:
                raise Refused(
                    f"{game.title} needs {game.min_seats} to {game.max_seats} players; "
                    f"this table has {len(table.seats)}."
                )
            state = game.setup(len(table.seats), game.Options.model_validate(table.options), chance_for(table, "setup"))
            humans = [user for user in table.seats if user is not None]
            public, private = told_by(table, game.opening(state))
            levels = stand_ins_line(table, game.view(state, None)["names"])  # not an event: the log has the seats
            update = await self.commit(
                table,
                {"status": "running", "state": state.model_dump_json()},
                ("start", None, user_id, {"seats": len(table.seats)}),
                [
                    f"**{game.title}** begins!",
                    f"Your seat and your moves: {HAND} on the board "
                    f"(or `/hand`). How to play: `/rules game:{game.key}`.",
                    *filter(None, [levels]),
                    *public,
                ],
                private,
                seats=humans,
                opening="🎲 Your seat",
                state=state,
            )
            table = update.table
            self.keep_state(table, state)
            await self._stand_ins_after(update)
            update.newly_asked = set(self.waiting_on(update.table))
            return update

    async def _lobby(self, table_id: int) -> TableRecord:
        table = await self.get(table_id, cached=True)
        if table.status != "lobby":
            raise Refused(why.STARTED if table.open else why.CLOSED)
        return table
