"""The clock on Discord: its moves are published like any other, its notices go to the table's
channel and ping only the players it names."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

import discord

from bot.discord_app.client import TableClient
from bot.discord_app.delivery.mentions import pinging
from bot.store.records import TableRecord
from bot.tables.service import Update


class ChannelNotices:
    def __init__(self, bot: TableClient) -> None:
        self.bot = bot

    def ordered_delivery(self, table_id: int) -> AbstractAsyncContextManager[None]:
        return self.bot.publisher.ordered_delivery(table_id)

    async def ready(self) -> None:
        await self.bot.wait_until_ready()

    async def publish(self, update: Update, newly_asked: tuple[int, ...]) -> None:
        update.newly_asked |= set(newly_asked)  # the clock moved for them and they are waited on again
        await self.bot.publisher.publish(update)

    async def say(self, table: TableRecord, text: str, ping: list[int]) -> None:
        try:
            channel = await self.bot.publisher.channel_of(table)
            await channel.send(text[:2000], allowed_mentions=pinging(ping))
        except discord.Forbidden as error:  # a notice is not owed; its players hear why the channel is quiet
            await self.bot.publisher.blocked.report(table, error)
