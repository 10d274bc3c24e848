"""Discord's bad moments, scripted by a test: rate limits (429), server errors (5xx) and gateway
outages. The bot must live through them without losing, repeating or leaving anything unanswered.

    fake.faults.next("POST /channels/{channel_id}/messages", status=429, retry_after=0.3, channel=fake.channel)
    fake.faults.next("PATCH /channels/{channel_id}/messages/{message_id}", status=500, times=5)
    async with fake.gateway_outage(resumable=True): ...   # events in here reach the bot after its RESUME
    await fake.drop_gateway(resumable=False)              # op 9 and a new IDENTIFY instead
    async with fake.gateway_outage(shard=1): ...          # one shard down; the others serve on

A faulted request is answered as Discord answers it and NOT applied (no message created or edited),
not recorded as a violation, nor among `fake.requests`, `message_requests()` or the contract check
(its retry is): it is in `fake.faults.hits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator

from aiohttp import web

from .wire import ROUTES, json_response

if TYPE_CHECKING:
    from .model import FakeChannel
    from .server import FakeDiscord

SCOPES = ("user", "global", "shared")
STATUSES = (429, 500, 502, 503, 504)
RESUMABLE_CLOSE, SESSION_TIMED_OUT = 4000, 4009  # "unknown error" (resume) and "session timed out" (start anew)
RATE_LIMIT = 5  # what X-RateLimit-Limit says; discord.py reads only Remaining and Reset-After
# Real 5xx answers: a JSON error from Discord's API for 500 and 503, an HTML page from the proxies
# in front of it for 502 and 504 (discord.py reads either: json_or_text).
_PAGE = "<html><head><title>{0}</title></head><body><center><h1>{0}</h1></center></body></html>"
SERVER_ERRORS = {
    500: ("application/json", json.dumps({"message": "500: Internal Server Error", "code": 0})),
    502: ("text/html", _PAGE.format("502 Bad Gateway")),
    503: ("application/json", json.dumps({"message": "503: Service Unavailable", "code": 0})),
    504: ("text/html", _PAGE.format("504 Gateway Time-out")),
}


class BotAway(RuntimeError):
    """A user acted while the bot's gateway was down. On Discord the interaction reaches the bot
    late if at all, past its 3 s, and the user sees "This interaction failed": a test makes users
    act only once the bot is back (after the `gateway_outage` block)."""


@dataclass
class Fault:
    """A planned answer for the next `times` requests to `method` `template` (in `channel` only, if given)."""

    method: str
    template: str
    status: int
    times: int
    retry_after: float
    scope: str
    channel_id: int | None
    left: int = 0

    def matches(self, method: str, template: str, params: dict[str, str]) -> bool:
        if self.left <= 0 or method != self.method or template != self.template:
            return False
        return self.channel_id is None or params.get("channel_id") == str(self.channel_id)


@dataclass
class FaultHit:
    """A request the fake answered with a fault instead of doing it."""

    method: str
    route: str
    path: str
    status: int
    scope: str | None
    retry_after: float | None
    channel_id: int | None
    body: Any
    at: float  # the event loop's clock

    @property
    def content(self) -> str:
        return (self.body.get("content") or "") if isinstance(self.body, dict) else ""


@dataclass
class Faults:
    fake: FakeDiscord
    planned: list[Fault] = field(default_factory=list)
    hits: list[FaultHit] = field(default_factory=list)
    # what the bot did at the gateway, in order: ("IDENTIFY", session) ("RESUME", session, seq)
    # ("RESUMED", session, events replayed) ("INVALID_SESSION", session or None)
    gateway_log: list[tuple] = field(default_factory=list)
    _reachable: asyncio.Event | None = None
    _outage: bool = False

    # REST -----------------------------------------------------------------------------------------

    def next(
        self,
        route: str,
        *,
        status: int = 429,
        times: int = 1,
        retry_after: float = 0.3,
        scope: str = "user",
        channel: FakeChannel | int | None = None,
    ) -> Fault:
        """Answer the next `times` requests to `route` ("POST /channels/{channel_id}/messages", the
        OpenAPI template the fake serves it under) with `status`: 429 with `retry_after` seconds and
        a `scope` (user: this route's bucket; global: every route; shared: the resource's limit),
        or 500/502/503/504. `channel`: only requests naming that channel (a user's `dm_channel` too)."""
        method, _, template = route.partition(" ")
        if not any(r.method == method and r.template == template for r in ROUTES):
            raise ValueError(
                f"the fake serves no route {route!r} (use the OpenAPI template, e.g. "
                "'POST /channels/{channel_id}/messages')"
            )
        if status not in STATUSES:
            raise ValueError(f"status {status} is not one of {STATUSES}")
        if scope not in SCOPES:
            raise ValueError(f"scope {scope!r} is not one of {SCOPES}")
        if channel is not None and "{channel_id}" not in template:
            raise ValueError(f"{route} names no channel")
        channel_id = getattr(channel, "id", channel)
        fault = Fault(method, template, status, times, retry_after, scope, channel_id, left=times)
        self.planned.append(fault)
        return fault

    def pending(self) -> list[Fault]:
        """Planned faults not used up yet."""
        return [f for f in self.planned if f.left > 0]

    def clear(self) -> None:
        self.planned.clear()

    def answer(self, method: str, template: str, params: dict[str, str], path: str, body: Any) -> web.Response | None:
        """rest.py asks before handling any request: the fault's answer, or None to handle it."""
        fault = next((f for f in self.planned if f.matches(method, template, params)), None)
        if fault is None:
            return None
        fault.left -= 1
        limited = fault.status == 429
        channel = params.get("channel_id")
        self.hits.append(
            FaultHit(
                method,
                template,
                path,
                fault.status,
                fault.scope if limited else None,
                fault.retry_after if limited else None,
                int(channel) if channel else None,
                body,
                asyncio.get_running_loop().time(),
            )
        )
        if limited:
            return self._rate_limited(fault)
        kind, text = SERVER_ERRORS[fault.status]
        return web.Response(body=text.encode(), status=fault.status, headers={"Content-Type": kind})

    @staticmethod
    def _rate_limited(fault: Fault) -> web.Response:
        """Discord's 429 (developers/topics/rate-limits): the body's retry_after is what clients use;
        Retry-After is whole seconds. discord.py takes a 429 without a Via header for a Cloudflare
        ban and gives up at once, so the header real answers carry is here too."""
        is_global = fault.scope == "global"
        response = json_response(
            {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": is_global,
                "code": 0,
            },
            status=429,
        )
        headers = {
            "Retry-After": str(max(1, math.ceil(fault.retry_after))),
            "X-RateLimit-Scope": fault.scope,
            "Via": "1.1 google",
        }
        if is_global:  # the global limit belongs to no route's bucket: Discord's example has no bucket headers
            headers["X-RateLimit-Global"] = "true"
        else:
            bucket = hashlib.blake2b(f"{fault.method} {fault.template}".encode(), digest_size=8).hexdigest()
            headers.update(
                {
                    "X-RateLimit-Limit": str(RATE_LIMIT),
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + fault.retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
                    "X-RateLimit-Bucket": bucket,
                }
            )
        response.headers.update(headers)
        return response

    # The gateway ----------------------------------------------------------------------------------

    @property
    def reachable(self) -> asyncio.Event:
        if self._reachable is None:
            self._reachable = asyncio.Event()
            self._reachable.set()
        return self._reachable

    @property
    def outage(self) -> bool:
        """Whether the bot's gateway is down by a test's doing."""
        return self._outage

    def count(self, op: str) -> int:
        return sum(1 for entry in self.gateway_log if entry[0] == op)

    @contextlib.asynccontextmanager
    async def gateway_outage(
        self, *, resumable: bool = True, timeout: float = 5.0, shard: int = 0
    ) -> AsyncIterator[None]:
        """Close the bot's gateway connection of `shard` and keep the gateway from answering until
        the block ends; then wait until the bot is back and done. Other shards' connections stay up.

        resumable: closed with 4000; events dispatched in the block (the bot's own messages, channels
        made...) are queued, and replayed in order when the bot RESUMEs with its session and sequence,
        before RESUMED. Not resumable: the session is gone (4009); the bot's RESUME is answered with
        INVALID_SESSION (op 9, d=false), it IDENTIFYs anew and learns the world from the GUILD_CREATEs;
        events of the block are lost, as on Discord. Users cannot act on that shard in the block
        (`BotAway`)."""
        fake = self.fake
        session = fake.shards.current.get(shard)
        if session is None or session.closed:
            raise RuntimeError(f"no bot is connected to the fake gateway on shard {shard}")
        seen = len(self.gateway_log)
        self.reachable.clear()  # the bot's reconnection waits for HELLO until the block ends
        self._outage = True
        try:
            session.hold = "queue" if resumable else "drop"
            if not resumable:
                fake.shards.sessions.pop(session.session_id, None)
            await session.close(RESUMABLE_CLOSE if resumable else SESSION_TIMED_OUT)
            yield
        finally:
            self._outage = False
            self.reachable.set()
        back = "RESUMED" if resumable else "IDENTIFY"

        def returned() -> bool:
            session = fake.shards.current.get(shard)
            return (
                any(entry[0] == back for entry in self.gateway_log[seen:])
                and session is not None
                and not session.closed
                and session.hold is None
            )

        await fake.wait_until(returned, timeout=timeout, what=f"the bot to come back on shard {shard} ({back})")
        await fake.settle()
        fake.raise_new_violations()

    async def drop_gateway(self, *, resumable: bool = True, timeout: float = 5.0, shard: int = 0) -> None:
        """Close the bot's gateway connection and let it come straight back (see gateway_outage)."""
        async with self.gateway_outage(resumable=resumable, timeout=timeout, shard=shard):
            pass


class _ScaledAsyncio:
    """discord.http's `asyncio`, with sleeps `scale` times as long (everything else is asyncio's)."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.slept: list[float] = []  # the waits discord.py chose (not its sleep(0) yields)

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        if delay:
            self.slept.append(delay)
        return await asyncio.sleep(delay * self.scale, result)


def quick_retries(monkeypatch, scale: float = 0.01) -> _ScaledAsyncio:
    """discord.py retries a 500/502/504 after 1, 3, 5, 7 and 9 seconds (25 s before it gives up):
    make its REST client's sleeps (429 waits too) `scale` times as long, for a bot running in the
    test's process. Only the timing changes; `.slept` lists the delays discord.py chose."""
    import discord.http

    scaled = _ScaledAsyncio(scale)
    monkeypatch.setattr(discord.http, "asyncio", scaled)
    return scaled
