"""CPU time by part of the bot, measured inside the bot's own process (bench.botproc).

Method: exclusive CPU accounting at the boundaries between parts, like a profiler that knows only
a few kinds of code. The entry points of each part are wrapped when their module is imported (an
import hook, so that `from .outbox import said` binds the wrapped function too):

- rules: every function of each Game in engine.GAMES (apply, legal_actions, view, label...) and
  engine.referee;
- service: bot.service (TableService); store: bot.store (Store) and bot.outbox, with the part of
  aiosqlite that runs on the loop; clock: bot.clock*; menus: bot.menu (the moves and their labels);
- pictures: bot.render (drawing and encoding, in worker threads; `position` on the loop).

On the event loop's thread a wrapper reads the thread's CPU clock (time.thread_time) only where
the part changes, and charges the interval to the innermost part: so a service method calling the
rules is charged service time for its own code and rules time for the rules'. A coroutine is
charged only for its steps (between awaits), not for what runs while it waits. Whatever is not in
a wrapped part is the Discord layer: discord.py, aiohttp, asyncio, the gate, cogs and publisher.
Other threads are counted whole from /proc (SQLite's thread and the checkpoint thread are store
time; worker threads are pictures, drawing and encoding told apart by the wrappers).

The wrappers cost CPU themselves: `calibrate` times one change of part, and the report gives
the estimated cost (changes x that time) beside the figures.
"""

from __future__ import annotations

import functools
import importlib.abc
import importlib.machinery
import inspect
import sys
import threading
import time
from collections import defaultdict

BASE = "discord"  # the loop's thread outside every wrapped part
# module -> part; a module's own functions and the methods of the classes it defines are wrapped
MODULES = {
    "engine.referee": "rules",
    "bot.tables.service": "service",
    "bot.store.base": "store",
    "bot.store.db": "store",
    "bot.store.sqlite": "store",
    "bot.store.outbox": "store",
    "bot.clock.scheduler": "clock",
    "bot.clock.players": "clock",
    "bot.clock.settings": "clock",
    "bot.tables.menu": "menus",
    "bot.render": "pictures",
}
RENDER_PREFIX = "bot.render."  # each game's render module: draw (a worker thread), position, text
GAME_FUNCTIONS = (
    "setup",
    "to_move",
    "legal_actions",
    "apply",
    "view",
    "outcome",
    "label",
    "stand_in",
    "default_action",
    "waiting_reason",
)

thread_time = time.thread_time
get_ident = threading.get_ident
_local = threading.local()  # per worker thread: CPU spent drawing so far


class Ledger:
    """The loop thread's CPU by part (exclusive seconds) and the pictures' CPU in worker threads."""

    def __init__(self) -> None:
        self.main = threading.main_thread().ident
        self.stack: list[str] = []
        self.mark = thread_time()
        self.spent: dict[str, float] = defaultdict(float)
        self.changes = 0  # part changes on the loop's thread (each read the CPU clock once)
        self.draw = self.encode = 0.0  # worker threads: PIL drawing, and render_picture less drawing
        self.pictures = 0
        self.hops = 0  # jobs handed to SQLite's thread (Store.run_job; jobs queued at once share a hop)

    def enter(self, part: str) -> None:
        top = self.stack[-1] if self.stack else BASE
        if top != part:
            now = thread_time()
            self.spent[top] += now - self.mark
            self.mark = now
            self.changes += 1
        self.stack.append(part)

    def leave(self) -> None:
        part = self.stack.pop()
        top = self.stack[-1] if self.stack else BASE
        if top != part:
            now = thread_time()
            self.spent[part] += now - self.mark
            self.mark = now
            self.changes += 1

    def snapshot(self) -> dict:
        """The totals so far (call on the loop's thread, outside every part)."""
        if not self.stack:
            now = thread_time()
            self.spent[BASE] += now - self.mark
            self.mark = now
        return {
            "loop_thread_s": dict(self.spent),
            "changes": self.changes,
            "draw_s": self.draw,
            "encode_s": self.encode,
            "pictures": self.pictures,
            "hops": self.hops,
        }


LEDGER = Ledger()


class _Steps:
    """Awaits a coroutine step by step, charging each step to `part`."""

    __slots__ = ("coro", "part")

    def __init__(self, coro, part: str) -> None:
        self.coro, self.part = coro, part

    def __await__(self):
        coro, part, ledger = self.coro, self.part, LEDGER
        value, error = None, None
        while True:
            ledger.enter(part)
            try:
                yielded = coro.send(value) if error is None else coro.throw(error)
            except StopIteration as done:
                return done.value
            finally:
                ledger.leave()
            value, error = None, None
            try:
                value = yield yielded
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as thrown:  # a cancellation goes on into the coroutine
                error = thrown


