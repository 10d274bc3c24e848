"""Both stores for the tests: `store_target` is a fresh SQLite file's path or a fresh PostgreSQL
database's URL, once for each (`store_kind`, "sqlite" then "postgres"); open it with
bot.store.opening.open_store, again after a "restart" if the test wants one.

The PostgreSQL databases live on the session's server (tests/pg/server.py): the first makes a
template database with the schema, and each test gets its own copy of it (CREATE DATABASE ...
TEMPLATE, a file copy on the server: quicker than migrating each time), dropped after the test.
Where no server can be had, the postgres runs are skipped with the reason.

A test that only makes sense on one store says so: `@pytest.mark.stores("sqlite")`.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store.postgres import PostgresStore
from tests.pg import server

STORES = ("sqlite", "postgres")
TEMPLATE = "bot_template"
_templates: set[str] = set()  # the servers (by DSN) whose template is made


def with_database(dsn: str, name: str) -> str:
    return dsn.rsplit("/", 1)[0] + "/" + name


async def create_database(dsn: str, name: str, template: str | None = None) -> str:
    """A fresh database `name` on the server at `dsn`, replacing one of that name: empty, or a copy
    of `template` (a file copy on the server). Its URL. The bench makes its databases with it too."""
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    finally:
        await admin.close()
    return with_database(dsn, name)


async def drop_database(dsn: str, name: str) -> None:
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "stores(*kinds): the stores a test runs on (default: every store)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker("stores")
        metafunc.parametrize("store_kind", marker.args if marker else STORES)


async def _template(dsn: str) -> None:
    if dsn in _templates:
        return
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        await admin.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await admin.close()
    store = await PostgresStore.open(with_database(dsn, TEMPLATE))
    await store.close()
    _templates.add(dsn)


@pytest.fixture
async def store_target(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[str | Path]:
    if store_kind == "sqlite":
        yield tmp_path / "bot.sqlite3"
        return
    if why := server.unavailable():
        pytest.skip(why)
    dsn = request.getfixturevalue("pg_dsn")
    await _template(dsn)
    name = f"test_{uuid.uuid4().hex}"
    try:
        yield await create_database(dsn, name, TEMPLATE)
    finally:
        await drop_database(dsn, name)
