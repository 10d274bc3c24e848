"""Stopping (bot/discord_app/shutdown.py): what is under way finishes within the grace and what never finishes
is cut at it; no interaction is started once stopping; the catch-up finishes its table and begins no
other; the database's WAL is emptied at close; a Ctrl-C leaves the picture worker alone.
The real bot under SIGTERM and SIGINT: tests/e2e/test_shutdown_e2e.py."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from types import SimpleNamespace

import discord
import pytest

from bot.clock.scheduler import Clock
from bot.discord_app.answers import Answer
from bot.discord_app.delivery.catch_up import CatchUp
from bot.discord_app.delivery.publisher import Publisher
from bot.discord_app.shutdown import CUT_TOO, TURNED_AWAY, Shutdown
from bot.render.painter import Painter
from bot.settings import SettingsError, load_settings
from bot.store.sqlite import Store
from engine import Chance
from tests.registry import GAMES


def handler(name: str, seconds: float) -> asyncio.Task:
    """A task named as discord.py names an interaction's handler, at work for `seconds`."""
    return asyncio.create_task(asyncio.sleep(seconds), name=name)


async def drained(shutdown: Shutdown, clock=None, publisher=None) -> float:
    started = time.monotonic()
    await shutdown.drain(clock, publisher)
    return time.monotonic() - started


async def test_what_is_under_way_finishes_before_the_stop():
    press, command = handler("discord.py: on_interaction", 0.3), handler("CommandTree-invoker", 0.2)
    clock = SimpleNamespace(stopped=False)
    publisher = SimpleNamespace(drained=False)

    async def stop_clock() -> None:
        await asyncio.sleep(0.1)  # the turn it is on
        clock.stopped = True

    async def drain_publisher() -> None:
        publisher.drained = True

    clock.stop, publisher.drain = stop_clock, drain_publisher
    took = await drained(Shutdown(grace=5), clock, publisher)
    assert press.done() and not press.cancelled() and command.done() and not command.cancelled()
    assert clock.stopped and publisher.drained
    assert 0.25 <= took < 2, took


async def test_what_never_finishes_is_cut_at_the_grace():
    stuck, quick = handler("discord-ui-view-dispatch-1", 3600), handler("discord.py: on_interaction", 0.05)
    other = asyncio.create_task(asyncio.sleep(3600), name="not an interaction")
    shutdown = Shutdown(grace=0.3)
    took = await drained(shutdown)
    assert stuck.cancelled() and quick.done() and not quick.cancelled()
    assert not other.done(), "only what an interaction or the bot's own work runs is cut"
    other.cancel()
    assert shutdown.cut == 1
    assert 0.3 <= took < 2, took


async def test_a_second_signal_ends_the_wait():
    stuck = handler("CommandTree-invoker", 3600)
    shutdown = Shutdown(grace=60)
    shutdown.signalled("SIGTERM")
    asyncio.get_running_loop().call_later(0.1, shutdown.signalled, "SIGTERM")
    took = await drained(shutdown)
    assert stuck.cancelled() and took < 2, took


async def test_the_tasks_cut_at_the_grace_are_named_as_the_drain_looks_for_them():
    """The clock's turn and a slow answer's deferral are found by name (CUT_TOO) when the grace ends."""
    never = asyncio.Event()
    clock = Clock(SimpleNamespace(store=None, with_each_change=[]), SimpleNamespace(ready=never.wait))
    response = SimpleNamespace(is_done=lambda: True)
    answer = Answer(SimpleNamespace(response=response), in_place=True)
    clock.start()
    answer._defer_later()
    names = {task.get_name() for task in asyncio.all_tasks()}
    assert CUT_TOO <= names, CUT_TOO - names
    await clock.stop()
    await answer._deferral


async def test_no_interaction_is_started_once_stopping():
    answers = []

    async def send_message(text, **kwargs) -> None:
        answers.append(text)

    press = SimpleNamespace(type=discord.InteractionType.component, response=SimpleNamespace(send_message=send_message))
    shutdown = Shutdown(grace=1)
    assert not await shutdown.turned_away(press)
    shutdown.signalled("SIGTERM")
    assert await shutdown.turned_away(press)  # answered that nothing was done, while what is under way finishes
    await drained(shutdown)
    assert await shutdown.turned_away(press)  # the gateway is closing: not even answered
    assert answers == [TURNED_AWAY]


async def test_the_catch_up_finishes_its_table_and_begins_no_other(monkeypatch):
    caught_up = []

    async def catch_up(self, table_id: int) -> None:
        await asyncio.sleep(0.2)
        caught_up.append(table_id)

    monkeypatch.setattr(CatchUp, "catch_up", catch_up)
    publisher = Publisher(SimpleNamespace(service=None))
    under_way = asyncio.create_task(publisher.catch_up(1))
    await asyncio.sleep(0.05)
    await publisher.drain()
    assert under_way.done() and caught_up == [1]
    await publisher.catch_up(2)  # the next start's catch-up delivers it
    assert caught_up == [1]


async def test_the_wal_is_emptied_at_close_even_with_a_reader(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    reader = sqlite3.connect(path)  # a health check, a backup: the store's is not the last connection
    try:
        await store.set_meta("written", "x" * 50_000)
        reader.execute("SELECT count(*) FROM meta").fetchall()
        assert os.path.getsize(f"{path}-wal") > 0
        await store.close()
        assert os.path.getsize(f"{path}-wal") == 0
        assert reader.execute("SELECT length(value) FROM meta WHERE key = 'written'").fetchone() == (50_000,)
    finally:
        reader.close()


async def test_a_ctrl_c_leaves_the_picture_worker_alone():
    """A Ctrl-C in a terminal sends SIGINT to the whole process group: the worker must not die of it
    (the bot stops it when it is done), nor print a KeyboardInterrupt traceback into the log."""
    key, game = next(iter(GAMES.items()))
    view = game.view(game.setup(game.min_seats, game.Options(), Chance.seeded("shutdown")), None)
    painter = Painter(workers=1)
    painter.start()
    try:
        await painter.paint(key, view)
        (worker,) = painter._pool._processes.values()
        os.kill(worker.pid, signal.SIGINT)
        await asyncio.sleep(0.3)
        assert worker.is_alive()
        assert await painter.paint(key, view)
        assert list(painter._pool._processes.values()) == [worker]
    finally:
        painter.stop()


def test_the_grace_is_a_setting(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # away from any .env
    monkeypatch.delenv("BOT_SHUTDOWN_GRACE", raising=False)
    assert load_settings().bot_shutdown_grace == 8
    monkeypatch.setenv("BOT_SHUTDOWN_GRACE", "2.5")
    assert load_settings().bot_shutdown_grace == 2.5


@pytest.mark.parametrize("value", ["-1", "soon", "301"])
def test_a_bad_grace_is_one_line_naming_the_setting(tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOT_SHUTDOWN_GRACE", value)
    with pytest.raises(SettingsError) as refused:
        load_settings()
    line = str(refused.value)
    assert line.startswith("BOT_SHUTDOWN_GRACE: ") and "\n" not in line, line
