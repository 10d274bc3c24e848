"""The project's fake Discord (tests/e2e/fakediscord), metered for the whole-bot bench.

Every request the bot sends is counted by kind (method and route template) for the table it is
about: the table's channel, the DM channel of one of its players, or an interaction of theirs (by
id or token). Interaction callbacks and the webhook routes on an interaction's token do not count
against Discord's global rate limit (50 requests a second a bot); every other route does.

Times (time.perf_counter, on the fake's side of the socket): when an interaction was sent down the
gateway, when its first callback arrived (the acknowledgement) and, for a move, when the first
request that makes or edits a public message in the table's channel arrived (the board that shows
it: the bot's own channel request, or a public follow-up or board edit through an interaction's
webhook, bot/discord_app/delivery/hooks.py).

`run_interaction` replaces the e2e tier's global "the bot is done" (no dispatch task in this
process, nothing anywhere for 50 ms: the bot runs in another process, and a hundred tables are
never all quiet) with one per table: acknowledged, the move shown, no request of the table in
flight and none for `quiet` seconds.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import time
from collections import Counter
from dataclasses import dataclass, field

from tests.e2e.fakediscord import FakeDiscord, FakeInteraction
from tests.e2e.fakediscord.rest import API_PREFIX
from tests.e2e.fakediscord.wire import find_route

# Set by a simulated player around the press that plays a move (not "My hand & moves", a group...)
MOVE: contextvars.ContextVar[bool] = contextvars.ContextVar("bench_move", default=False)
NOT_GLOBAL = ("/interactions/", "/webhooks/")  # interaction callbacks, followups and @original
CHANNEL_MESSAGES = ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}")
WEBHOOK_MESSAGES = (
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
)
ARRIVED: contextvars.ContextVar[float] = contextvars.ContextVar("bench_arrived", default=0.0)  # this request's
ACK_WAIT, RESULT_WAIT, QUIET_WAIT = 10.0, 20.0, 20.0


def counts_globally(template: str) -> bool:
    return not template.startswith(NOT_GLOBAL)


class NotAnswered(AssertionError):
    """The bot did not acknowledge, or did not show the move, in time."""


@dataclass
class Sent:
    """One interaction a simulated player sent."""

    move: bool
    sent: float
    acked: float | None = None
    shown: float | None = None


@dataclass
class Meter:
    """One table (one game in one channel): its requests by phase and kind, and whether the bot is
    still busy with it."""

    channel_id: int
    phase: str = "lobby"  # "lobby" until the first move is sent, then "play"
    requests: dict[str, Counter] = field(default_factory=lambda: {"lobby": Counter(), "play": Counter()})
    moves: int = 0
    inflight: int = 0
    last: float = 0.0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    showing: Sent | None = None  # the move waiting for its board


class MeteredDiscord(FakeDiscord):
    def __init__(self, quiet: float = 0.03) -> None:
        super().__init__()
        self.quiet = quiet
        self.meters: dict[int, Meter] = {}  # channel id (the table's, or a player's DM) -> meter
        self.meter_of_user: dict[int, Meter] = {}
        self.sent_at: dict[int, Sent] = {}  # interaction id -> its times
        self.acks: list[tuple[float, float, bool]] = []  # (sent, latency, a move?)
        self.shown: list[tuple[float, float]] = []  # (sent, latency) of moves
        self.all_requests: list[tuple[float, str, str]] = []  # (arrived, method, template), every request
        self.message_hooks.append(self._through_webhook)

    # --- tables --------------------------------------------------------------------------------

    def meter_table(self, channel, players) -> Meter:
        """A new game in `channel` for `players`: their requests count for it from now on."""
        meter = Meter(channel.id)
        self.meters[channel.id] = meter
        for user in players:
            self.meters[user.dm_channel.id] = meter
            self.meter_of_user[user.id] = meter
        return meter

    def _meter_for(self, params: dict) -> Meter | None:
        if "channel_id" in params:
            return self.meters.get(int(params["channel_id"]))
        inter = None
        if "interaction_id" in params:
            inter = self.interactions.get(int(params["interaction_id"]))
        elif "webhook_token" in params:
            inter = self.by_token.get(params["webhook_token"])
        return self.meters.get(inter.channel.id) if inter is not None else None

    async def _serve_rest(self, request):
        arrived = time.perf_counter()
        ARRIVED.set(arrived)
        path, method = request.path, request.method
        found = find_route(method, path[len(API_PREFIX) :]) if path.startswith(API_PREFIX + "/") else None
        meter = template = None
        if found is not None:
            template, params = found[0].template, found[1]
            self.all_requests.append((arrived, method, template))
            meter = self._meter_for(params)
            self._arrived(meter, method, template, params, arrived)
        if meter is not None:
            meter.inflight += 1
        try:
            response = await super()._serve_rest(request)
        finally:
            if meter is not None:
                meter.inflight -= 1
                meter.last = time.perf_counter()
                meter.changed.set()
        if template == "/users/@me/channels" and response.status == 200:
            # opening a DM: whose it is is in the body, which the fake must read itself, so it is
            # told from the answer (the DM channel, with its recipient)
            recipient = int(json.loads(response.body)["recipients"][0]["id"])
            meter = self.meter_of_user.get(recipient)
            if meter is not None:
                meter.requests[meter.phase][(method, template)] += 1
                meter.last = time.perf_counter()
        return response

    def _arrived(self, meter: Meter | None, method: str, template: str, params: dict, arrived: float) -> None:
        if template.endswith("/callback"):
            sent = self.sent_at.get(int(params["interaction_id"]))
            if sent is not None and sent.acked is None:
                sent.acked = arrived
                self.acks.append((sent.sent, arrived - sent.sent, sent.move))
        if meter is None:
            return
        dm = "channel_id" in params and int(params["channel_id"]) != meter.channel_id
        meter.requests[meter.phase][(method, template + " (DM)" if dm else template)] += 1
        showing = meter.showing
        if (
            showing is not None
            and method in ("POST", "PATCH")
            and template in CHANNEL_MESSAGES
            and int(params["channel_id"]) == meter.channel_id
        ):
            showing.shown = arrived
            self.shown.append((showing.sent, arrived - showing.sent))
            meter.showing = None

    async def _through_webhook(self, event) -> None:
        """A public message made or edited through an interaction's webhook shows the move, as a
        channel request does (the request's arrival is when; the body says whether it is public)."""
        meter = self.meters.get(event.channel.id)
        if (
            event.stage != "before"
            or meter is None
            or meter.showing is None
            or event.route not in WEBHOOK_MESSAGES
            or event.channel.id != meter.channel_id
            or not event.public
        ):
            return
        meter.showing.shown = ARRIVED.get()
        self.shown.append((meter.showing.sent, meter.showing.shown - meter.showing.sent))
        meter.showing = None

    # --- interactions --------------------------------------------------------------------------

    async def run_interaction(self, inter: FakeInteraction) -> FakeInteraction:
        self.interactions[inter.id] = inter
        self.by_token[inter.token] = inter
        meter = self.meters.get(inter.channel.id)
        move = MOVE.get()
        sent = Sent(move, time.perf_counter())
        self.sent_at[inter.id] = sent
        if meter is not None and move:
            meter.phase = "play"
            meter.showing = sent
        await self.dispatch("INTERACTION_CREATE", inter.payload())
        await self._until(
            meter,
            lambda: sent.acked is not None and inter.ack_type is not None,
            ACK_WAIT,
            f"{inter.what}: not acknowledged",
        )
        if move:
            await self._until(
                meter,
                lambda: sent.shown is not None or _refused(inter),
                RESULT_WAIT,
                f"{inter.what}: the move never reached the channel",
            )
            if meter is not None and meter.showing is sent:
                meter.showing = None
        await self._quiet(meter)
        self.raise_new_violations()
        return inter

    async def _until(self, meter: Meter | None, done, timeout: float, what: str) -> None:
        deadline = time.perf_counter() + timeout
        while not done():
            left = deadline - time.perf_counter()
            if left <= 0:
                raise NotAnswered(f"{what} within {timeout:g} s")
            if meter is None:
                await asyncio.sleep(0.002)
                continue
            meter.changed.clear()
            try:
                await asyncio.wait_for(meter.changed.wait(), min(left, 0.05))
            except asyncio.TimeoutError:
                pass

    async def _quiet(self, meter: Meter | None) -> None:
        """No request of the table in flight and none for `quiet` seconds."""
        if meter is None:
            await asyncio.sleep(self.quiet)
            return
        deadline = time.perf_counter() + QUIET_WAIT
        while time.perf_counter() < deadline:
            idle = time.perf_counter() - meter.last
            if meter.inflight == 0 and idle >= self.quiet:
                return
            await asyncio.sleep(self.quiet - idle if meter.inflight == 0 else 0.005)
        raise NotAnswered(f"the bot was still busy with the table after {QUIET_WAIT:g} s")


def _refused(inter: FakeInteraction) -> bool:
    return any(
        m.content.startswith("🚫") or m.content.startswith("⚠️")
        for m in [inter.response, *inter.followups]
        if m is not None
    )
