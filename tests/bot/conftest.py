"""What the tests of the bot's core share: a TableService on a fresh store, once on SQLite and once
on PostgreSQL (tests/stores.py)."""

import pytest

from bot.store.opening import open_store
from bot.tables.service import TableService


@pytest.fixture
async def service(store_target):
    store = await open_store(store_target)
    yield TableService(store)
    await store.close()
