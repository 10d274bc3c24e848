"""A core kept busy at the lowest priority, to weigh what waking an idle core costs.

At 36 moves a second the bot's core is idle three quarters of the time, and each move wakes it
from idle several times (a press, each answer from Discord). On a virtual machine that wake-up is
dear: this one's guest halts at once (haltpoll.guest_halt_poll_ns=0 on its kernel's command line),
so every wake-up is an exit to the host, and the work that follows runs on cold caches. A
spinner under SCHED_IDLE, which runs only when nothing else wants the core, keeps the core from
ever idling without taking any time the bot asks for: the bot's CPU a move beside it is the same
work without that price. (Its own CPU shows as other processes' share of the core.)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys

SPIN = """import os, sys
os.sched_setaffinity(0, {int(sys.argv[1])})
os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
while True:
    pass
"""


def possible(core: int | None) -> bool:
    return core is not None and hasattr(os, "SCHED_IDLE") and hasattr(os, "sched_setaffinity")


@contextlib.asynccontextmanager
async def core_kept_busy(core: int):
    spinner = await asyncio.create_subprocess_exec(sys.executable, "-c", SPIN, str(core))
    try:
        yield
    finally:
        spinner.kill()
        await spinner.wait()
