"""The event loop first. The threads and the process that work for it (SQLite's thread, the
checkpoints', the pictures') are batch work to Linux's scheduler: they run whenever the loop waits,
but a wake-up of theirs never preempts the loop: otherwise SQLite's thread wakes and preempts the
loop at each of a move's hops to it, only to wait for the GIL the loop holds (docs/performance.md)."""

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
