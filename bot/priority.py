"""The event loop first. The threads and the process that work for it (SQLite's thread, the
checkpoints', the pictures') are batch work to Linux's scheduler: they run whenever the loop waits,
but a wake-up of theirs never preempts the loop. Before, SQLite's thread woke and preempted the
loop at each of a move's hops to it, only to wait for the GIL the loop held: 37 thread switches a
move on the bot's core became 17 (sched_switch tracepoints, 36 moves/s), and with the core full a
move costs 4-8% less CPU (three alternated pairs of the whole-bot bench's capacity run)."""

from __future__ import annotations

import os


def behind_the_loop() -> None:
    """Make the calling thread (or process) batch work. Where there is no SCHED_BATCH (not
    Linux), nothing changes."""
    if hasattr(os, "SCHED_BATCH"):
        try:
            os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
        except OSError:  # a sandbox that forbids it: the thread stays as it was
            pass
