"""The whole-bot bench splits CPU time by part of the bot (bench/cpu_split.py): each part is charged
its own time only (a call into another part is that part's), and a coroutine only for its steps,
not for the time it waits."""

import asyncio
import time

import pytest

from bench import cpu_split
from bot.store.sqlite import Store


def spin(seconds: float) -> None:
    """Use `seconds` of this thread's CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


@pytest.fixture
def ledger(monkeypatch):
    fresh = cpu_split.Ledger()
    monkeypatch.setattr(cpu_split, "LEDGER", fresh)
    return fresh


def test_a_call_into_another_part_is_charged_to_that_part(ledger):
    rules = cpu_split.wrapped(lambda: spin(0.03), "rules")

    def act():
        spin(0.02)
        rules()
        spin(0.01)

    cpu_split.wrapped(act, "service")()
    spent = ledger.snapshot()["loop_thread_s"]
    assert spent["service"] == pytest.approx(0.03, abs=0.01)
    assert spent["rules"] == pytest.approx(0.03, abs=0.01)
    assert ledger.stack == []


async def test_a_coroutine_is_charged_for_its_steps_not_its_waits(ledger):
    async def save():
        spin(0.01)
        await asyncio.sleep(0.05)  # meanwhile the loop runs other work, charged elsewhere
        spin(0.01)

    wrapped = cpu_split.wrapped(save, "store")

    async def other():
        spin(0.02)

    await asyncio.gather(wrapped(), other())
    spent = ledger.snapshot()["loop_thread_s"]
    assert spent["store"] == pytest.approx(0.02, abs=0.01)
    assert spent[cpu_split.BASE] >= 0.02  # the other task's time, not the store's


async def test_an_error_or_a_cancellation_leaves_the_part(ledger):
    async def fails():
        await asyncio.sleep(0)
        raise ValueError("refused")

    with pytest.raises(ValueError):
        await cpu_split.wrapped(fails, "service")()
    task = asyncio.ensure_future(cpu_split.wrapped(asyncio.sleep, "clock")(10))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert ledger.stack == []


def test_a_picture_drawn_through_its_presentation_is_charged_as_drawing(ledger):
    """The bot draws through the render module's Presentation, built before the wrapping: drawing
    must still be told apart from encoding (it once showed 0 ms drawing)."""
    import types
    from dataclasses import replace

    from bot.games import plugin
    from bot.render.presentation import Presentation
    from tests.registry import every_game

    def draw(view):
        spin(0.03)
        return "picture"

    module = types.SimpleNamespace(draw=draw, PRESENTATION=replace(plugin(every_game()[0]).presentation, draw=draw))
    cpu_split.wrap_render(module)
    assert isinstance(module.PRESENTATION, Presentation)
    assert module.PRESENTATION.draw({}) == "picture"
    assert ledger.draw == pytest.approx(0.03, abs=0.01)


async def test_each_job_handed_to_sqlites_thread_is_counted_once(ledger, tmp_path):
    class Counted(Store):  # a subclass: the bot's own Store is left as it is
        pass

    cpu_split.count_hops(Counted)
    store = await Counted.open(tmp_path / "bot.sqlite3")
    try:
        await store.query("SELECT 1")
        await store.transaction([("INSERT INTO meta (key, value) VALUES ('k', 'v')", ())])  # a job of its own
        await store.get_table(1)  # a query inside
    finally:
        await store.close()
    assert ledger.snapshot()["hops"] == 3  # the query, the transaction, the read
