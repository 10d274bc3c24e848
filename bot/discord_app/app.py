"""The Discord bot: start-up, endpoints, cogs, persistent buttons and command sync."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.clock.scheduler import Clock
from bot.discord_app import health
from bot.discord_app.client import TableClient
from bot.discord_app.delivery.notices import ChannelNotices
from bot.discord_app.delivery.publisher import Publisher
from bot.discord_app.handovers import Handovers
from bot.discord_app.play import Play
from bot.discord_app.presses import Presses
from bot.discord_app.shutdown import Shutdown
from bot.render.painter import Painter
from bot.settings import Settings
from bot.store.errors import StorageFailed
from bot.store.opening import open_store
from bot.store.postgres import PostgresStore
from bot.tables.gate import Gate
from bot.tables.moderation import Moderation
from bot.tables.ownership import Ownership
from bot.tables.service import TableService
from bot.tables.takeback import TakeBacks
from bot.tables.web_pages import WebPages
from bot.web.links import Links
from bot.web.server import WebServer
from bot.web.starting import cannot_listen, web_secret

log = logging.getLogger("bot")


def apply_endpoints(settings: Settings) -> None:
    """Point discord.py at the configured REST base and gateway (a proxy, or a test's fake).
    discord.py has no public setting for either, so its class attributes are set, and only when a
    setting differs from Discord's own; tests/bot/test_discord_endpoints.py checks that discord.py
    still reads them (hence the pinned range in pyproject.toml)."""
    from bot.settings import DEFAULT_API_BASE, DEFAULT_GATEWAY

    if settings.discord_api_base != DEFAULT_API_BASE:
        discord.http.Route.BASE = settings.discord_api_base
    if settings.discord_gateway_url != DEFAULT_GATEWAY:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class TableTree(app_commands.CommandTree[TableClient]):
    async def interaction_check(self, interaction: discord.Interaction[TableClient]) -> bool:
        """No command is started once the bot is stopping (bot/discord_app/shutdown.py)."""
        return not await interaction.client.shutdown.turned_away(interaction)


class TableBot(TableClient):
    def __init__(self, settings: Settings) -> None:
        # Servers and their channels only: every game action is an interaction, which comes whatever
        # the intents, and the bot reads no message events (each of its own posts and edits would
        # come back as one to parse) nor keeps a cache of messages.
        intents = discord.Intents(guilds=True)
        # Nobody is pinged unless a message names them (bot/discord_app/delivery/mentions.py).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.bot_shard_count,
            max_messages=None,
            tree_cls=TableTree,
        )
        if settings.shard_ids is not None:  # some of the shards (discord.py's `shard_ids`, read at launch)
            self.shard_ids = sorted(settings.shard_ids)
        self.settings = settings
        # the tables this process serves: those of its shards' servers (all, by default)
        self.ownership = Ownership(settings.shard_ids, settings.bot_shard_count or 1)
        self.shutdown = Shutdown(settings.bot_shutdown_grace)
        self._closing: asyncio.Future[None] | None = None
        self.web: WebServer | None = None

    async def setup_hook(self) -> None:
        from cogs import setup_cogs

        self.store = await open_store(self.settings.database[1])
        self.service = TableService(self.store, ownership=self.ownership)
        self.gate = Gate(self.service)
        self.moderation = Moderation(self.service)
        self.takebacks = TakeBacks(self.service)
        await self.moderation.load()
        self.web_pages = WebPages(self.store)
        await self.web_pages.load()
        painter = Painter(self.settings.bot_picture_workers)
        painter.start()
        self.publisher = Publisher(self, painter)
        self.clock = Clock(self.service, ChannelNotices(self))
        play = Play(self.service, self.takebacks, self.moderation, self.clock, self.publisher)
        await setup_cogs(self, play, Presses(self.gate, play, self.moderation, self.shutdown))
        await self.sync_commands_if_changed()
        if not self.ownership.everything:  # other processes hold some shards: presses go between us
            assert isinstance(self.store, PostgresStore), (
                "BOT_SHARD_IDS without PostgreSQL (bot/settings.py refuses it)"
            )
            self.handovers = Handovers(self, self.store, self.ownership)
            self.handovers.install()
            self.handovers.start()
        self.clock.start()  # the one scheduler: deadlines and reminders, rebuilt from the database
        self.publisher.start()  # delivers what a crash or a failed request left owed
        await self.start_web(painter)

    async def start_web(self, painter: Painter) -> None:
        """The tables' web pages (bot/web, docs/web.md), when BOT_WEB_PORT is set; the boards then
        carry a Watch link to them. The links' secret is BOT_WEB_SECRET, or else the one kept beside
        the SQLite database (bot/web/starting.py)."""
        settings, base = self.settings, self.settings.web_base_url
        if base is None or settings.bot_web_port is None:
            return
        links = Links(web_secret(settings), base)
        self.web = WebServer(
            self.service, painter, links, settings.bot_web_host, settings.bot_web_port, switch=self.web_pages
        )
        try:
            await self.web.start()
        except OSError as error:
            await self.web.stop()
            raise cannot_listen(settings.bot_web_host, settings.bot_web_port, error) from None
        self.web_links = links

    async def stop_web(self) -> None:
        """No page is served any more, and no board gets a Watch link (the start of `close`)."""
        if self.web is not None:
            self.web_links = None
            await self.web.stop()

    async def sync_commands_if_changed(self, force: bool = False) -> None:
        """Discord allows 200 command creations a day per guild: sync only when the set changed."""
        guild = discord.Object(self.settings.bot_dev_guild) if self.settings.bot_dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        async with self.store.exclusively("sync slash commands"):  # by one process of several
            if force or await self.store.get_meta(key) != digest:
                await self.tree.sync(guild=guild)
                await self.store.set_meta(key, digest)
                log.info("slash commands synced (%s)", key)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers on %d shards", self.user, len(self.guilds), self.shard_count)
        if getattr(self, "_heart", None) is None:
            self._heart = asyncio.create_task(self._heartbeat(), name="heartbeat")

    async def _heartbeat(self) -> None:
        """For each shard connected to Discord, the database says so every HEARTBEAT seconds (bot/discord_app/health.py)."""
        while True:
            shards = health.connected_shards(self)
            if shards:
                try:
                    await health.beat(self.store, shards=shards, count=self.shard_count or 1)
                except StorageFailed as error:  # the database is down: the next beat tries again
                    log.warning("the heartbeat could not be written (%s)", error)
                except Exception:
                    log.warning("the heartbeat could not be written", exc_info=True)
            await asyncio.sleep(health.HEARTBEAT)

    async def close(self) -> None:
        """Stop (bot/discord_app/shutdown.py): no interaction is started any more, what is under way finishes
        within BOT_SHUTDOWN_GRACE, then the gateway, the picture workers and the database (its
        last checkpoint) close. Once, however many times it is called."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        self.shutdown.begin()
        if getattr(self, "_heart", None) is not None:
            self._heart.cancel()
        if getattr(self, "handovers", None) is not None:
            await self.handovers.stop()
        await self.stop_web()
        try:
            await self.shutdown.drain(getattr(self, "clock", None), getattr(self, "publisher", None))
            await super().close()
        finally:
            if hasattr(self, "publisher"):
                self.publisher.painter.stop()
            if hasattr(self, "store"):
                await self.store.close()
        log.info("stopped")


# A young generation of 20,000 (Python's default is 700): a smaller one pauses the service often
# at 1,000 tables, a larger one pauses the event loop long enough to stall it (docs/performance.md).
GC_THRESHOLDS = (20_000, 50, 1000)


def tune_gc() -> None:
    """Parsed table states make a large, long-lived heap; Python's default collector rescans it
    in full every few hundred allocations. Freeze what start-up made and collect the young
    generation less often."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def build_bot(settings: Settings) -> TableBot:
    apply_endpoints(settings)
    return TableBot(settings)


def run_bot(settings: Settings) -> int:
    """`python -m bot run`. A failure to start (a bad database, Discord unreachable, a refused
    token) exits 2 with one line on standard error; its details go to the log at DEBUG."""
    from bot.discord_app.startup import fail, run_failure
    from bot.logs import setup_logging

    setup_logging(settings)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:  # a Ctrl-C before the signal handlers were installed
        pass
    except Exception as error:
        line = run_failure(settings, error)
        if line is None:
            raise  # a bug: its traceback is the report
        log.debug("start-up failed: %s", line, exc_info=error)
        return fail(line)
    return 0


async def serve(settings: Settings) -> None:
    """Check the database first (before Discord is contacted), then log in and run until SIGTERM or
    SIGINT (bot/discord_app/shutdown.py). However it ends, the bot is closed: its HTTP session and its store's
    thread would otherwise outlive it."""
    from bot.discord_app.startup import check_database

    bot = build_bot(settings)  # contacts nobody yet
    with bot.shutdown.on_signals():
        await check_database(settings.database[1])
        tune_gc()
        async with bot:
            token = settings.discord_token
            assert token is not None, "`python -m bot run` refuses to start without a token (bot/__main__.py)"
            await bot.shutdown.run_until_stopped(bot, bot.start(token.get_secret_value()))
