"""The gateway: HELLO, IDENTIFY -> READY + a GUILD_CREATE per guild of the shard, heartbeats, RESUME,
member chunks, and dispatching events to the connected bot (on which shard: shards.py).

A session keeps its last dispatches: after a test's outage (faults.py) a RESUME with the session
id and sequence gets what the bot missed, in order, then RESUMED; an unknown session gets
INVALID_SESSION (d=false), and the bot IDENTIFYs anew.

Frames are sent as uncompressed text; discord.py asks for zlib-stream but only decompresses
binary frames, so text frames are read as they are.
"""

from __future__ import annotations

import json
import secrets
from collections import deque
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .faults import BotAway

if TYPE_CHECKING:
    from .server import FakeDiscord

HEARTBEAT_INTERVAL_MS = 41250
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
AUTHENTICATION_FAILED, INVALID_SHARD, DISALLOWED_INTENTS = 4004, 4010, 4014
INTENT_GUILDS, INTENT_MEMBERS, INTENT_GUILD_MESSAGES, INTENT_DIRECT_MESSAGES = 1, 1 << 1, 1 << 9, 1 << 12
BACKLOG = 1000  # dispatches a session keeps for a RESUME to replay


class GatewaySession:
    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.fake, self.ws = fake, ws
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.intents = 0
        self.identified = False
        self.shard_id, self.shard_count = 0, 1  # IDENTIFY's `shard`
        self.backlog: deque[dict] = deque(maxlen=BACKLOG)
        # a test's outage dropped the connection (faults.py): "queue" keeps dispatches for the RESUME
        # (and while it replays them, so that nothing overtakes them), "drop" loses them
        self.hold: str | None = None

    @property
    def closed(self) -> bool:
        """Nothing can be dispatched to it (a connection dropped by an outage still takes events)."""
        return self.ws.closed and self.hold is None

    async def send(self, op: int, d: Any = None, *, t: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == DISPATCH:
            if self.hold == "drop":
                return  # the session is gone: the bot learns the world again from its GUILD_CREATEs
            self.seq += 1
            frame["s"] = self.seq
            self.backlog.append(frame)
            if self.hold == "queue":
                return  # the RESUME sends it
        await self.ws.send_str(json.dumps(frame))

    async def dispatch(self, event: str, data: dict) -> None:
        if self.closed:
            raise ConnectionResetError(f"the bot's gateway connection is closed ({event} not sent)")
        if event == "INTERACTION_CREATE" and self.ws.closed:
            raise BotAway(
                "a user acted while the bot's gateway was down: Discord shows 'This interaction "
                "failed'; let users act once the bot is back"
            )
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
        shard = d.get("shard") or [0, 1]
        if not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            fake.violation("gateway", f"IDENTIFY with an invalid shard {shard!r}")
            await self.close(INVALID_SHARD)
            return
        self.shard_id, self.shard_count = shard
        self.intents = int(d.get("intents") or 0)
        self.identified = True
        fake.faults.gateway_log.append(("IDENTIFY", self.session_id))
        fake.shards.identified(self)
        guilds = fake.shards.guilds_on(self.shard_id)
        user = {**fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None}
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": user,
                "session_id": self.session_id,
                "session_type": "normal",
                "shard": shard,
                "resume_gateway_url": fake.gateway_url,
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "application": {"id": str(fake.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
                "guild_join_requests": [],
                "auth": {},
                "_trace": ["fake-discord"],
            },
        )
        if self.intents & INTENT_GUILDS:
            for guild in guilds:  # the bot is a member of every guild
                await self.dispatch("GUILD_CREATE", guild.payload(fake))

    async def resume(self, d: dict) -> None:
        fake = self.fake
        old = fake.shards.sessions.get(d.get("session_id", ""))
        seq = d.get("seq")
        first = old.backlog[0]["s"] if old is not None and old.backlog else None
        fake.faults.gateway_log.append(("RESUME", d.get("session_id"), seq))
        # resumable: a known session, and the bot's sequence is one the backlog can continue from
        if (
            old is None
            or d.get("token") != fake.token
            or not isinstance(seq, int)
            or seq > old.seq
            or first is not None
            and seq < first - 1
        ):
            fake.faults.gateway_log.append(("INVALID_SESSION", d.get("session_id")))
            await self.send(INVALID_SESSION, False)
            return
        self.session_id, self.seq, self.intents, self.identified = old.session_id, old.seq, old.intents, True
        self.shard_id, self.shard_count = old.shard_id, old.shard_count
        self.backlog, old.hold, self.hold = old.backlog, None, "queue"
        fake.shards.resumed(self)
        # what the bot missed, in order (events dispatched meanwhile join the queue), then RESUMED
        replayed = 0
        while seq + replayed < self.seq:
            frame = self.backlog[seq + replayed + 1 - self.backlog[0]["s"]]
            await self.ws.send_str(json.dumps(frame))
            replayed += 1
        self.hold = None
        fake.faults.gateway_log.append(("RESUMED", self.session_id, replayed))
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
        members = [u for u in guild.members if (not wanted or u.id in wanted) and u.name.lower().startswith(query)]
        limit = d.get("limit") or len(members)
        await self.dispatch(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": [m.member_payload(guild=guild) for m in members[:limit]],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": d.get("nonce"),
            },
        )


async def serve(fake: FakeDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    await fake.faults.reachable.wait()  # during a test's outage the bot's reconnection waits for HELLO
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
    fake.shards.gone(session)
    return ws
