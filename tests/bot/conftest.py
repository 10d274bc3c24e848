"""What the tests of the bot's core share: a TableService on a fresh SQLite file."""

import pytest

from bot.store.sqlite import Store
from bot.tables.service import TableService


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    yield TableService(store)
    await store.close()
