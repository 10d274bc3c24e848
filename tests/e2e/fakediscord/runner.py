"""Starting and stopping a discord.py client against the fake, the way production starts it:
`client.start(token)`, with only the REST base and the gateway URL pointing elsewhere."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Callable, Iterator

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import FakeDiscord


@contextlib.contextmanager
def restored_endpoints() -> Iterator[None]:
    """Put discord.py's REST base and gateway URL back as they were afterwards."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py at the fake (what the bot's own apply_endpoints does from its settings)."""
    with restored_endpoints():
        Route.BASE = fake.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        yield


class BotRunner:
    """Runs one client at a time, built by `factory`; `restart()` builds a fresh one (same settings,
    same SQLite file) like a process restart would."""

    def __init__(
        self,
        fake: FakeDiscord,
        factory: Callable[[], discord.Client],
        *,
        ready_timeout: float = 15.0,
        guild_ready_timeout: float = 0.05,
    ) -> None:
        self.fake, self.factory = fake, factory
        self.ready_timeout, self.guild_ready_timeout = ready_timeout, guild_ready_timeout
        self.client: discord.Client | None = None
        self._task: asyncio.Task | None = None
        self.starts = 0

    async def start(self) -> discord.Client:
        client = self.factory()
        # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE before on_ready; the
        # fake sends its only guild at once, so waiting that long would only slow every test down
        client._connection.guild_ready_timeout = self.guild_ready_timeout
        # and 5 s before every IDENTIFY but the first (Discord allows one per 5 s; the fake has no such
        # limit): a second shard, or a session that cannot resume, would cost each time
        client.before_identify_hook = identify_at_once
        self.client = client
        self.starts += 1
        self._task = asyncio.create_task(client.start(self.fake.token), name=f"e2e-bot-{self.starts}")
        task = self._task
        await self.fake.wait_until(
            lambda: client.is_ready() or task.done(), timeout=self.ready_timeout, what="the bot to be ready"
        )
        if task.done():
            task.result()  # raises what stopped the bot
            raise RuntimeError("the bot stopped before it was ready")
        await self.fake.settle()
        self.fake.raise_new_violations()
        return client

    async def stop(self) -> None:
        client, task = self.client, self._task
        self.client = self._task = None
        if client is None or task is None:
            return
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=10)
        await self.fake.wait_until(lambda: not self.fake.shards.current, timeout=5, what="the gateway to close")

    async def restart(self) -> discord.Client:
        await self.stop()
        return await self.start()


async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    return None
