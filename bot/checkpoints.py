"""WAL checkpoints beside the store's one writer connection (see `Checkpointer`)."""
from __future__ import annotations

import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor

from .priority import behind_the_loop

log = logging.getLogger(__name__)
CHECKPOINT_EVERY = 200  # commits between WAL checkpoints (see Checkpointer)
CHECKPOINT_CATCH_UP = 4  # checkpoints in a row at most, to catch up with the writer
WAL_BACKSTOP_PAGES = 10_000  # the writer checkpoints itself only if the WAL grows this big (40 MB)


class Checkpointer:
    """WAL checkpoints on a connection and a thread of their own.

    SQLite's automatic checkpoint runs inside the commit that fills the WAL (1,000 pages, every
    200 or so moves): that commit then copies the WAL into the database and syncs it, 10-20 ms in
    which the one writer connection commits nothing and every table's move waits (`make bench`:
    part of the p99 latency). Here a PASSIVE checkpoint, which never blocks the writer, runs beside it
    every CHECKPOINT_EVERY commits; the writer's own automatic checkpoint is kept, much later
    (WAL_BACKSTOP_PAGES), only in case these fall behind."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-checkpoint",
                                          initializer=behind_the_loop)
        self._running: Future | None = None
        self._connection: sqlite3.Connection | None = None  # made and used on the thread only

    def start(self) -> None:
        """Checkpoint now, unless a checkpoint is running already."""
        if self._running is None or self._running.done():
            self._running = self._thread.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(self._path, isolation_level=None)
                self._connection.execute("PRAGMA synchronous = NORMAL")
            # Again while the writer added frames meanwhile: the WAL starts over from its beginning
            # only once a checkpoint has caught up with it.
            for _ in range(CHECKPOINT_CATCH_UP):
                busy, frames, copied = self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if busy or copied >= frames:
                    break
        except sqlite3.Error as error:
            log.warning("WAL checkpoint failed (the writer's own will run later): %s", error)

    def close(self) -> None:
        """Wait for a running checkpoint, close the connection and end the thread."""
        if self._connection is not None or self._running is not None:
            self._thread.submit(lambda: self._connection and self._connection.close()).result()
        self._thread.shutdown(wait=True)
