"""The threads and the process that work for the event loop are batch work to the scheduler, so
that none of them preempts the loop when it wakes (bot/priority.py); the loop itself is not."""

from __future__ import annotations

import os
import threading

import pytest

from bot.priority import behind_the_loop
from bot.render import painter
from bot.render.painter import Painter
from bot.store.checkpoints import Checkpointer
from bot.store.sqlite import Store
from engine import Chance
from tests.registry import GAMES

pytestmark = pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="SCHED_BATCH is Linux's")


def policy(thread_id: int) -> int:
    return os.sched_getscheduler(thread_id)


def thread_named(prefix: str) -> threading.Thread:
    return next(thread for thread in threading.enumerate() if thread.name.startswith(prefix))


def test_behind_the_loop_changes_the_calling_thread_only():
    changed = []
    helper = threading.Thread(target=lambda: (behind_the_loop(), changed.append(policy(0))))
    helper.start()
    helper.join()
    assert changed == [os.SCHED_BATCH]
    assert policy(0) == os.SCHED_OTHER  # this thread, like the event loop's, is left as it was


async def test_sqlite_and_checkpoint_threads_are_batch_work(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        assert policy(store._db._thread.native_id) == os.SCHED_BATCH
        assert policy(0) == os.SCHED_OTHER
    finally:
        await store.close()
    checkpoints = Checkpointer(str(tmp_path / "bot.sqlite3"))
    try:
        checkpoints.start()
        checkpoints._running.result()
        assert policy(thread_named("sqlite-checkpoint").native_id) == os.SCHED_BATCH
    finally:
        checkpoints.close()


def a_public_view() -> tuple[str, dict]:
    key, game = next(iter(GAMES.items()))
    return key, game.view(game.setup(game.min_seats, game.Options(), Chance.seeded("priority")), None)


async def test_picture_threads_are_batch_work():
    drawing = Painter(workers=0)
    try:
        assert (await drawing.paint(*a_public_view())).startswith(b"\xff\xd8\xff")
        assert policy(thread_named("picture").native_id) == os.SCHED_BATCH
    finally:
        drawing.stop()


async def test_the_picture_process_is_batch_work():
    drawing = Painter(workers=1)
    drawing.start()
    try:
        await drawing.paint(*a_public_view())
        (worker,) = drawing._pool._processes.values()
        assert policy(worker.pid) == os.SCHED_BATCH
    finally:
        drawing.stop()


@pytest.mark.parametrize("cores, workers", [({0}, 0), ({0, 1}, 1), ({0, 1, 2, 3}, 1)])
def test_by_default_a_picture_process_only_where_the_bot_has_a_core_to_spare(monkeypatch, cores, workers):
    monkeypatch.setattr(painter.os, "sched_getaffinity", lambda pid: cores)
    assert Painter(workers=None).workers == workers
    assert Painter(workers=2).workers == 2  # a setting is kept as it is
