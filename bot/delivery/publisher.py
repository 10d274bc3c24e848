"""Delivery: what the channel and each player's DMs see after a table changes.

Public events go to the table's channel with the board (picture and buttons) and a ping for the
players the table newly waits on. Private texts go by DM; a DM that fails (closed DMs, 50007) is
remembered, and the channel gets a notice without the secret, pointing to the "My hand" button.
The table never waits on a failed DM.
"""
from __future__ import annotations

import asyncio
import io
import json
import logging
from collections import OrderedDict, defaultdict

import discord

from .. import render
from ..service import Update
from ..store import TableRecord
from ..text import WAITING_MARK, chunk, lobby_text, waiting_text
from .mentions import NOBODY, pinging
from .messages import moves_message, seat_message
from .summary import post_summary
from .views import board_view

log = logging.getLogger(__name__)
PICTURE_CACHE = 64  # rendered pictures kept, keyed by (table, version)
MAX_EVENT_MESSAGES = 4  # beyond this, events are summarised (a stand-in may play many moves at once)


class Publisher:
    def __init__(self, bot) -> None:  # the TableBot (bot/app.py), which builds this
        self.bot = bot
        self._pictures: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self._boards: dict[int, tuple[int, str]] = {}  # table -> (board message, its text), to edit it
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # see turn()
        self._dm_channels: dict[int, discord.DMChannel] = {}
        self._positions: dict[int, str | None] = {}  # table -> the position in its last picture
        self._calls: dict[int, frozenset[int]] = {}  # table -> whom its board waited on when posted

    async def channel_of(self, table: TableRecord) -> discord.abc.Messageable:
        channel = self.bot.get_channel(table.channel_id)
        return channel or await self.bot.fetch_channel(table.channel_id)

    async def picture(self, table: TableRecord) -> discord.File | None:
        """The public board as a PNG, drawn in a worker thread and cached per table version."""
        key = (table.id, table.version)
        png = self._pictures.get(key)
        if png is None:
            view = self.bot.service.menu(table, None).view
            try:
                png = await asyncio.to_thread(render.render_png, table.game, view)
            except Exception:  # a picture is a nicety; the text board still goes out
                log.exception("table %s: drawing the board failed", table.id)
                return None
            self._pictures[key] = png
            while len(self._pictures) > PICTURE_CACHE:
                self._pictures.popitem(last=False)
        return discord.File(io.BytesIO(png), filename=f"{table.game}-{table.id}-{table.version}.png")

    def turn(self, table_id: int) -> asyncio.Lock:
        """Hold it from the service call to the end of `publish`: the channel then tells the moves
        in the order they were played, even when players press their stones at the same moment."""
        return self._locks[table_id]

    async def publish(self, update: Update, was_waiting: list[int] | None = None, *, actor: int | None = None,
                      prompted: tuple[int, ...] = ()) -> None:
        """Post the public events and the new board; ping whoever the table now waits on, but the
        player who just acted. Players who face a new decision (`update.fresh`: newly waited on, or
        again after their own move, such as the speaker's own vote) get their moves by DM when
        several choose at once, but those in `prompted` (already shown their moves where they
        pressed). `was_waiting`: whom the table waited on before, if not the update's own record.

        While a simultaneous choice fills up (a player acted and the table now waits on fewer of the
        same players), the board message is edited in place instead: no new message, no ping."""
        table = update.table
        before = update.was_waiting if was_waiting is None else was_waiting
        waiting = self.bot.service.waiting_on(table)
        progress = (actor is not None and actor not in waiting and waiting and set(waiting) <= set(before)
                    and table.status == "running")
        newly = [user for user in waiting if user not in before or user in update.fresh]
        # The player who acted goes on, waited on with the very players the board was posted for (a
        # run, then another; a battle plan in several steps): the board is edited in place too, with
        # a new picture. A new call to act (a new turn, a new vote) gets a new board.
        going_on = (actor is not None and actor in waiting and set(waiting) == set(before)
                    and self._calls.get(table.id) == frozenset(waiting) and table.status == "running")
        edited = (going_on and await self._edit_board(update, with_picture=True)) or \
            (progress and await self._edit_board(update))
        if not edited:
            await self._post_board(update, waiting, [user for user in newly if user != actor])  # the actor knows
        await self.deliver_private(update, skip=())
        await self.prompt(table, [user for user in newly if len(waiting) > 1 and user not in prompted])
        if table.status == "finished":  # the result, what was hidden, and a Rematch button
            await post_summary(self.bot, table)

    async def _post_board(self, update: Update, waiting: list[int], newly: list[int]) -> None:
        table = update.table
        channel = await self.channel_of(table)
        texts = chunk(update.public)
        if len(texts) > MAX_EVENT_MESSAGES:
            skipped = len(texts) - MAX_EVENT_MESSAGES
            texts = texts[:1] + [f"… {skipped} more messages of play (see `/table status`) …"] + texts[-(MAX_EVENT_MESSAGES - 2):]
        for text in texts[:-1]:
            await channel.send(text, allowed_mentions=NOBODY)
        last = "\n".join(part for part in (texts[-1] if texts else "", await self.waiting_line(table, waiting)) if part)
        kwargs = {}
        if table.state is not None and self._moved(table):
            picture = await self.picture(table)
            if picture is not None:
                kwargs["file"] = picture
                self._positions[table.id] = self._position(table)
        content = last[:2000] or "The board:"
        message = await channel.send(
            content,
            view=board_view(table) or discord.utils.MISSING,
            allowed_mentions=pinging(newly),
            **kwargs,
        )
        self._boards[table.id] = (message.id, content)
        self._calls[table.id] = frozenset(waiting)
        await self.bot.store.set_board_message(table.id, message.id)

    def _position(self, table: TableRecord) -> str | None:
        """What the picture shows that matters, if the game's render module says (`position(view)`:
        e.g. the path and the Sun, not the question being voted on); None if it does not."""
        hook = getattr(render.module_for(table.game), "position", None)
        if hook is None:
            return None
        return json.dumps(hook(self.bot.service.menu(table, None).view), sort_keys=True, default=str)

    def _moved(self, table: TableRecord) -> bool:
        """Whether a new board needs a picture: always, unless the render module tells that the
        position is the one in the last picture (a call to vote on a question, say)."""
        position = self._position(table)
        return position is None or self._positions.get(table.id) != position

    async def waiting_line(self, table: TableRecord, waiting: list[int]) -> str:
        """The board's last line: whom the table waits on, with their deadlines if it has a clock."""
        clock = getattr(self.bot, "clock", None)
        return await clock.waiting_line(table, waiting) if clock is not None else waiting_text(table, waiting)

    async def _edit_board(self, update: Update, with_picture: bool = False) -> bool:
        """Add the events to the board message and renew its waiting line (and `with_picture`, its
        picture, if the position moved); False if that cannot be done (no board yet, deleted, or too
        long), and a new board is posted instead."""
        table = update.table
        if table.board_message_id is None:
            return False
        channel = await self.channel_of(table)
        board = channel.get_partial_message(table.board_message_id)
        try:
            known = self._boards.get(table.id)
            content = known[1] if known and known[0] == board.id else (await board.fetch()).content
            lines = content.split("\n")
            if lines and lines[-1].startswith(WAITING_MARK):
                lines.pop()
            lines += update.public + [await self.waiting_line(table, self.bot.service.waiting_on(table))]
            content = "\n".join(line for line in lines if line)
            if len(content) > 2000:
                return False
            kwargs = {}
            if with_picture and self._moved(table):
                picture = await self.picture(table)
                if picture is not None:
                    kwargs["attachments"] = [picture]
                    self._positions[table.id] = self._position(table)
            await board.edit(content=content, allowed_mentions=NOBODY, **kwargs)
        except discord.HTTPException:
            log.info("table %s: the board message could not be edited; posting a new one", table.id)
            return False
        self._boards[table.id] = (board.id, content)
        return True

    async def deliver_private(self, update: Update, skip: tuple[int, ...] = ()) -> None:
        for user_id, texts in update.private.items():
            if user_id in skip or not texts:
                continue
            await self.dm(update.table, user_id, "\n".join(texts))

    async def deal(self, table: TableRecord) -> None:
        """At the start, DM each player their own view: their seat, their hand."""
        for user_id in filter(None, table.seats):
            if await self.bot.store.dms_closed(user_id):  # a new game tries again: they may have opened them
                await self.bot.store.mark_dms_closed(user_id, False)
            await self.dm(table, user_id, seat_message(self.bot.service, table, user_id, "🎲 Your seat"))

    async def prompt(self, table: TableRecord, users: list[int]) -> None:
        """DM each user their moves for a simultaneous choice (a secret vote, a bid...)."""
        for user_id in users:
            content, view = moves_message(self.bot.service, table, user_id, intro=f"Your move at <#{table.channel_id}>:")
            await self.dm(table, user_id, content, view=view)

    async def dm(self, table: TableRecord, user_id: int, content: str, view: discord.ui.View | None = None) -> bool:
        if await self.bot.store.dms_closed(user_id):
            return False
        try:
            channel = self._dm_channels.get(user_id)
            if channel is None:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                channel = self._dm_channels[user_id] = await user.create_dm()
            await channel.send(content[:2000], view=view or discord.utils.MISSING, allowed_mentions=NOBODY)
            return True
        except discord.Forbidden:
            await self.bot.store.mark_dms_closed(user_id, True)
            channel = await self.channel_of(table)
            await channel.send(
                f"<@{user_id}>, I can't send you direct messages. Press **🎴 My hand & moves** on the board "
                "(or type `/hand`) to see your seat and play privately here.",
                allowed_mentions=pinging([user_id]),
            )
            return False
        except discord.HTTPException:
            log.warning("table %s: a DM to %s failed", table.id, user_id)
            return False

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
        if table.board_message_id is None:
            return
        content = await self.lobby_message(table)
        channel = await self.channel_of(table)
        try:
            await channel.get_partial_message(table.board_message_id).edit(
                content=content, view=board_view(table), allowed_mentions=NOBODY)
        except discord.HTTPException:
            log.info("table %s: the lobby message is gone", table.id)

    async def close_board(self, table: TableRecord) -> None:
        """A table that ended: its last board keeps its text and picture, but no buttons."""
        if table.board_message_id is None:
            return
        channel = await self.channel_of(table)
        try:
            await channel.get_partial_message(table.board_message_id).edit(view=None)
        except discord.HTTPException:
            log.info("table %s: the board message is gone", table.id)
