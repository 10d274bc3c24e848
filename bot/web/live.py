"""The tables' pages kept up to date (docs/web.md, "Live updates"): Server-Sent Events at
/t/<token>/events. Each table that someone watches in this process has one watcher (`Watch`): it
hears the table's changes from the store (bot/store/changes.py; on PostgreSQL, other processes'
changes too), reads the table once a change, renders the page's <main> from the public side only
(bot/web/public.py, bot/web/page.py) and hands that one frame to every stream of the table. So
viewers cost no reads of their own, and a slow viewer is sent only the latest frame.

A stream is capped per remote address and in all; it gets a heartbeat comment every HEARTBEAT
seconds, and ends when the server stops (`Live.close`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from bot.store.changes import Changes
from bot.web.page import state_of

log = logging.getLogger(__name__)
HEARTBEAT = 15.0  # seconds between comments on a quiet stream (proxies close idle connections)
RETRY_MS = 3000  # how long a browser waits before it reconnects a stream that broke
PER_ADDRESS = 20  # streams open at once from one remote address (a browser holds about 6 per site)
TOTAL = 1000  # streams open at once in this process
OPENING = f"retry: {RETRY_MS}\n\n".encode()
PING = b": still here\n\n"


@dataclass(frozen=True)
class Frame:
    """A rendering of a table's <main>, as the event that carries it."""

    version: int
    state: str  # the event's id (bot/web/page.py state_of)
    event: bytes
    page: str  # the whole page around this <main>, for a page loaded meanwhile

    @classmethod
    def of(cls, version: int, main: str, page: str) -> "Frame":
        state = state_of(version, main)
        data = json.dumps({"version": version, "main": main}, ensure_ascii=False)  # one line: JSON has no raw newline
        return cls(version, state, f"id: {state}\nevent: table\ndata: {data}\n\n".encode(), page)


Render = Callable[[], Awaitable[Frame | None]]  # the table's frame now (None: no such table)


class Mailbox:
    """One stream's next frame: only the latest is kept."""

    def __init__(self) -> None:
        self.frame: Frame | None = None
        self.closed = False
        self._ready = asyncio.Event()

    def put(self, frame: Frame) -> None:
        self.frame = frame
        self._ready.set()

    def close(self) -> None:
        self.closed = True
        self._ready.set()

    async def take(self, timeout: float) -> Frame | None:
        """The next frame, or None when `timeout` passes first or the stream closes."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), timeout)
        self._ready.clear()
        frame, self.frame = self.frame, None
        return None if self.closed else frame


class Watch:
    """One table's watcher in this process, shared by its streams: it renders the table once a
    change and hands each new frame to every mailbox."""

    def __init__(self, render: Render) -> None:
        self._render = render
        self.frame: Frame | None = None  # the latest rendered
        self.mailboxes: set[Mailbox] = set()
        self._changed = asyncio.Event()
        self._changed.set()  # render once at the start
        self._rendered = asyncio.Event()
        self.task = asyncio.create_task(self._run(), name="web: watch a table")

    def heard(self, table_id: int) -> None:
        self._changed.set()

    async def current(self) -> Frame | None:
        """The table's frame (after the first rendering)."""
        await self._rendered.wait()
        return self.frame

    async def _run(self) -> None:
        while True:
            await self._changed.wait()
            self._changed.clear()  # a change heard while rendering renders again
            try:
                frame = await self._render()
            except Exception as error:  # the database: the table's next change tries again
                log.warning("web: a watched table could not be read (%s)", error)
                frame = self.frame
            if frame is not None and (self.frame is None or frame.state != self.frame.state):
                self.frame = frame
                for mailbox in self.mailboxes:
                    mailbox.put(frame)
            self._rendered.set()


class Live:
    """Every stream of this process: the caps, one watcher per watched table, and the stop."""

    def __init__(
        self, changes: Changes, per_address: int = PER_ADDRESS, total: int = TOTAL, heartbeat: float = HEARTBEAT
    ) -> None:
        self.changes = changes
        self.per_address, self.total, self.heartbeat = per_address, total, heartbeat
        self._watches: dict[int, tuple[Watch, Callable[[], None]]] = {}
        self._addresses: Counter[str] = Counter()
        self.closing = False

    @property
    def open(self) -> int:
        return self._addresses.total()

    def refusal(self, address: str) -> int | None:
        """The status that refuses a new stream from `address` (429: too many from it; 503: too many
        in all, or the server is stopping), or None to admit it."""
        if self._addresses[address] >= self.per_address:
            return 429
        if self.closing or self.open >= self.total:
            return 503
        return None

    def latest(self, table_id: int) -> Frame | None:
        """The watched table's latest frame (None if nobody here watches it): what a page loaded now
        shows, without reading the table again."""
        watch = self._watches.get(table_id)
        return watch[0].frame if watch is not None else None

    @contextlib.asynccontextmanager
    async def stream(self, table_id: int, address: str, render: Render) -> AsyncIterator[Watched]:
        """A stream of the table for `address` (admitted: `refusal` said None, with nothing awaited
        since), counted until the block ends."""
        self._addresses[address] += 1
        watch = self._watch(table_id, render)
        mailbox = Mailbox()
        watch.mailboxes.add(mailbox)
        try:
            yield Watched(watch, mailbox, self.heartbeat)
        finally:
            watch.mailboxes.discard(mailbox)
            self._addresses[address] -= 1
            if self._addresses[address] <= 0:
                del self._addresses[address]
            if not watch.mailboxes:
                self._unwatch(table_id)

    def _watch(self, table_id: int, render: Render) -> Watch:
        if table_id not in self._watches:
            watch = Watch(render)
            self._watches[table_id] = (watch, self.changes.watch(table_id, watch.heard))
        return self._watches[table_id][0]

    def _unwatch(self, table_id: int) -> None:
        watch, stop = self._watches.pop(table_id)
        stop()
        watch.task.cancel()

    async def close(self) -> None:
        """Every stream ends (the server is stopping), and so does every watcher."""
        self.closing = True
        tasks = [watch.task for watch, _ in self._watches.values()]
        for watch, _ in self._watches.values():
            for mailbox in watch.mailboxes:
                mailbox.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Watched:
    """One stream's view of its table's watcher: what to send, chunk by chunk."""

    def __init__(self, watch: Watch, mailbox: Mailbox, heartbeat: float) -> None:
        self.watch, self.mailbox, self.heartbeat = watch, mailbox, heartbeat

    async def chunks(self, since: str | None) -> AsyncIterator[bytes]:
        """The stream's bytes: the reconnection delay, the table now unless the viewer's page shows
        it already (`since`, the state it has), then each new frame, with a heartbeat comment when
        nothing comes for a while. Ends when the server stops."""
        yield OPENING
        sent = since
        frame = await self.watch.current()
        while not self.mailbox.closed:
            if frame is not None and frame.state != sent:
                sent = frame.state
                yield frame.event
            frame = await self.mailbox.take(self.heartbeat)
            if frame is None and not self.mailbox.closed:
                yield PING
