"""Where board pictures are drawn: in a process of their own, so that drawing and encoding (most of
a move's CPU) never hold the event loop's GIL, or, with no worker, in a thread of this process.
The worker process is started with `spawn` (the bot's own process has threads: a fork could copy a
held lock) and warmed up once, so the first board does not wait for its imports. It ends when the
bot's process ends, however that ends: a bot killed with SIGKILL cannot shut its pool down, and the
worker would otherwise wait for work forever (it holds its own end of the pool's queue)."""
from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait

log = logging.getLogger(__name__)


def _end_with_parent() -> None:
    """In the worker: a daemon thread that ends the process as soon as the bot's process is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _warm_up() -> None:
    from ..games import load

    load()  # import every game's drawing code once


class Painter:
    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        if self._workers:
            self._pool = ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_end_with_parent)
            self._pool.submit(_warm_up)

    async def paint(self, game_key: str, view: dict) -> bytes:
        """The view's picture (see bot.render.render_picture)."""
        draw = importlib.import_module(__package__).render_picture  # looked up now: tests may stand in for it
        if self._pool is None:
            return await asyncio.to_thread(draw, game_key, view)
        try:
            return await asyncio.wrap_future(self._pool.submit(draw, game_key, view))
        except BrokenProcessPool:  # the worker died (killed, out of memory): start a new one
            log.warning("the picture process died; starting a new one")
            self.stop()
            self.start()
            return await asyncio.wrap_future(self._pool.submit(draw, game_key, view))

    def stop(self) -> None:
        """End the worker now. A picture not yet drawn is not needed any more (what it was for is
        owed in the outbox and redrawn after a restart), and waiting for the worker to finish its
        warm-up could hold the bot's exit for seconds on a busy machine. Python 3.14 has
        `terminate_workers()` for this; before it, the pool's processes are only reachable by the
        private `_processes`."""
        if self._pool is not None:
            for worker in list((getattr(self._pool, "_processes", None) or {}).values()):
                worker.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
