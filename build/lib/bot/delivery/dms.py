"""Direct messages: each player's private texts, their seat's own view, and the moves of a
simultaneous choice. A DM that fails for closed DMs (50007) is remembered, and the channel gets a
notice without the secret, pointing to "My hand"; the table never waits on a failed DM.

Each DM carries a nonce made from what it delivers (table, version, purpose, player): sent again
after a crash, Discord drops the repeat instead of showing it twice.
"""
from __future__ import annotations

import logging

import discord

from ..outbox import nonce
from ..store import TableRecord
from .mentions import NOBODY, pinging
from .messages import moves_message, seat_message

log = logging.getLogger(__name__)


class DirectMessages:
    def __init__(self, bot) -> None:
        self.bot = bot
        self._channels: dict[int, discord.abc.Messageable] = {}
        self.failed = False  # a DM failed for a reason that may pass: what was owed stays owed

    async def deliver(self, table: TableRecord, private: dict[int, list[str]], openings: dict[int, str],
                      prompted: list[int]) -> None:
        """One DM per player (one request, not one per kind): their private texts; then their moves,
        for a simultaneous choice (a secret vote, a bid...), or else their seat's own view if they
        are owed it (at the start, or on taking a seat over: the moves show the seat too)."""
        service, where = self.bot.service, f"<#{table.channel_id}>"
        for user_id in dict.fromkeys([*private, *openings, *prompted]):
            texts, body, view = "\n".join(private.get(user_id, [])), "", None
            seated = user_id in table.seats and table.state is not None
            if user_id in prompted:
                opening = openings.get(user_id)
                body, view = moves_message(service, table, user_id,
                                           intro=f"{opening} at {where}. Your move:" if opening else f"Your move at {where}:")
            elif user_id in openings and seated:
                body = seat_message(service, table, user_id, openings[user_id])
            content = "\n".join(part for part in (texts, body) if part)
            if len(content) > 2000:  # both parts, in two messages
                await self.send(table, user_id, texts, key=(table.version, "texts"))
                content = body
            if content:
                await self.send(table, user_id, content, view=view, key=(table.version, "dm"))

    async def send(self, table: TableRecord, user_id: int, content: str, view: discord.ui.View | None = None,
                   key: tuple = ()) -> bool:
        if await self.bot.store.dms_closed(user_id):
            return False
        try:
            channel = await self._channel(user_id)
            await channel.send(content[:2000], view=view or discord.utils.MISSING, allowed_mentions=NOBODY,
                               nonce=nonce(table.id, user_id, *key) if key else None)
            return True
        except discord.Forbidden:
            await self.bot.store.mark_dms_closed(user_id, True)
            channel = await self.bot.publisher.channel_of(table)
            await channel.send(
                f"<@{user_id}>, I can't send you direct messages. Press **🎴 My hand & moves** on the board "
                "(or type `/hand`) to see your seat and play privately here.",
                allowed_mentions=pinging([user_id]), nonce=nonce(table.id, user_id, "closed", table.version))
            return False
        except discord.HTTPException:
            log.warning("table %s: a DM to %s failed; it will be sent again", table.id, user_id)
            self.failed = True
            return False

    async def _channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: known in memory, else remembered in the store (no request after a
        restart), else opened once (one request: no user look-up first) and remembered."""
        channel = self._channels.get(user_id)
        if channel is None:
            known = await self.bot.store.dm_channel(user_id)
            if known is not None:
                channel = self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
            else:
                channel = await self.bot.create_dm(discord.Object(user_id))
                await self.bot.store.set_dm_channel(user_id, channel.id)
            self._channels[user_id] = channel
        return channel

    async def reopen(self, table: TableRecord) -> None:
        """A new game tries DMs again for its players: they may have opened them."""
        for user_id in filter(None, table.seats):
            if await self.bot.store.dms_closed(user_id):
                await self.bot.store.mark_dms_closed(user_id, False)
