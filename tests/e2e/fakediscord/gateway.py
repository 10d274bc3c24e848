"""The gateway: HELLO, IDENTIFY -> READY + a GUILD_CREATE per guild, heartbeats, RESUME, member chunks,
and dispatching events to the one connected bot.

Frames are sent as uncompressed text; discord.py asks for zlib-stream but only decompresses
binary frames, so text frames are read as they are.
"""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

HEARTBEAT_INTERVAL_MS = 41250
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
AUTHENTICATION_FAILED, DISALLOWED_INTENTS = 4004, 4014
INTENT_GUILDS, INTENT_MEMBERS, INTENT_GUILD_MESSAGES, INTENT_DIRECT_MESSAGES = 1, 1 << 1, 1 << 9, 1 << 12


class GatewaySession:
    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.fake, self.ws = fake, ws
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.intents = 0
        self.identified = False

    @property
    def closed(self) -> bool:
        return self.ws.closed

    async def send(self, op: int, d: Any = None, *, t: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == DISPATCH:
            self.seq += 1
            frame["s"] = self.seq
        await self.ws.send_str(json.dumps(frame))

    async def dispatch(self, event: str, data: dict) -> None:
        if self.ws.closed:
            raise ConnectionResetError(f"the bot's gateway connection is closed ({event} not sent)")
        await self.send(DISPATCH, data, t=event)

    async def close(self, code: int = 1000) -> None:
        if not self.ws.closed:
            await self.ws.close(code=code)

    async def identify(self, d: dict) -> None:
        fake = self.fake
        if d.get("token") != fake.token:
            fake.violation("gateway", "IDENTIFY with the wrong token")
            await self.close(AUTHENTICATION_FAILED)
            return
        self.intents = int(d.get("intents") or 0)
        self.identified = True
        fake._sessions[self.session_id] = self
        fake.gateway = self
        fake._announcements.clear()  # everything made so far is in the GUILD_CREATEs below
        user = {**fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None}
        await self.dispatch("READY", {
            "v": 10, "user": user, "session_id": self.session_id, "session_type": "normal",
            "resume_gateway_url": fake.gateway_url, "guilds": [{"id": str(g.id), "unavailable": True} for g in fake.guilds],
            "application": {"id": str(fake.application_id), "flags": 0}, "private_channels": [],
            "relationships": [], "presences": [], "user_settings": {}, "geo_ordered_rtc_regions": [],
            "guild_join_requests": [], "auth": {}, "_trace": ["fake-discord"],
        })
        if self.intents & INTENT_GUILDS:
            for guild in list(fake.guilds):  # the bot is a member of every guild
                await self.dispatch("GUILD_CREATE", guild.payload(fake))

    async def resume(self, d: dict) -> None:
        old = self.fake._sessions.get(d.get("session_id", ""))
        if old is None or d.get("token") != self.fake.token:
            await self.send(INVALID_SESSION, False)
            return
        self.session_id, self.seq, self.intents, self.identified = old.session_id, old.seq, old.intents, True
        self.fake._sessions[self.session_id] = self
        self.fake.gateway = self
        await self.dispatch("RESUMED", {"_trace": ["fake-discord"]})

    async def chunk_members(self, d: dict) -> None:
        fake = self.fake
        if not self.intents & INTENT_MEMBERS:
            fake.violation("gateway", "REQUEST_GUILD_MEMBERS without the GUILD_MEMBERS intent")
            return
        guild = fake.guild_of(d.get("guild_id") or 0)
        if guild is None:
            fake.violation("gateway", f"REQUEST_GUILD_MEMBERS for an unknown guild: {d}")
            return
        wanted = {int(u) for u in d.get("user_ids") or []}
        query = (d.get("query") or "").lower()
        members = [u for u in guild.members
                   if (not wanted or u.id in wanted) and u.name.lower().startswith(query)]
        limit = d.get("limit") or len(members)
        await self.dispatch("GUILD_MEMBERS_CHUNK", {
            "guild_id": str(guild.id), "members": [m.member_payload(guild=guild) for m in members[:limit]],
            "chunk_index": 0, "chunk_count": 1, "not_found": [], "nonce": d.get("nonce")})


async def serve(fake: FakeDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    session = GatewaySession(fake, ws)
    await session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake-discord"]})
    async for message in ws:
        if message.type is not WSMsgType.TEXT:
            continue
        frame = json.loads(message.data)
        op, d = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await session.send(HEARTBEAT_ACK)
            continue
        fake.touch()
        if op == IDENTIFY:
            await session.identify(d)
        elif op == RESUME:
            await session.resume(d)
        elif op == REQUEST_MEMBERS:
            await session.chunk_members(d)
        elif op == PRESENCE:
            pass
        else:
            fake.violation("gateway", f"unexpected gateway opcode {op}: {frame}")
    if fake.gateway is session:
        fake.gateway = None
    return ws
