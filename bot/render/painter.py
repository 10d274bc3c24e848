"""Where board pictures are drawn: in a process of their own, so that drawing and encoding (most of
a move's CPU) never hold the event loop's GIL, or, with no worker, in threads of this process. By
default a process where the bot may use more than one core, and threads where it has one: a
process there draws on the same core as the loop and only adds the cost of handing views and
pictures across, while the threads' hold of the GIL delays no answer measurably (docs/performance.md).
Either way the drawing is batch work to the scheduler (bot/priority.py): it never preempts the loop.
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
import signal
import threading
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait

from bot.priority import behind_the_loop
from bot.render.presentation import ViewData

log = logging.getLogger(__name__)
KEPT = 64  # pictures kept (`Painter.picture`), the latest used


def _end_with_parent() -> None:
    """In the worker: a daemon thread that ends the process as soon as the bot's process is gone.
    SIGINT is ignored (and no longer blocked: see `Painter.start`): a Ctrl-C reaches the whole
    process group, and the bot stops its worker itself once what is under way is done (`stop`,
    bot/discord_app/shutdown.py); SIGTERM is how `stop` ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    behind_the_loop()
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _warm_up() -> None:
    from bot.games import load

    load()  # import every game's drawing code once


def default_workers() -> int:
    """Picture processes when BOT_PICTURE_WORKERS is not set: one where this process may run on
    more than one core, none (threads) where it has one core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 1 if cores > 1 else 0


class Painter:
    def __init__(self, workers: int | None = 1) -> None:
        """`workers`: picture processes; 0 draws in threads; None, as `default_workers`."""
        self.workers = default_workers() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._kept: OrderedDict[Hashable, asyncio.Future[bytes]] = OrderedDict()

    def start(self) -> None:
        if self.workers:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_end_with_parent
            )
            # Each submit spawns a worker while there are fewer than `workers`: all of them now, with
            # SIGINT blocked, which they inherit, so a Ctrl-C cannot break their Python's start-up
            # (multiprocessing's resource tracker is spawned the same way)
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                for _ in range(self.workers):
                    self._pool.submit(_warm_up)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    async def picture(self, key: Hashable, game_key: str, view: ViewData) -> bytes:
        """`paint`, once per `key` (say the table, its version and the seat, None for the public
        board): the board posted in Discord and the table's web page share one drawing, even when
        both ask at once. A drawing that failed is not kept."""
        drawing = self._kept.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(self.paint(game_key, view))
            self._kept[key] = drawing
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        try:
            return await asyncio.shield(drawing)
        except Exception:
            if self._kept.get(key) is drawing:
                del self._kept[key]
            raise

    async def paint(self, game_key: str, view: ViewData) -> bytes:
        """The view's picture (see bot.render.render_picture)."""
        draw = importlib.import_module(__package__).render_picture  # looked up now: tests may stand in for it
        if self._pool is None:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(thread_name_prefix="picture", initializer=behind_the_loop)
            return await asyncio.get_running_loop().run_in_executor(self._threads, draw, game_key, view)
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
        if self._threads is not None:  # a picture being drawn ends on its own; none is begun
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