def wrapped(function, part: str):
    if (
        getattr(function, "__bench_part__", None)
        or inspect.isasyncgenfunction(function)
        or inspect.isgeneratorfunction(function)
    ):
        return function
    if inspect.iscoroutinefunction(function):

        @functools.wraps(function)
        async def steps(*args, **kwargs):
            if get_ident() != LEDGER.main:
                return await function(*args, **kwargs)
            return await _Steps(function(*args, **kwargs), part)

        steps.__bench_part__ = part
        return steps

    @functools.wraps(function)
    def call(*args, **kwargs):
        if get_ident() != LEDGER.main:
            return function(*args, **kwargs)
        LEDGER.enter(part)
        try:
            return function(*args, **kwargs)
        finally:
            LEDGER.leave()

    call.__bench_part__ = part
    return call


def count_hops(store_class) -> None:
    """Count the store's jobs for SQLite's thread (queries, jobs and transactions all go through
    `_on_thread`): alone, each costs the loop a wake-up, whatever it runs; queued at once, they
    share one (bot/store/jobs.py)."""

    def counting(original):
        @functools.wraps(original)
        async def counted(*args, **kwargs):
            LEDGER.hops += 1
            return await original(*args, **kwargs)

        return counted

    store_class._on_thread = counting(store_class._on_thread)


def wrap_module(module, part: str) -> None:
    if module.__name__ == "bot.store.sqlite":
        count_hops(module.Store)
    for name, value in list(vars(module).items()):
        if inspect.isfunction(value) and value.__module__ == module.__name__ and not name.startswith("__"):
            setattr(module, name, wrapped(value, part))
        elif inspect.isclass(value) and value.__module__ == module.__name__:
            wrap_class(value, part)


def wrap_class(cls, part: str) -> None:
    from enum import Enum

    from pydantic import BaseModel

    if issubclass(cls, (BaseModel, BaseException, Enum)):  # records, errors: data, not work
        return
    for name, value in list(vars(cls).items()):
        if name.startswith("__"):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            if inspect.isfunction(value.__func__):
                setattr(cls, name, type(value)(wrapped(value.__func__, part)))
        elif inspect.isfunction(value):
            setattr(cls, name, wrapped(value, part))


def wrap_render(module) -> None:
    """A game's render module: `draw` runs in a worker thread (timed whole, in that thread);
    anything else it offers runs on the loop (pictures, like the rest). The bot reaches `draw`
    through the module's Presentation (built when the module ran), so that is given the wrapper."""
    from dataclasses import replace

    from bot.render.presentation import Presentation

    draw = module.draw

    @functools.wraps(draw)
    def timed_draw(view):
        started = thread_time()
        try:
            return draw(view)
        finally:
            spent = thread_time() - started
            LEDGER.draw += spent
            _local.drawn = getattr(_local, "drawn", 0.0) + spent

    for name in ("position", "text"):
        if inspect.isfunction(getattr(module, name, None)):
            setattr(module, name, wrapped(getattr(module, name), "pictures"))
    module.draw = timed_draw
    for name, value in list(vars(module).items()):
        if isinstance(value, Presentation) and value.draw is draw:
            setattr(module, name, replace(value, draw=timed_draw))


def wrap_render_picture(render) -> None:
    original = render.render_picture

    @functools.wraps(original)
    def timed(game_key, view):
        started, drawn = thread_time(), getattr(_local, "drawn", 0.0)
        try:
            return original(game_key, view)
        finally:  # this thread's time less its drawing: the encoding (pictures may draw in several threads)
            LEDGER.encode += thread_time() - started - (getattr(_local, "drawn", 0.0) - drawn)
            LEDGER.pictures += 1

    render.render_picture = timed


def wrap_games() -> None:
    from engine import GAMES

    for game in GAMES.values():
        for name in GAME_FUNCTIONS:
            function = getattr(game, name, None)
            if callable(function):
                object.__setattr__(game, name, wrapped(function, "rules"))  # Game is a frozen dataclass


class _Hook(importlib.abc.MetaPathFinder):
    """Wraps a module right after it runs, before any other module imports names from it."""

    def find_spec(self, name, path, target=None):
        if name not in MODULES and not name.startswith(RENDER_PREFIX):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            if name == "bot.render":
                wrap_render_picture(module)
            elif name.startswith(RENDER_PREFIX):
                if hasattr(module, "draw"):
                    wrap_render(module)
            else:
                wrap_module(module, MODULES[name])

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    """Call before the bot is imported."""
    if any(name in sys.modules for name in MODULES):
        raise RuntimeError("bench.cpu_split.install() must run before the bot's modules are imported")
    sys.meta_path.insert(0, _Hook())
    wrap_games()


def calibrate(rounds: int = 20_000) -> float:
    """Seconds of CPU one change of part costs (a wrapped call into another part is two)."""
    probe = wrapped(lambda: None, "calibration")
    started = thread_time()
    for _ in range(rounds):
        probe()
    spent = thread_time() - started
    LEDGER.spent.pop("calibration", None)
    LEDGER.changes -= 2 * rounds
    return spent / (2 * rounds)
