"""Jobs for SQLite's thread, handed over together (`Jobs`).

aiosqlite runs each call on its connection's thread, one hop there and back per call: a queue,
the thread's wake-up, the GIL passed over twice and the event loop woken by a write to its pipe: a
cost of its own, beside the transaction's. Here the jobs queued
while none is waiting for the thread go over in one hop, and run there one after another, in the
order they were queued: under load, the moves of many tables share a hop, while each is still its
own transaction, committed or refused on its own.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Any, Callable

import aiosqlite

Work = Callable[[sqlite3.Connection], Any]  # run on the connection's thread (a job, as SqliteStore runs it)


class Jobs:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = threading.Lock()  # the queue is filled on the loop's thread and taken on SQLite's
        self._queued: list[tuple[asyncio.Future, Work]] = []
        self._hop_waiting = False  # a hop is on its way that will take what is queued
        self._hops: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks
        self._loop: asyncio.AbstractEventLoop | None = None  # the store's; asking for it costs a getpid()

    async def run(self, work: Work) -> Any:
        """`work(connection)` on SQLite's thread, after the jobs queued before it; its result, or
        what it raised."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        done = self._loop.create_future()
        with self._lock:
            self._queued.append((done, work))
            hop, self._hop_waiting = not self._hop_waiting, True
        if hop:
            task = asyncio.ensure_future(self._hop())
            self._hops.add(task)
            task.add_done_callback(self._hops.discard)
        return await done

    async def _hop(self) -> None:
        try:
            finished = await self._db._execute(self._run_queued)
        except BaseException as error:  # the connection is closed: nothing queued will run
            with self._lock:
                finished = [(done, error, False) for done, _ in self._queued]
                self._queued, self._hop_waiting = [], False
        for done, outcome, ok in finished:
            if done.done():  # its caller was cancelled; the job ran all the same, as with aiosqlite
                continue
            if ok:
                done.set_result(outcome)
            else:
                done.set_exception(outcome)

    def _run_queued(self) -> list[tuple[asyncio.Future, Any, bool]]:
        """On SQLite's thread: every job queued so far, in order."""
        with self._lock:
            jobs, self._queued, self._hop_waiting = self._queued, [], False
        finished = []
        for done, work in jobs:
            try:
                finished.append((done, work(self._db._conn), True))
            except BaseException as error:  # the job's own error, for its caller alone
                finished.append((done, error, False))
        return finished
