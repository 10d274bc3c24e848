"""The fake Discord: one aiohttp server on 127.0.0.1 serving REST (/api/v10), the gateway
(/gateway, one connection per shard: shards.py) and attachment downloads, plus the world it serves
(guilds, channels, users).

Whatever the bot does that real Discord would refuse is answered with Discord's refusal AND
recorded as a violation; a user action that caused one raises `DiscordRuleBroken`, and the
`fake_discord` fixture fails the test at teardown for any violation nobody saw. Use
`with fake.expecting(code): ...` where a refusal is the point of the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from aiohttp import web

from . import gateway, mentions, messaging, rest, wire
from .faults import Faults
from .interactions import FakeInteraction
from .mentions import MessageRequest
from .model import DM_CHANNEL, PUBLIC_THREAD, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser, Snowflakes
from .nonces import Nonces
from .perms import BOT_PERMISSIONS, MEMBER_PERMISSIONS, MODERATOR_PERMISSIONS, BotPermissions
from .shards import Shards

BUSY_TASK_PREFIXES = ("CommandTree-invoker", "discord-ui-", "discord.py: on_")


class DiscordRuleBroken(AssertionError):
    """The bot did something real Discord refuses (or leaves the user stuck)."""


@dataclass
class Violation:
    code: str
    message: str

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"


@dataclass
class Expectation:
    codes: set[str]
    seen: list[Violation] = field(default_factory=list)

    def matches(self, violation: Violation) -> bool:
        if violation.code in self.codes:
            return True
        # the bot logging the HTTPException it got for an expected refusal is part of that refusal
        return violation.code == "bot-error" and any(f"error code: {c}" in violation.message for c in self.codes)


class _ErrorLogCatcher(logging.Handler):
    """Anything logged at ERROR while the bot runs (an exception in a command, a view callback,
    a task) is a failure: discord.py swallows those exceptions and only logs them."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(logging.ERROR)
        self.fake = fake

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
        self.fake.violation("bot-error", f"logged by {record.name}: {text}")


