"""Where board pictures are drawn: in a process of their own, so that drawing and encoding (most of
a move's CPU) never hold the event loop's GIL, or, with no worker, in a thread of this process.
The worker process is started with `spawn` (the bot's own process has threads: a fork could copy a
held lock) and warmed up once, so the first board does not wait for its imports."""
from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger(__name__)


def _warm_up() -> None:
    from ..games import load

    load()  # import every game's drawing code once


class Painter:
    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        if self._workers:
            self._pool = ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"))
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
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
