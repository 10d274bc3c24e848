"""The bot's gateway sessions, one per shard, and which of them an event goes to.

As on Discord, a guild's events go on shard `(guild_id >> 22) % shard_count`, and what happens in
DMs (a press on a DM's button included) on shard 0. The bot learns how many shards to open from
GET /gateway/bot (`count`, the fake's recommendation) or is told, and each IDENTIFY says
`[shard_id, shard_count]`; a client that does not shard sends none, which is `[0, 1]`.

Changes to the world made while a bot is connected (a guild, a channel) are announced on their
guild's shard before the next event; a shard that IDENTIFYs later learns them from its GUILD_CREATEs.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Callable

from .gateway import INTENT_GUILDS

if TYPE_CHECKING:
    from .gateway import GatewaySession
    from .model import FakeGuild
    from .server import FakeDiscord


def shard_of(guild_id: int | str | None, shard_count: int) -> int:
    """The shard a guild's events go on; DMs (no guild) go on shard 0."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def guild_of_event(event: str, data: dict) -> str | None:
    return data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")


class Shards:
    def __init__(self, fake: FakeDiscord, count: int) -> None:
        if count < 1:
            raise ValueError(f"a bot has at least one shard, not {count}")
        self.fake = fake
        self.count = count  # what GET /gateway/bot recommends
        self.shard_count = count  # what the bot's latest IDENTIFY said
        self.current: dict[int, GatewaySession] = {}  # shard id -> the session serving it
        self.sessions: dict[str, GatewaySession] = {}  # every session by id, for a RESUME
        self._announcements: list[tuple[str, int, Callable[[], dict]]] = []  # (event, guild id, payload)

    def of(self, guild_id: int | str | None) -> int:
        return shard_of(guild_id, self.shard_count)

    def session_for(self, guild_id: int | str | None) -> GatewaySession | None:
        """The open session the guild's events (or, for None, the DMs') go to, if any."""
        session = self.current.get(self.of(guild_id))
        return None if session is None or session.closed else session

    def guilds_on(self, shard_id: int) -> list[FakeGuild]:
        return [guild for guild in self.fake.guilds if self.of(guild.id) == shard_id]

    # Sessions coming and going --------------------------------------------------------------------

    def identified(self, session: GatewaySession) -> None:
        """A new session serves its shard: one an outage dropped there is over, and what was to be
        announced on that shard is in the session's GUILD_CREATEs."""
        self.shard_count = session.shard_count
        old = self.current.get(session.shard_id)
        if old is not None and old is not session:
            old.hold = None
        self.sessions[session.session_id] = session
        self.current[session.shard_id] = session
        self._announcements = [a for a in self._announcements if self.of(a[1]) != session.shard_id]

    def resumed(self, session: GatewaySession) -> None:
        self.sessions[session.session_id] = session
        self.current[session.shard_id] = session

    def gone(self, session: GatewaySession) -> None:
        """Its connection ended (a session an outage holds waits for the bot's return)."""
        if self.current.get(session.shard_id) is session and session.hold is None:
            del self.current[session.shard_id]

    # Events ---------------------------------------------------------------------------------------

    def announce(self, event: str, guild_id: int, build: Callable[[], dict]) -> None:
        if self.session_for(guild_id) is not None:
            self._announcements.append((event, guild_id, build))

    def announcing(self, event: str, guild_id: int) -> bool:
        return any(e == event and g == guild_id for e, g, _ in self._announcements)

    async def announce_pending(self) -> None:
        while self._announcements:
            event, guild_id, build = self._announcements.pop(0)
            session = self.session_for(guild_id)
            if session is not None and session.intents & INTENT_GUILDS:
                with contextlib.suppress(ConnectionResetError):  # the bot is disconnecting
                    await session.dispatch(event, build())

    async def dispatch(self, event: str, data: dict) -> int:
        """Send the event on its shard, which must be connected; returns the shard's id."""
        await self.announce_pending()
        guild_id = guild_of_event(event, data)
        session = self.session_for(guild_id)
        if session is None:
            raise RuntimeError(
                f"no bot is connected to the fake gateway on shard {self.of(guild_id)} (dispatching {event})"
            )
        await session.dispatch(event, data)
        return session.shard_id

    async def dispatch_if_connected(self, event: str, data: dict, *, intent: int) -> None:
        await self.announce_pending()
        session = self.session_for(guild_of_event(event, data))
        if session is not None and session.intents & intent:
            with contextlib.suppress(ConnectionResetError):  # the bot is disconnecting: it misses the event
                await session.dispatch(event, data)
