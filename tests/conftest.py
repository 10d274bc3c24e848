"""The test run's games, and every test leaves no thread of its own running.

The toy games of tests/plugins are registered as a developer adds a game: through the plug-in hook
(bot/games.py, EXTRA_GAMES), which the bot's processes started by the tests inherit. So every test
that loops over the registered games covers them too.

An aiosqlite connection that is never closed keeps a non-daemon worker thread alive, and the whole
test run then hangs at exit after reporting success. This fails the test that leaked it instead.
"""

import os
import threading
import time

import pytest

from bot import games
from tests.pg.server import pg_dsn, pg_server
from tests.plugins import MODULES
from tests.stores import pytest_configure, pytest_generate_tests, store_target

# the PostgreSQL server and both stores, for every test (tests/pg/server.py, tests/stores.py)
__all__ = ["pg_dsn", "pg_server", "pytest_configure", "pytest_generate_tests", "store_target"]

os.environ[games.EXTRA_GAMES] = ",".join(MODULES)
games.load()

GRACE_SECONDS = 2.0  # a closing connection's thread needs a moment to finish


def _running_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if not thread.daemon and thread.is_alive()}


@pytest.fixture(autouse=True)
def no_leaked_threads():
    before = _running_threads()
    yield
    deadline = time.monotonic() + GRACE_SECONDS
    while (leaked := _running_threads() - before) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not leaked, f"threads left running (an unclosed Store?): {sorted(t.name for t in leaked)}"
