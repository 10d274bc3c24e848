"""Which tables changed, told in the process as each change commits: a tiny publish-subscribe keyed by
table id, for whatever watches a table (the web pages' live updates, bot/web/live.py). The store tells
it after every save (`TableStore.save`) and when a table's deadlines change without a new version
(`TableStore.tell_change`). On PostgreSQL, once a process shares its changes, the other processes
on the database hear them too (NOTIFY on `CHANNEL`, bot/store/postgres.py).

Callbacks run on the event loop, at once and in turn: each must only take note (set an event) and
never raise; one that does is logged, and the change stays committed all the same."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable

log = logging.getLogger(__name__)
CHANNEL = "table_changed"  # PostgreSQL's notification channel; the payload is "<table id> <process>"
Heard = Callable[[int], None]  # called with the table's id


class Changes:
    def __init__(self) -> None:
        self._watchers: defaultdict[int, list[Heard]] = defaultdict(list)

    def watch(self, table_id: int, heard: Heard) -> Callable[[], None]:
        """Call `heard` at each change of the table from now on; returns what stops it."""
        self._watchers[table_id].append(heard)

        def stop() -> None:
            watchers = self._watchers.get(table_id)
            if watchers is not None and heard in watchers:
                watchers.remove(heard)
                if not watchers:
                    del self._watchers[table_id]

        return stop

    def watched(self) -> list[int]:
        """The tables someone watches."""
        return list(self._watchers)

    def tell(self, table_id: int) -> None:
        """The table changed (committed): its watchers hear of it."""
        for heard in list(self._watchers.get(table_id, ())):
            try:
                heard(table_id)
            except Exception:
                log.exception("a watcher of table %s failed", table_id)

    def tell_every(self) -> None:
        """Any watched table may have changed (another process's notifications could not be heard
        for a while): every watcher looks again."""
        for table_id in self.watched():
            self.tell(table_id)
