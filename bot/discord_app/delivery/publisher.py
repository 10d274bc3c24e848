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
import io
import logging
import time
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot import render
from bot.discord_app.delivery.blocked import Blocked
from bot.discord_app.delivery.catch_up import CatchUp
from bot.discord_app.delivery.client import DeliveryClient, TableChannel
from bot.discord_app.delivery.components import board_components
from bot.discord_app.delivery.dms import DirectMessages
from bot.discord_app.delivery.hooks import Editors, Hook
from bot.discord_app.delivery.mentions import NOBODY, pinging
from bot.discord_app.delivery.pending import Delivery, merged
from bot.discord_app.delivery.summary import post_summary
from bot.games import plugin
from bot.render.painter import Painter
from bot.store import outbox
from bot.store.outbox import Owed, nonce
from bot.store.sqlite import TableRecord
from bot.tables.service import Update
from bot.text import board_events, chunk, lobby_text, waiting_text

log = logging.getLogger(__name__)
PICTURE_CACHE = 64  # rendered pictures kept, keyed by (table, version, seat or None for the public one)
MAX_EVENT_MESSAGES = 4  # beyond this, events are summarised (a stand-in may play many moves at once)


class Publisher(CatchUp):
    def __init__(
        self, bot: DeliveryClient, painter: Painter | None = None
    ) -> None:  # the TableBot (bot/discord_app/app.py) builds this
        self.bot = bot
        self.painter = painter or Painter(workers=0)
        self._pictures: OrderedDict[tuple[int, int, int | None], bytes] = OrderedDict()
        self._boards: dict[int, tuple[int, str]] = {}  # table -> (board message, its text), to edit it
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # see ordered_delivery()
        self._channels: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # see _channel()
        self._pending: dict[int, list[Delivery]] = {}  # table -> deliveries not yet begun, in order
        self.dms = DirectMessages(bot)
        self.blocked = Blocked(bot)  # a channel the bot may no longer post in: its players are told
        self._positions: dict[int, object] = {}  # table -> the position in its last picture
        self._calls: dict[int, frozenset[int]] = {}  # table -> whom its board waited on when posted
        self.editors = Editors()  # table -> the interaction webhook its board can be edited through
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
        channel = self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(table.channel_id)
        assert isinstance(channel, TableChannel), "a table is opened by a command in a channel one can post in"
        return channel

    async def picture(self, table: TableRecord) -> discord.File | None:
        """The public board as a picture, drawn off the event loop and cached per table version."""
        return await self._drawn(table, None)

    async def hand_picture(self, table: TableRecord, user_id: int) -> discord.File | None:
        """A player's own picture to go with their moves, if their game shows one now (a league's
        deployment before the battle's reveal; bot/render/presentation.py `hand_picture`)."""
        seat = self.bot.service.seat_of(table, user_id) if table.state is not None else None
        if seat is None or not plugin(table.game).hand_picture(self.bot.service.menu(table, seat).view):
            return None
        return await self._drawn(table, seat)

    async def _drawn(self, table: TableRecord, seat: int | None) -> discord.File | None:
        """The view of `seat` (None: the public one) as a picture, cached per table version."""
        key = (table.id, table.version, seat)
        png = self._pictures.get(key)
        if png is None:
            view = self.bot.service.menu(table, seat).view
            try:
                png = await self.painter.paint(table.game, view)
            except Exception:  # a picture is a nicety; the text still goes out
                log.exception("table %s: drawing a picture failed", table.id)
                return None
            self._pictures[key] = png
            while len(self._pictures) > PICTURE_CACHE:
                self._pictures.popitem(last=False)
        mine = "" if seat is None else f"-seat{seat + 1}"
        return discord.File(
            io.BytesIO(png), filename=f"{table.game}-{table.id}-{table.version}{mine}.{render.PICTURE_FORMAT}"
        )

    @contextlib.asynccontextmanager
    async def ordered_delivery(self, table_id: int) -> AsyncIterator[None]:
        """Hold it from the service call to its `publish`: the changes are told in the order they
        were made, even when players press at the same moment. What was published is delivered
        when the block ends (the caller waits for it), merged with what other blocks published
        meanwhile if the table's channel was still busy."""
        async with self._locks[table_id]:
            yield
        await self.settle(table_id)

    async def settle(self, table_id: int) -> None:
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
                    owed = await outbox.owed(self.bot.store, table_id, up_to=delivery.table.version)
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
        (`update.fresh`: newly waited on, or again after their own move, such as the speaker's own
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
                update.fresh,
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
        newly = [user for user in waiting if user not in before or user in delivery.fresh]
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
                table, owed, waiting, [user for user in newly if user not in delivery.knows], delivery.via
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
        drawn = table.state is not None and self._moved(table)
        message = await self._post(
            table,
            last[:2000] or "The board:",
            board_components(table),
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
            self._positions[table.id] = self._position(table, drawn=True)
        await self.bot.store.set_board_message(table.id, message.id)

    async def _post(
        self,
        table: TableRecord,
        content: str,
        components: discord.ui.View | None,
        mentions: discord.AllowedMentions,
        *,
        picture: bool,
        via: Hook | None,
        follow_up: bool,
    ) -> discord.Message:
        """A new board in the table's channel: a public follow-up, outside Discord's global rate
        limit, of the press `via` or else of the press that posted the last board, if one was made
        in the channel and its token lives; else the bot's own request, with a nonce. A follow-up
        has no nonce, and the catch-up finds it after a crash by its events, so only a board that
        tells them all (`follow_up`: not the last of several messages) is posted that way."""

        def sent(file: discord.File | None) -> dict[str, Any]:
            return {
                "view": components or discord.utils.MISSING,
                "allowed_mentions": mentions,
                **({"file": file} if file is not None else {}),
            }

        last = self.editors.of(table.id, table.board_message_id)
        via = next(
            (
                hook
                for hook in (via, last.hook if last is not None else None)
                if follow_up and hook is not None and hook.channel_id == table.channel_id and hook.lives()
            ),
            None,
        )
        if via is not None:
            try:
                file = await self.picture(table) if picture else None
                message = await via.webhook(self.bot).send(content, wait=True, **sent(file))
                self.editors.keep(table.id, message.id, via, message.id)
                return message
            except discord.HTTPException as error:
                log.info(
                    "table %s: posting through the press's webhook failed (%s); posting as the bot", table.id, error
                )
        file = await self.picture(table) if picture else None
        channel = await self.channel_of(table)
        return await channel.send(content, nonce=nonce(table.id, table.version, "board"), **sent(file))

    async def _edit(
        self,
        table: TableRecord,
        message_id: int,
        *,
        content: str = discord.utils.MISSING,
        view: discord.ui.View | None = discord.utils.MISSING,
        allowed_mentions: discord.AllowedMentions,
        picture: bool = False,
    ) -> None:
        """Edit one of the table's messages (its board or lobby): through the interaction webhook
        that can, while its token lives (bot/discord_app/delivery/hooks.py), else with the bot's own request.
        What is not given stays as it is. `picture`: the table's new picture replaces the message's."""

        async def attachments() -> list[discord.File]:
            """Drawn for each request: a file is used up by the one that sends it."""
            file = await self.picture(table) if picture else None
            return [file] if file is not None else discord.utils.MISSING

        editor = self.editors.of(table.id, message_id)
        if editor is not None:
            try:
                await editor.hook.webhook(self.bot).edit_message(
                    editor.target,  # type: ignore[arg-type]  # discord.py types an id as an int; ORIGINAL names one
                    content=content,
                    view=view,
                    allowed_mentions=allowed_mentions,
                    attachments=await attachments(),
                )
                return
            except discord.HTTPException as error:  # the token died early: the bot's own request then
                log.info("table %s: editing through a webhook failed (%s)", table.id, error)
                self.editors.forget(table.id)
        channel = await self.channel_of(table)
        await channel.get_partial_message(message_id).edit(
            content=content, view=view, allowed_mentions=allowed_mentions, attachments=await attachments()
        )

    def _position(self, table: TableRecord, *, drawn: bool = False) -> object | None:
        """What the picture shows that matters, if the game's presentation says (`position(view)`:
        e.g. the path and the Sun, not the question being voted on); with `drawn`, else the whole
        public view, which is all the picture is drawn from. Compared by value: views are made
        anew for each version and never changed (equality is cheaper than their JSON)."""
        view = self.bot.service.menu(table, None).view
        hook = plugin(table.game).presentation.position
        if hook is None and not drawn:
            return None
        return hook(view) if hook else view

    def _moved(self, table: TableRecord, *, drawn: bool = False) -> bool:
        """Whether a board needs a picture: unless the render module tells that the position is the
        one in the last picture (a call to vote on a question). With `drawn` (a board edited in
        place keeps its picture): unless nothing drawn changed, so it is not uploaded again."""
        position = self._position(table, drawn=drawn)
        return position is None or self._positions.get(table.id) != position

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
            drawn = with_picture and self._moved(table, drawn=True)
            await self._edit(table, board.id, content=content, allowed_mentions=NOBODY, picture=drawn)
            if drawn:
                self._positions[table.id] = self._position(table, drawn=True)
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
            await self._edit(
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
        await self.dms.settle(table, [], {})  # its DM prompts say so, without buttons
        await post_summary(self.bot, table)
        await outbox.delivered(self.bot.store, table.id, table.version)

    async def _close_board(self, table: TableRecord) -> None:
        """A table that ended: its last board keeps its text and picture, but no buttons."""
        if table.board_message_id is None:
            return
        try:
            await self._edit(table, table.board_message_id, view=None, allowed_mentions=NOBODY)
        except discord.HTTPException:
            log.info("table %s: the board message is gone", table.id)
