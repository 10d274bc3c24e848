"""Delivery: what the channel and each player's DMs see after a table changes.

What a change tells is in the outbox (bot/store/outbox.py), written with the change itself; the publisher
delivers what a table owes: the public texts to the table's channel with the board (picture and
buttons) and a ping for the players the table newly waits on, the private texts, seats and
prompts by DM (bot/discord_app/delivery/dms.py), then marks it delivered. What a crash or a failed request
left owed is delivered by `catch_up` (bot/discord_app/delivery/catch_up.py), at start-up and every minute.
Channel messages carry nonces made from what they deliver, so a delivery made again is not shown
twice.

Two locks, one for each thing they guard: the TableService's `table_lock` guards a table's row
(read, change, save), and the publisher's `ordered_delivery` guards the order in which a table's
changes are told. A change is committed and acknowledged inside the table's `ordered_delivery`; its
delivery goes out when that block ends, one delivery at a time per table, and the changes committed while one is
going out are merged into the next (bot/discord_app/delivery/pending.py): under load a table makes one board
edit for several moves, its latest version, and every text of its log still arrives, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator

import discord

from bot.discord_app.delivery.blocked import Blocked
from bot.discord_app.delivery.board_messages import BoardMessages
from bot.discord_app.delivery.catch_up import CatchUp
from bot.discord_app.delivery.client import DeliveryClient, TableChannel
from bot.discord_app.delivery.components import board_components
from bot.discord_app.delivery.dms import DirectMessages
from bot.discord_app.delivery.hooks import Editors, Hook
from bot.discord_app.delivery.mentions import NOBODY, pinging
from bot.discord_app.delivery.pending import Delivery, merged
from bot.discord_app.delivery.pictures import Pictures
from bot.discord_app.delivery.summary import post_summary
from bot.render.painter import Painter
from bot.store import outbox
from bot.store.outbox import Owed, nonce
from bot.store.records import TableRecord
from bot.tables.service import Update
from bot.text import board_events, chunk, lobby_text, waiting_text

log = logging.getLogger(__name__)
MAX_EVENT_MESSAGES = 4  # beyond this, events are summarised (a stand-in may play many moves at once)


class Publisher(CatchUp):
    def __init__(
        self, bot: DeliveryClient, painter: Painter | None = None
    ) -> None:  # the TableBot (bot/discord_app/app.py) builds this
        self.bot = bot
        self.painter = painter or Painter(workers=0)
        self.pictures = Pictures(bot.service, self.painter)
        self._boards: dict[int, tuple[int, str]] = {}  # table -> (board message, its text), to edit it
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # see ordered_delivery()
        self._channels: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # see _channel()
        self._pending: dict[int, list[Delivery]] = {}  # table -> deliveries not yet begun, in order
        self.dms = DirectMessages(bot)
        self.blocked = Blocked(bot)  # a channel the bot may no longer post in: its players are told
        self._calls: dict[int, frozenset[int]] = {}  # table -> whom its board waited on when posted
        self.editors = Editors()  # table -> the interaction webhook its board can be edited through
        self.boards = BoardMessages(bot, self.editors, self.pictures)
        self.started = time.time()  # presses from before it were answered, or not, by another process
        self._stopping = False  # see drain()
        self._caught_up = asyncio.Event()  # clear while the catch-up delivers a table
        self._caught_up.set()

    async def catch_up(self, table_id: int) -> None:
        """As CatchUp's, but none begins once the bot is stopping: the next start's delivers it."""
        if self._stopping:
            return
        self._caught_up.clear()
        try:
            await super().catch_up(table_id)
        finally:
            self._caught_up.set()

    async def drain(self) -> None:
        """At shutdown (bot/discord_app/shutdown.py): the catch-up finishes the table it is on, begins no other
        and stops. The presses' own deliveries are their handlers' to finish."""
        self._stopping = True
        await self._caught_up.wait()
        await self.stop()

    async def lobby_posted(self, table_id: int, interaction: discord.Interaction) -> None:
        """A lobby posted as `interaction`'s response is the table's board: kept in the store, and
        edited through the interaction while its token lives."""
        message = await interaction.original_response()
        await self.bot.store.set_board_message(table_id, message.id)
        self.editors.original(table_id, message.id, interaction)

    async def channel_of(self, table: TableRecord) -> TableChannel:
        return await self.boards.channel_of(table)

    @contextlib.asynccontextmanager
    async def ordered_delivery(self, table_id: int) -> AsyncIterator[None]:
        """Hold it from the service call to its `publish`: the changes are told in the order they
        were made, even when players press at the same moment. What was published is delivered
        when the block ends (the caller waits for it), merged with what other blocks published
        meanwhile if the table's channel was still busy."""
        async with self._locks[table_id]:
            yield
        await self.deliver_pending(table_id)

    async def deliver_pending(self, table_id: int) -> None:
        """Deliver what the table still has pending, or wait for the delivery that took it."""
        async with self._channel(table_id):
            pass

    @contextlib.asynccontextmanager
    async def _channel(self, table_id: int) -> AsyncIterator[None]:
        """The table's channel to one task at a time, what was published before delivered first."""
        async with self._channels[table_id]:
            pending = self._pending.pop(table_id, None)
            if pending:
                delivery = merged(pending)
                try:
                    delivery.table = await self._with_its_board(delivery.table)
                    owed = await outbox.read_owed(self.bot.store, table_id, up_to=delivery.table.version)
                    await self._unanswered(owed, before=self.started)
                    await self._publish(delivery, owed)
                except discord.Forbidden as error:  # a permission taken away: owed until it is back
                    await self.blocked.report(delivery.table, error)
                except discord.HTTPException as error:
                    log.warning("table %s: delivering failed (%s); the catch-up will deliver it", table_id, error)
            yield

    async def _with_its_board(self, table: TableRecord) -> TableRecord:
        """The table as committed, with its board message as it is now: a delivery that went out
        after the change was committed may have posted a new board (no version tells that), and a
        move made meanwhile (its player offered it in the answer before that board was up) edits
        that board, not the one before it."""
        board = (await self.bot.service.get(table.id, cached=True)).board_message_id
        return table if board == table.board_message_id else table.model_copy(update={"board_message_id": board})

    async def publish(
        self,
        update: Update,
        was_waiting: list[int] | None = None,
        *,
        actor: int | None = None,
        prompted: tuple[int, ...] = (),
        via: Hook | None = None,
    ) -> None:
        """Deliver what the table owes after `update`: the public events with the new board, pinging
        whoever the table now waits on but the player who just acted; the private texts (not the
        actor's: the answer to their press showed them); the seats; and, to players who face a new decision
        (`update.newly_asked`: newly waited on, or again after their own move, such as the speaker's own
        vote), their moves by DM when several choose at once, but to those in `prompted` (shown
        their moves where they pressed). `was_waiting`: whom the table waited on before, if not the
        update's own record. `via`: the press that made the change, once its own answer is sent: a
        new board is its public follow-up (bot/discord_app/delivery/hooks.py). Call it inside the
        table's `ordered_delivery`: it goes out when that block ends.

        While a simultaneous choice fills up (a player acted and the table now waits on fewer of the
        same players), the board message is edited in place instead: no new message, no ping.

        A request Discord keeps refusing ends the delivery, never the move: what is owed stays in
        the outbox for the catch-up."""
        table_id = update.table.id
        self._pending.setdefault(table_id, []).append(
            Delivery.of(
                update.table,
                update.was_waiting if was_waiting is None else was_waiting,
                actor,
                update.newly_asked,
                prompted,
                via,
            )
        )
        assert self._locks[table_id].locked(), "publish inside the table's ordered_delivery, which delivers it"

    async def _publish(self, delivery: Delivery, owed: Owed, *, shown: bool = False) -> None:
        """`shown`: the table's board already shows the events (a crash cut off their delivery after
        the board's post or edit), and only its waiting line is renewed."""
        table, before, actor = delivery.table, delivery.before, delivery.actor
        waiting = self.bot.service.waiting_on(table)
        progress = (
            None not in delivery.actors
            and not delivery.actors & set(waiting)
            and waiting
            and set(waiting) <= set(before)
            and table.status == "running"
        )
        newly = [user for user in waiting if user not in before or user in delivery.newly_asked]
        # The player who acted goes on, waited on with the very players the board was posted for (a
        # run, then another; a battle plan in several steps): the board is edited in place too, with
        # a new picture. A new call to act (a new turn, a new vote) gets a new board.
        going_on = (
            actor is not None
            and actor in waiting
            and set(waiting) == set(before)
            and self._calls.get(table.id) == frozenset(waiting)
            and table.status == "running"
        )
        edited = (going_on and await self._edit_board(table, owed, with_picture=True)) or (
            (progress or shown) and await self._edit_board(table, owed)
        )
        if not edited:  # those who acted know
            await self._post_board(
                table, owed, waiting, [user for user in newly if user not in delivery.aware], delivery.via
            )
        await self._deliver(
            table, owed, newly=[user for user in newly if len(waiting) > 1 and user not in delivery.prompted]
        )

    async def _deliver(self, table: TableRecord, owed: Owed, newly: list[int]) -> None:
        """The private part of a delivery, the end of a game, and then: delivered."""
        dms = self.dms
        dms.failed = False
        await dms.deliver(table, owed.private, owed.seats, newly)
        if table.status == "finished":  # the result, what was hidden, and a Rematch button
            await post_summary(self.bot, table)
        if not dms.failed:
            await outbox.delivered(self.bot.store, table.id, table.version)

    async def _post_board(
        self, table: TableRecord, owed: Owed, waiting: list[int], newly: list[int], via: Hook | None = None
    ) -> None:
        texts = chunk(owed.public)
        if len(texts) > MAX_EVENT_MESSAGES:
            skipped = len(texts) - MAX_EVENT_MESSAGES
            texts = (
                texts[:1]
                + [f"… {skipped} more messages of play (see `/table log`) …"]
                + texts[-(MAX_EVENT_MESSAGES - 2) :]
            )
        if texts[:-1]:
            channel = await self.channel_of(table)
            for number, text in enumerate(texts[:-1]):
                await channel.send(text, allowed_mentions=NOBODY, nonce=nonce(table.id, owed.version, "say", number))
        last = "\n".join(part for part in (texts[-1] if texts else "", await self.waiting_line(table, waiting)) if part)
        drawn = table.state is not None and self.pictures.moved(table)
        message = await self.boards.post(
            table,
            last[:2000] or "The board:",
            board_components(table, self.bot.watch_links(table)),
            pinging(newly),
            picture=drawn,
            via=via,
            follow_up=len(texts) <= 1,
        )
        # what the message says: a post made again after a crash is answered with the message
        # Discord already had (same nonce), whose text a later edit must start from
        self._boards[table.id] = (message.id, message.content)
        self._calls[table.id] = frozenset(waiting)
        if drawn:  # only once it is posted: a refused post owes its picture still
            self.pictures.posted(table)
        await self.bot.store.set_board_message(table.id, message.id)

    async def waiting_line(self, table: TableRecord, waiting: list[int]) -> str:
        """The board's last line: whom the table waits on, with their deadlines if it has a clock."""
        clock = getattr(self.bot, "clock", None)
        return await clock.waiting_line(table, waiting) if clock is not None else waiting_text(table, waiting)

    async def refresh_waiting(self, table_id: int) -> None:
        """The board's waiting line, edited in place, after the deadlines or vacations changed."""
        async with self.ordered_delivery(table_id), self._channel(table_id):
            table = await self.bot.service.get(table_id)
            if table.status in ("running", "paused"):
                await self._edit_board(table, Owed(table_id))

    async def _edit_board(self, table: TableRecord, owed: Owed, with_picture: bool = False) -> bool:
        """Add the events to the board message and renew its waiting line (and `with_picture`, its
        picture, if the position moved); False if that cannot be done (no board yet, deleted, or too
        long), and a new board is posted instead."""
        if table.board_message_id is None:
            return False
        channel = await self.channel_of(table)
        board = channel.get_partial_message(table.board_message_id)
        try:
            known = self._boards.get(table.id)
            content = known[1] if known and known[0] == board.id else (await board.fetch()).content
            lines = board_events(content) + owed.public
            lines.append(await self.waiting_line(table, self.bot.service.waiting_on(table)))
            content = "\n".join(line for line in lines if line)
            if len(content) > 2000:
                return False
            drawn = with_picture and self.pictures.moved(table, drawn=True)
            await self.boards.edit(table, board.id, content=content, allowed_mentions=NOBODY, picture=drawn)
            if drawn:
                self.pictures.posted(table)
        except discord.HTTPException:
            log.info("table %s: the board message could not be edited; posting a new one", table.id)
            return False
        self._boards[table.id] = (board.id, content)
        return True

    async def lobby_message(self, table: TableRecord) -> str:
        """The lobby's text: who sits where (with their names in the game once it has begun) and,
        before the start, the table's pace."""
        game = self.bot.service.game_of(table)
        names = self.bot.service.menu(table, None).view.get("names") if table.state is not None else None
        clock = getattr(self.bot, "clock", None)
        pace = (await clock.settings(table.id)).pace if clock is not None and table.status == "lobby" else None
        return lobby_text(game, table, names, pace)

    async def refresh_lobby(self, table: TableRecord) -> None:
        """Edit the lobby message in place after someone joins or leaves, or the game begins."""
        async with self._channel(table.id):
            await self._refresh_lobby(table)

    async def _refresh_lobby(self, table: TableRecord) -> None:
        if table.status == "lobby" or table.status == "ended" and table.state is None:
            await outbox.delivered(self.bot.store, table.id, table.version)  # a lobby tells nothing more
        if table.board_message_id is None:
            return
        content = await self.lobby_message(table)
        try:
            await self.boards.edit(
                table, table.board_message_id, content=content, view=board_components(table), allowed_mentions=NOBODY
            )
        except discord.HTTPException:
            log.info("table %s: the lobby message is gone", table.id)

    async def close(self, table: TableRecord) -> None:
        """A table ended by a moderator (or its host in the lobby): its board loses its buttons, the
        summary tells what was hidden, and what it owed is done."""
        async with self._channel(table.id):
            try:
                await self._close(table)
            except discord.Forbidden as error:  # its summary stays owed: the catch-up posts it
                await self.blocked.report(table, error)

    async def _close(self, table: TableRecord) -> None:
        if table.state is None:
            await self._refresh_lobby(table)
            return
        await self._close_board(table)
        await self.dms.close_done_prompts(table, [], {})  # its DM prompts say so, without buttons
        await post_summary(self.bot, table)
        await outbox.delivered(self.bot.store, table.id, table.version)

    async def _close_board(self, table: TableRecord) -> None:
        """A table that ended: its last board keeps its text and picture, but no buttons."""
        if table.board_message_id is None:
            return
        try:
            await self.boards.edit(table, table.board_message_id, view=None, allowed_mentions=NOBODY)
        except discord.HTTPException:
            log.info("table %s: the board message is gone", table.id)
