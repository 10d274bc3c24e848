"""The PostgreSQL tier: tests against a real server that the session starts (tests/pg/server.py),
skipped with the reason where none can be had."""

import pytest

from tests.pg import server
from tests.pg.server import pg_dsn, pg_server

__all__ = ["pg_dsn", "pg_server"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Where it is plain before any test runs that no server can be had (no binaries, no user to run
    them as), the tests that need one are marked skipped, which pytest reports in one line a file."""
    if any("pg_server" in getattr(item, "fixturenames", ()) for item in items) and (why := server.unavailable()):
        server.mark_skipped(items, why)