class FakeDiscord(BotPermissions):
    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        ack_deadline: float = 3.0,
        guild_name: str = "Agora",
        channel_name: str = "general",
        bot_name: str = "Philosophers",
        settle_quiet: float = 0.05,
        settle_timeout: float = 15.0,
        shards: int = 1,
        guild_shard: int | None = None,
    ) -> None:
        """`shards`: how many shards GET /gateway/bot recommends; `guild_shard`: the shard the first
        guild (Agora) falls on, with that many shards."""
        self.token = token
        self.ack_deadline = ack_deadline
        self.settle_quiet, self.settle_timeout = settle_quiet, settle_timeout
        self.busy_task_prefixes: list[str] = list(BUSY_TASK_PREFIXES)
        # a bot in another process has no tasks here: whoever runs it says when it is busy (process.py)
        self.busy_probes: list[Callable[[], bool]] = []
        # called before and after each message is created or edited (messaging.py): delays, crashes
        self.message_hooks: list[Callable[[messaging.MessageEvent], Awaitable[None]]] = []
        self.ids = Snowflakes()
        self.test_id = ""
        self.users: list[FakeUser] = []
        self.bot_user = FakeUser(self, self.ids.next(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.guilds: list[FakeGuild] = []
        self.channels: dict[int, FakeChannel] = {}
        self.shards = Shards(self, shards)  # the bot's gateway sessions, and where each event goes
        self.faults = Faults(self)  # rate limits, 5xx and gateway outages a test scripts
        self.owner = FakeUser(self, self.ids.next(), "owner")
        self.users.append(self.owner)
        self.guild = self._new_guild(guild_name, self.owner, shard=guild_shard)
        self.moderator_role = self.guild.moderator_role
        self.channel = self.add_channel(channel_name)
        self.messages: dict[int, FakeMessage] = {}
        self.commands: dict[int | None, dict[str, dict]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self.interactions: dict[int, FakeInteraction] = {}
        self.by_token: dict[str, FakeInteraction] = {}
        self.refused_dms: list[tuple[FakeUser, dict]] = []
        self.missing_permissions: list[tuple[FakeChannel, str]] = []  # the bot's requests refused for them (perms.py)
        self.violations: list[Violation] = []
        self._reported = 0
        self._expectations: list[Expectation] = []
        self.requests: list[tuple[str, str]] = []
        self.sent_messages: list[MessageRequest] = []
        self.nonces = Nonces(self)  # creates that repeat a nonce are answered with the existing message
        self.clock_offset = 0.0  # see now()
        self._inflight = 0
        self._last_activity = 0.0
        self._runner: web.AppRunner | None = None
        self._log_catcher = _ErrorLogCatcher(self)
        self.http_base = self.api_base = self.gateway_url = ""

    # Lifecycle ----------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self._serve_gateway)
        app.router.add_route("GET", "/attachments/{channel}/{id}/{name}", self._serve_attachment)
        app.router.add_route("*", "/{tail:.*}", self._serve_rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.http_base = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.http_base}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        logging.getLogger().addHandler(self._log_catcher)
        return self

    async def close(self) -> None:
        logging.getLogger().removeHandler(self._log_catcher)
        for session in list(self.shards.sessions.values()):
            await session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _serve_gateway(self, request: web.Request) -> web.StreamResponse:
        return await gateway.serve(self, request)

    async def _serve_rest(self, request: web.Request) -> web.StreamResponse:
        return await rest.handle(self, request)

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        for message in self.messages.values():
            for attachment in message.attachments:
                if str(attachment.id) == request.match_info["id"]:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    # The world ----------------------------------------------------------------------------------

    def _new_guild(self, name: str, owner: FakeUser, shard: int | None) -> FakeGuild:
        guild_id = self.ids.next() if shard is None else self.ids.on_shard(shard, self.shards.count)
        guild = FakeGuild(guild_id, name, owner.id, FakeRole(guild_id, "@everyone", MEMBER_PERMISSIONS))
        guild.members += [self.bot_user, owner]
        owner.guild = owner.guild or guild
        self.guilds.append(guild)
        guild.moderator_role = self.add_role("Moderator", MODERATOR_PERMISSIONS, guild=guild)
        self.bot_user.roles.append(
            self.add_role(self.bot_user.name, BOT_PERMISSIONS, guild=guild)
        )  # its integration role
        return guild

    def add_guild(self, name: str, *, shard: int | None = None) -> FakeGuild:
        """Another guild the bot is a member of, with its own @everyone, Moderator role and owner;
        give it channels with add_channel(name, guild=...) and members with add_user(name, guild=...).
        A connected bot gets its GUILD_CREATE (with the channels made by then) before the next event.
        `shard`: the shard its events go on (with the recommended shard count), else wherever its id falls."""
        owner = FakeUser(self, self.ids.next(), f"{name.lower()}-owner")
        self.users.append(owner)
        guild = self._new_guild(name, owner, shard)
        self.shards.announce("GUILD_CREATE", guild.id, lambda: guild.payload(self))
        return guild

    def add_user(
        self,
        name: str,
        *,
        moderator: bool = False,
        roles: tuple[FakeRole, ...] = (),
        dms_open: bool = True,
        guild: FakeGuild | None = None,
    ) -> FakeUser:
        """A member of `guild` (the first guild by default), and of no other."""
        guild = guild or self.guild
        roles = (*roles, guild.moderator_role) if moderator else roles
        user = FakeUser(self, self.ids.next(), name, roles=roles, dms_open=dms_open, guild=guild)
        self.users.append(user)
        guild.members.append(user)
        return user

    def add_users(self, *names: str, guild: FakeGuild | None = None) -> list[FakeUser]:
        return [self.add_user(name, guild=guild) for name in names]

    def add_role(self, name: str, permissions: Any, *, guild: FakeGuild | None = None) -> FakeRole:
        guild = guild or self.guild
        role = FakeRole(self.ids.next(), name, permissions, position=len(guild.roles) + 1)
        guild.roles.append(role)
        return role

    def add_channel(
        self, name: str, *, thread_of: FakeChannel | None = None, guild: FakeGuild | None = None
    ) -> FakeChannel:
        """A text channel of `guild` (the first guild by default), or a thread of `thread_of`."""
        channel = self.make_channel(name, thread_of=thread_of, guild=guild)
        if not self.shards.announcing("GUILD_CREATE", channel.guild.id):
            if thread_of is None:
                self.shards.announce("CHANNEL_CREATE", channel.guild.id, channel.payload)
            else:
                self.shards.announce(
                    "THREAD_CREATE", channel.guild.id, lambda: {**channel.payload(), "newly_created": True}
                )
        return channel

    def make_channel(
        self, name: str, *, thread_of: FakeChannel | None = None, guild: FakeGuild | None = None
    ) -> FakeChannel:
        """A new channel, without telling the bot (the REST route that made it does)."""
        kind = PUBLIC_THREAD if thread_of is not None else 0
        guild = thread_of.guild if thread_of is not None else guild or self.guild
        channel = FakeChannel(self, self.ids.next(), name, kind, parent=thread_of, guild=guild)
        self.channels[channel.id] = channel
        guild.channels.append(channel)
        return channel

    def add_dm_channel(self, user: FakeUser) -> FakeChannel:
        channel = FakeChannel(self, self.ids.next(), f"dm-{user.name}", DM_CHANNEL, recipient=user)
        self.channels[channel.id] = channel
        return channel

    async def announce_pending(self) -> None:
        """Send the changes to the world made since the last event (add_* are not coroutines)."""
        await self.shards.announce_pending()

    def guild_of(self, guild_id: int | str) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == int(guild_id)), None)

    def user(self, user_id: int | str) -> FakeUser | None:
        return next((u for u in [self.bot_user, *self.users] if u.id == int(user_id)), None)

    def close_dms(self, user: FakeUser) -> None:
        """The user turns off DMs from server members: the bot's DMs to them fail with 50007."""
        user.dms_open = False

    def open_dms(self, user: FakeUser) -> None:
        user.dms_open = True

    def now(self) -> float:
        """The fake's clock, in seconds, for the rules that count time (how long a nonce holds)."""
        return time.monotonic() + self.clock_offset

    def advance_clock(self, seconds: float) -> None:
        self.clock_offset += seconds

    # Violations ---------------------------------------------------------------------------------

    def violation(self, code: str | int, message: str) -> None:
        found = Violation(str(code), f"{message} (during {self.test_id or 'the test'})")
        for expectation in self._expectations:
            if expectation.matches(found):
                expectation.seen.append(found)
                return
        self.violations.append(found)

    @contextlib.contextmanager
    def expecting(self, *codes: str | int):
        """The block must make Discord refuse with one of `codes` (e.g. 50035, 10062, "bot-error");
        those refusals then do not fail the test."""
        expectation = Expectation({str(c) for c in codes})
        self._expectations.append(expectation)
        try:
            yield expectation
        finally:
            self._expectations.remove(expectation)
        if not expectation.seen:
            raise AssertionError(f"expected Discord to refuse with {sorted(expectation.codes)}, it did not")

    def raise_new_violations(self) -> None:
        new = self.violations[self._reported :]
        self._reported = len(self.violations)
        if new:
            raise DiscordRuleBroken("Discord would refuse this:\n" + "\n".join(f"  {v}" for v in new))

    def assert_clean(self) -> None:
        for inter in self.interactions.values():
            if inter.lost:
                continue
            if inter.original is not None and inter.original.loading and not inter.original.deleted:
                self.violation(
                    "still-thinking",
                    f"{inter.what}: deferred, but the reply never came "
                    "(the user sees 'thinking...' until Discord gives up)",
                )
        self.raise_new_violations()

    # Gateway and waiting ------------------------------------------------------------------------

    @property
    def gateway(self) -> gateway.GatewaySession | None:
        """The session of shard 0 (the only one of a bot that does not shard), where DMs go."""
        return self.shards.current.get(0)

    def gateway_outage(self, *, resumable: bool = True, timeout: float = 5.0, shard: int = 0):
        """`async with fake.gateway_outage(): ...`: the bot's gateway (that shard's connection) is down
        in the block (faults.py)."""
        return self.faults.gateway_outage(resumable=resumable, timeout=timeout, shard=shard)

    async def drop_gateway(self, *, resumable: bool = True, timeout: float = 5.0, shard: int = 0) -> None:
        """Close the bot's gateway; it comes back with RESUME (or, not resumable, a new IDENTIFY)."""
        await self.faults.drop_gateway(resumable=resumable, timeout=timeout, shard=shard)

    def touch(self) -> None:
        self._last_activity = asyncio.get_running_loop().time()

    async def dispatch(self, event: str, data: dict) -> int:
        """Send the event on its shard (which must be connected); returns the shard's id."""
        shard = await self.shards.dispatch(event, data)
        self.touch()
        return shard

    async def dispatch_if_connected(self, event: str, data: dict, *, intent: int) -> None:
        await self.shards.dispatch_if_connected(event, data, intent=intent)

    def busy_tasks(self) -> list[asyncio.Task]:
        prefixes = tuple(self.busy_task_prefixes)
        return [t for t in asyncio.all_tasks() if not t.done() and t.get_name().startswith(prefixes)]

    def bot_busy(self) -> bool:
        return bool(self.busy_tasks()) or any(probe() for probe in self.busy_probes)

    async def settle(self) -> None:
        """Wait until the bot is done: no request in flight, no discord.py dispatch task running,
        and nothing happening for `settle_quiet` seconds."""
        await self.announce_pending()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settle_timeout
        while True:
            await asyncio.sleep(0.005)
            busy = self.busy_tasks()
            probed = any(probe() for probe in self.busy_probes)
            if (
                not busy
                and not probed
                and not self._inflight
                and loop.time() - self._last_activity >= self.settle_quiet
            ):
                return
            if loop.time() > deadline:
                raise TimeoutError(
                    f"the bot is still busy after {self.settle_timeout}s: "
                    f"{[t.get_name() for t in busy]}{', a busy probe' if probed else ''}, "
                    f"{self._inflight} requests in flight"
                )

    async def wait_until(self, predicate: Callable[[], Any], *, timeout: float = 5.0, what: str = "") -> Any:
        """Poll `predicate` until it returns something truthy (for things the bot does later)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (result := predicate()):
            if loop.time() > deadline:
                raise TimeoutError(f"waited {timeout}s for {what or predicate}")
            await asyncio.sleep(0.01)
        return result

    async def run_interaction(self, inter: FakeInteraction) -> FakeInteraction:
        """Send the interaction to the bot, hold it to Discord's acknowledgement deadline, wait
        until the bot is done, and raise if it broke a rule."""
        self.interactions[inter.id] = inter
        self.by_token[inter.token] = inter
        inter.shard = await self.dispatch("INTERACTION_CREATE", inter.payload())
        await self._await_acknowledgement(inter)
        await self.settle()
        self.raise_new_violations()
        return inter

    async def _await_acknowledgement(self, inter: FakeInteraction) -> None:
        loop = asyncio.get_running_loop()
        deadline = inter.created + self.ack_deadline
        while not inter.acked.is_set():
            now = loop.time()
            # a bot that went idle without answering will not answer: say so now, not in 3 s
            idle = not self._inflight and not self.bot_busy() and now - self._last_activity >= self.settle_quiet
            if inter.lost:  # its process died (a busy probe may have just found out)
                return
            if now >= deadline or idle:
                inter.expired = True
                why = "was never acknowledged" if idle else f"was not acknowledged within {self.ack_deadline:g} s"
                self.violation(10062, f"{inter.what} {why}: the user sees 'This interaction failed'")
                return
            await asyncio.sleep(0.005)

    # Lookups for the REST layer --------------------------------------------------------------------

    def store_message(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        if not message.forged:
            message.channel.all_messages.append(message)
        return message

    # Mention auditing ------------------------------------------------------------------------------

    def pings(self, body: dict) -> set[str]:
        """Who a message body would ping in a guild channel, by Discord's rules for its content and
        `allowed_mentions`: "everyone", "here", "role:<id>", "user:<id>" (see mentions.py)."""
        replied = None
        reference = body.get("message_reference") or {}
        if reference.get("message_id") is not None:
            found = self.messages.get(int(reference["message_id"]))
            replied = found.author.id if found is not None else None
        return mentions.pings(mentions.mentionable_text(body), body.get("allowed_mentions"), replied_user=replied)

    def message_requests(self) -> list[MessageRequest]:
        """Every request the bot sent that created or edited a message and that Discord accepted
        (channel messages, interaction callbacks with a message, followups, webhook edits), in order."""
        return list(self.sent_messages)

    def record_message_request(self, body: dict, message: FakeMessage) -> None:
        method, route = wire.current_route()
        self.sent_messages.append(MessageRequest(method, route, body, message, self.pings(body)))
