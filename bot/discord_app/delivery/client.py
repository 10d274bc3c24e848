"""The bot as the delivery reaches it: discord.py's bot with the services TableBot.setup_hook makes
(bot/discord_app/app.py). The Publisher's parts (the DMs, the blocked-channel reports, the summary)
reach the Publisher back through the bot, and cannot import it, which imports them (tests/test_layers.py
forbids the cycle): they see it as a `Deliverer`, what they ask of it.
"""

from __future__ import annotations

from typing import Protocol, TypeAlias

import discord
from discord.ext import commands

from bot.clock.scheduler import Clock
from bot.discord_app.delivery.pictures import Pictures
from bot.store.base import TableStore
from bot.store.records import TableRecord
from bot.tables.service import TableService
from bot.tables.web_pages import WebPages
from bot.web.links import Links

# where a table can be: a server's text, voice or stage channel, or a thread (its table commands
# are guild-only, and /table new checks that the bot can post there)
TableChannel: TypeAlias = discord.TextChannel | discord.VoiceChannel | discord.StageChannel | discord.Thread


class DMChannels(Protocol):
    """The Publisher's DirectMessages, as a blocked-channel report reaches them."""

    async def channel(self, user_id: int) -> discord.abc.Messageable: ...


class Deliverer(Protocol):
    """The Publisher, as the parts it holds reach it."""

    @property
    def dms(self) -> DMChannels: ...

    async def channel_of(self, table: TableRecord) -> TableChannel: ...

    @property
    def pictures(self) -> Pictures: ...


class DeliveryClient(commands.AutoShardedBot):
    """What the delivery uses of the bot; TableBot sets these up (bot/discord_app/client.py: TableClient
    names the Publisher as what it is)."""

    store: TableStore
    service: TableService
    clock: Clock
    publisher: Deliverer
    web_links: Links | None = None  # the tables' web pages' links, when the web server is on (bot/web)
    web_pages: WebPages  # each server's switch for them (`/table web`)

    def watch_links(self, table: TableRecord) -> Links | None:
        """The links a board's Watch button takes (bot/web): none while the web server is off, or
        while the table's server has its pages turned off."""
        if self.web_links is None or not self.web_pages.shown(table.guild_id):
            return None
        return self.web_links
