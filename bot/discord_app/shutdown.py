"""Stopping on SIGTERM or SIGINT (`docker stop`, Ctrl-C, a service manager) with nothing lost.

From the signal on, the bot begins nothing new: an interaction that arrives is answered that
nothing was done (TURNED_AWAY), so no press is acknowledged that is not committed, and the catch-up
begins no other table. What is under way (the presses being played, answered and delivered, the
clock's turn, the table the catch-up is on) has BOT_SHUTDOWN_GRACE seconds to finish; whatever
still runs then is cancelled. That loses nothing: a move is one SQLite transaction, committed whole
or not at all, and what a cut delivery still owed stays in the outbox for the catch-up at the next
start. Then TableBot.close closes the gateway, stops the picture workers and checkpoints the
database, and `run` exits 0. A second signal ends the wait at once.

The handlers are installed with `loop.add_signal_handler`: as process 1 (the Docker image's `run`),
a signal with no handler is ignored, and `docker stop` would wait 10 s and then kill the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Iterator
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

if TYPE_CHECKING:
    from bot.clock.scheduler import Clock
    from bot.discord_app.delivery.publisher import Publisher

log = logging.getLogger(__name__)
TURNED_AWAY = "🔄 The bot is restarting, so nothing was done. Try again in a minute."
SIGNALS = (signal.SIGTERM, signal.SIGINT)
# An interaction's handlers run in tasks that discord.py names: a listener's (the presses' router),
# a slash command's, a view's or a form's. What is under way is found by these names.
INTERACTION_TASKS = (
    "discord.py: on_interaction",
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
)
CUT_TOO = frozenset({"clock", "defer a slow answer"})  # the bot's own tasks, cancelled with them at the end
CUT_WAIT = 2.0  # seconds that the cancelled tasks get to unwind


def under_way() -> list[asyncio.Task[Any]]:
    """The tasks of the interactions being handled now."""
    current = asyncio.current_task()
    return [
        task for task in asyncio.all_tasks() if task is not current and task.get_name().startswith(INTERACTION_TASKS)
    ]


class Shutdown:
    def __init__(self, grace: float) -> None:
        self.grace = grace
        self.requested = asyncio.Event()
        self._hurry = asyncio.Event()  # a second signal: cut now
        self._answering = True  # interactions turned away are answered until the drain ends
        self.cut = 0  # tasks still running when the grace ended

    @property
    def stopping(self) -> bool:
        return self.requested.is_set()

    def begin(self) -> None:
        """From now on no interaction is started."""
        self.requested.set()

    def signalled(self, name: str) -> None:
        if self._hurry.is_set():
            return
        if self.stopping:
            log.info("%s again: stopping now", name)
            self._hurry.set()
            return
        log.info("%s: stopping; what is under way has %g s to finish", name, self.grace)
        self.begin()

    @contextlib.contextmanager
    def on_signals(self) -> Iterator[None]:
        """SIGTERM and SIGINT stop the bot (SIGINT no longer raises KeyboardInterrupt) in the block."""
        loop = asyncio.get_running_loop()
        for number in SIGNALS:
            loop.add_signal_handler(number, self.signalled, number.name)
        try:
            yield
        finally:
            for number in SIGNALS:
                loop.remove_signal_handler(number)

    async def turned_away(self, interaction: discord.Interaction) -> bool:
        """Whether `interaction` came once the bot is stopping; then nothing is started for it, and
        while what is under way finishes it is answered that nothing was done (afterwards the
        gateway is closing: not even that). Asked first by every interaction's handler: the command
        tree's `interaction_check` (commands, autocomplete) and the presses' router."""
        if not self.stopping:
            return False
        if self._answering:
            try:
                if interaction.type is discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])
                else:
                    await interaction.response.send_message(TURNED_AWAY, ephemeral=True)
            except (discord.HTTPException, aiohttp.ClientError) as error:  # the connection may be closing too
                log.info("an interaction could not be turned away (%r)", error)
        return True

    async def drain(self, clock: Clock | None, publisher: Publisher | None) -> None:
        """Let what is under way finish, for `grace` seconds at most (or until a second signal);
        then cancel what is left. Afterwards interactions are not even answered: the gateway closes.
        (A bot stopped before it was set up has no clock and no publisher yet.)"""
        self.begin()
        finishing = asyncio.ensure_future(self._finish(clock, publisher, under_way()))
        hurry = asyncio.ensure_future(self._hurry.wait())
        try:
            await asyncio.wait({finishing, hurry}, timeout=self.grace, return_when=asyncio.FIRST_COMPLETED)
        finally:
            hurry.cancel()
            self._answering = False
        if finishing.done():
            if finishing.exception() is not None:  # a bug: the rest of the stop goes on all the same
                log.error("stopping: finishing what was under way failed", exc_info=finishing.exception())
            return
        finishing.cancel()
        left = [task for task in asyncio.all_tasks() if task.get_name() in CUT_TOO] + under_way()
        self.cut = len(left)
        for task in left:
            task.cancel()
        await asyncio.wait([finishing, *left], timeout=CUT_WAIT)
        if publisher is not None:
            await publisher.stop()  # the catch-up, if its drain did not get that far
        log.warning(
            "stopping: %g s passed; cut off what was still at work (%d tasks): what it owed is "
            "delivered at the next start",
            self.grace,
            self.cut,
        )

    async def _finish(
        self, clock: Clock | None, publisher: Publisher | None, handlers: list[asyncio.Task[Any]]
    ) -> None:
        steps: list[Awaitable[Any]] = [asyncio.wait(handlers)] if handlers else []
        if clock is not None:
            steps.append(clock.stop())  # after the turn it is on
        if publisher is not None:
            steps.append(publisher.drain())
        await asyncio.gather(*steps)

    async def run_until_stopped(self, bot: discord.Client, starting: Awaitable[None]) -> None:
        """Run the bot (`starting`: its start) until it ends by itself or a signal comes. Then a bot
        that was ready is closed (`close` drains it, and its start returns once the gateway is
        closed); one that was not yet is abandoned where it was (nothing is under way)."""
        running = asyncio.ensure_future(starting)
        signalled = asyncio.ensure_future(self.requested.wait())
        try:
            await asyncio.wait({running, signalled}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            signalled.cancel()
        if not running.done():
            if bot.is_ready():
                await bot.close()
            else:
                running.cancel()
            await asyncio.wait({running})
        if not running.cancelled():
            running.result()  # a failure is raised as it came
