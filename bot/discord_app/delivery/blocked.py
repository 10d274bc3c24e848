"""A table's channel the bot may no longer post in: a moderator took away a permission it needs
(bot/discord_app/permissions.py), and Discord answers 403 (50013 Missing Permissions, 50001 Missing Access).

Nothing is dropped: what the table owes stays in the outbox, the catch-up tries again every minute
(one request a table), and the table's players and host are told by DM what is missing, once for
each blockage: the report is remembered with the version the channel had seen, so the catch-up's
retries say nothing more, and a blockage after the table caught up is told again. Once the
permission is back, the catch-up delivers what was owed.
"""

from __future__ import annotations

import logging

import discord

from bot.discord_app import permissions
from bot.discord_app.delivery.client import DeliveryClient
from bot.discord_app.delivery.mentions import NOBODY
from bot.store import outbox
from bot.store.outbox import nonce
from bot.store.records import TableRecord

log = logging.getLogger(__name__)


class Blocked:
    def __init__(self, bot: DeliveryClient) -> None:  # the TableBot (bot/discord_app/app.py)
        self.bot = bot

    async def report(self, table: TableRecord, error: discord.Forbidden) -> None:
        """Discord refused a post in the table's channel: tell its people once. Never raises: the
        move that was being told is committed whatever happens here."""
        try:
            await self._report(table, error)
        except Exception:
            log.warning(
                "table %s: telling its players that its channel is closed to me failed", table.id, exc_info=True
            )

    async def _report(self, table: TableRecord, error: discord.Forbidden) -> None:
        store = self.bot.store
        missing = self.missing(table)
        mark = f"{await outbox.seen(store, table.id)}:{','.join(missing)}"
        key = f"blocked:{table.id}"
        if await store.get_meta(key) == mark:  # told already, and nothing was delivered since
            log.info("table %s: its channel is still closed to me (%s)", table.id, error)
            return
        log.warning("table %s: Discord refused a request in its channel (%s); it stays owed", table.id, error)
        await store.set_meta(key, mark)  # before the DMs: a DM that fails is not sent again and again
        text = permissions.cannot_post(table.channel_id, self.bot.service.game_of(table).title, missing)
        for user_id in dict.fromkeys([*filter(None, table.seats), table.host_id]):
            await self._tell(table, user_id, text, mark)

    def missing(self, table: TableRecord) -> list[str]:
        """What the bot lacks in the table's channel, as its cache of the server says; [] if it
        cannot tell (the channel or the server is not in the cache)."""
        channel = self.bot.get_channel(table.channel_id)
        if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)) or channel.guild.me is None:
            return []  # not cached, or not a server's (no server: nothing to tell)
        guild = channel.guild
        try:
            granted = channel.permissions_for(guild.me)
        except discord.ClientException:  # a thread whose parent is not cached
            return []
        return permissions.lacking(granted, thread=isinstance(channel, discord.Thread))

    async def _tell(self, table: TableRecord, user_id: int, text: str, mark: str) -> None:
        """A DM with no notice in the channel if it fails (the channel is what is closed)."""
        if await self.bot.store.dms_closed(user_id):
            return
        try:
            channel = await self.bot.publisher.dms.channel(user_id)
            await channel.send(text[:2000], allowed_mentions=NOBODY, nonce=nonce(table.id, user_id, "blocked", mark))
        except discord.HTTPException as error:
            log.info("table %s: %s could not be told that its channel is closed to me (%s)", table.id, user_id, error)
