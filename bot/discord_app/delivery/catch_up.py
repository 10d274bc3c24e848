"""The catch-up: what a crash, a restart or a failed request left a table owing, delivered again.

The Publisher (bot/discord_app/delivery/publisher.py) delivers each change as it is made; this half of it looks
for what was not delivered, at start-up and every minute: a table's owed events (summarised if
many) with a fresh board, and its owed DMs. It must not tell anything twice: events a board already
shows (edited in, or posted by a press's webhook, just before a crash) only renew that board's
waiting line, and a press's answer that showed its texts is read back while its token lives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING

import discord

from bot.discord_app.answers import shows_acknowledgement
from bot.discord_app.delivery.blocked import Blocked
from bot.discord_app.delivery.client import DeliveryClient, TableChannel
from bot.discord_app.delivery.hooks import ORIGINAL, Hook
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.delivery.pending import Delivery
from bot.store import outbox
from bot.store.errors import StorageFailed
from bot.store.outbox import Owed, nonce
from bot.store.records import TableRecord
from bot.text import board_events, chunk

log = logging.getLogger(__name__)
CATCH_UP_EVERY = 60.0  # seconds between looks for what a failed request left owed
ANSWER_LIVES = 14 * 60  # an interaction's answer can be read back for 15 minutes
SNOWFLAKE_SLACK = 0.001  # a message's creation time comes from its id, to the millisecond


def edited_in(board: str, public: list[str]) -> bool:
    """Whether a board's text already ends with these events (edited in before a crash), its
    waiting or status line aside: the events were told, in order, last. (An event may span several lines, and
    the same line may have been told on an earlier day: only the whole run, at the end, counts.)"""
    lines = board_events(board)
    told = "\n".join(public).split("\n")
    return bool(told) and lines[-len(told) :] == told


def shows(message: discord.Message, public: list[str], committed: float) -> bool:
    """Whether a board message shows these events: it ends with them (`edited_in`) and was posted or
    last edited after they were committed. The time tells apart a run of events that repeats the
    one before it (a city producing the same ship two turns in a row): a board that shows
    only the earlier one ends the same way, but was made before the later one existed."""
    changed = (message.edited_at or message.created_at).timestamp()
    return changed >= committed - SNOWFLAKE_SLACK and edited_in(message.content, public)


def _pressed_at(via: str | None) -> float:
    """When a press was made (0 if the row names none)."""
    hook = Hook.answering(via)
    return hook.made if hook is not None else 0.0


class CatchUp:
    """The Publisher's catch-up (the Publisher inherits it: it uses its channel, its locks and
    `_publish`)."""

    if TYPE_CHECKING:  # the Publisher's, which this half uses
        bot: DeliveryClient
        blocked: Blocked
        _boards: dict[int, tuple[int, str]]

        def ordered_delivery(self, table_id: int) -> AbstractAsyncContextManager[None]: ...
        def _channel(self, table_id: int) -> AbstractAsyncContextManager[None]: ...
        async def channel_of(self, table: TableRecord) -> TableChannel: ...
        async def _refresh_lobby(self, table: TableRecord) -> None: ...
        async def _close(self, table: TableRecord) -> None: ...
        async def _publish(self, delivery: Delivery, owed: Owed, *, shown: bool = False) -> None: ...

    async def catch_up(self, table_id: int) -> None:
        """What a table still owes after a crash, a restart or a failed request: the missed events
        (summarised if many) with a fresh board, and the owed DMs. Events the board already shows
        (edited in, or posted, before the crash) are not told again: that board's waiting line is
        renewed. A fresh board pings everyone the table waits on; the moves of a simultaneous
        choice go to each of them: whom the lost delivery had told is not known (a DM it did send
        has the same nonce, so Discord drops the repeat)."""
        async with self.ordered_delivery(table_id), self._channel(table_id):
            table = await self.bot.service.get(table_id)
            owed = await outbox.read_owed(self.bot.store, table_id)
            if owed.seen >= table.version:
                return
            if table.state is None:
                await self._refresh_lobby(table)
                return
            if table.status == "ended":
                channel = await self.channel_of(table)
                for number, text in enumerate(chunk(owed.public)):
                    await channel.send(
                        text, allowed_mentions=NOBODY, nonce=nonce(table.id, owed.version, "say", number)
                    )
                await self._close(table)
                return
            shown = False
            board = table.board_message_id
            if board is not None and owed.public:
                logged = await self.bot.store.actions(table_id, since=owed.version - 1)  # seq == version
                committed = logged[0].at if logged else 0.0
                if await self._board_shows(table, board, owed.public, committed):
                    shown = True
                elif (posted := await self._posted_unrecorded(table, board, owed.public, committed)) is not None:
                    table, shown = posted, True
            if shown:
                owed.public = []
            await self._unanswered(owed)
            try:
                await self._publish(Delivery.of(table, [], None, set(), ()), owed, shown=shown)
            except discord.Forbidden as error:  # still not allowed: told once already (blocked.py)
                await self.blocked.report(table, error)
            except discord.HTTPException as error:
                log.warning("table %s: catching up failed (%s); trying again later", table_id, error)

    async def _board_shows(self, table: TableRecord, board: int, public: list[str], committed: float) -> bool:
        """`board`: the table's board message."""
        try:
            return shows(await (await self.channel_of(table)).fetch_message(board), public, committed)
        except discord.NotFound:
            return False

    async def _posted_unrecorded(
        self, table: TableRecord, board: int, public: list[str], committed: float
    ) -> TableRecord | None:
        """A board with these events that a press's webhook posted just before a crash (after `board`,
        the one recorded), which has no nonce to make a second post return it: the table with it as
        its board, if there is one."""
        channel = await self.channel_of(table)
        me = self.bot.user
        assert me is not None, "the catch-up runs once the bot is logged in"
        async for message in channel.history(after=discord.Object(board), limit=10):
            if message.author.id == me.id and shows(message, public, committed):
                await self.bot.store.set_board_message(table.id, message.id)
                self._boards[table.id] = (message.id, message.content)
                return await self.bot.service.get(table.id)
        return None

    async def _unanswered(self, owed: Owed, before: float | None = None) -> None:
        """Texts meant for the answer to a player's press that the answer does not show go to their
        DMs with the rest. With `before`, only presses made before then are looked at: this process
        answers its own presses before it delivers, but a press committed just before a crash may
        have had no answer, and the first delivery after the restart (a stand-in's move the clock
        plays at once) can come before the catch-up."""
        for user, (via, texts) in owed.acks.items():
            if before is not None and _pressed_at(via) > before:
                continue
            if not await self._answered(via, texts):
                owed.private.setdefault(user, [])[:0] = texts

    async def _answered(self, via: str | None, texts: list[str]) -> bool:
        """Whether a press's answer shows these texts: read from the interaction's own message while
        its token lives (15 minutes); after that, or if it cannot be read, they are sent again. Only
        Discord knows: a crash can come after the answer reached it and before the bot heard so."""
        hook = Hook.answering(via)
        if hook is None or time.time() - hook.made > ANSWER_LIVES:
            return False
        try:
            # discord.py types a message id as an int; ORIGINAL names the interaction's own in the URL
            answer = await hook.webhook(self.bot).fetch_message(ORIGINAL)  # type: ignore[arg-type]
        except discord.HTTPException:
            return False
        return shows_acknowledgement(answer.content, texts)

    async def catch_up_all(self) -> None:
        """`catch_up` for every table that owes anything; a table whose channel or server is gone
        is let go, one whose channel the bot may not post in (a permission taken away) stays owed."""
        for table_id in await outbox.tables_owed(self.bot.store, self.bot.service.ownership.where("guild_id")):
            try:
                await self.catch_up(table_id)
            except (discord.NotFound, discord.Forbidden) as error:
                table = await self.bot.service.get(table_id)
                if isinstance(error, discord.Forbidden) and self.bot.get_guild(table.guild_id or 0) is not None:
                    await self.blocked.report(table, error)
                    continue
                log.info("table %s: its channel cannot be reached; what it owed is dropped", table_id)
                await outbox.delivered(self.bot.store, table_id, table.version)
            except Exception:
                log.exception("table %s: catching up failed; trying again later", table_id)

    def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep(), name="catch-up")

    async def stop(self) -> None:
        if getattr(self, "_sweeper", None) is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.catch_up_all()
            except StorageFailed as error:  # the database is down: the store logged it; next round
                log.warning("catching up waits for the database (%s)", error)
            await asyncio.sleep(CATCH_UP_EVERY)
