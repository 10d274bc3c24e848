"""WAL checkpoints beside the store's one writer connection (see `Checkpointer`)."""

from __future__ import annotations

import logging
import os
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor
from urllib.parse import quote

from bot.priority import behind_the_loop

log = logging.getLogger(__name__)
CHECKPOINT_EVERY = 200  # commits between WAL checkpoints (see Checkpointer)
CHECKPOINT_CATCH_UP = 4  # checkpoints in a row at most, to catch up with the writer
CLOSING_WAIT_MS = 1000  # how long the last checkpoint, at close, waits for a reader
WAL_BACKSTOP_PAGES = 10_000  # the writer checkpoints itself only if the WAL grows this big (40 MB)


class Checkpointer:
    """WAL checkpoints on a connection and a thread of their own.

    SQLite's automatic checkpoint runs inside the commit that fills the WAL (1,000 pages, every
    200 or so moves): that commit then copies the WAL into the database and syncs it, while the one
    writer connection commits nothing and every table's move waits. Here a PASSIVE checkpoint, which never blocks the writer, runs beside it
    every CHECKPOINT_EVERY commits; the writer's own automatic checkpoint is kept, much later
    (WAL_BACKSTOP_PAGES), only in case these fall behind."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._thread = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="sqlite-checkpoint", initializer=behind_the_loop
        )
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
        """After a running checkpoint, a last one that empties the WAL into the database file, so
        that the file alone holds everything (a copy of it needs no WAL); then the connection is
        closed and the thread ends. The store's writer is idle by then."""
        self._thread.submit(self._last_checkpoint).result()
        self._thread.shutdown(wait=True)

    def _last_checkpoint(self) -> None:
        try:
            if self._connection is None:  # never made: a file gone meanwhile is not made again
                uri = f"file:{quote(os.path.abspath(self._path))}?mode=rw"
                self._connection = sqlite3.connect(uri, uri=True, isolation_level=None)
            # a reader on an older snapshot (a backup, a health check) is waited for a moment; after
            # that the WAL stays, and the next open reads it
            self._connection.execute(f"PRAGMA busy_timeout = {CLOSING_WAIT_MS}")
            busy, _, _ = self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy:
                log.info("the WAL was not emptied at close: a reader was using it")
        except sqlite3.Error as error:
            log.info("no WAL checkpoint at close: %s", error)
        finally:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
