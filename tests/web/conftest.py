import pytest

from bot.store.sqlite import Store
from bot.tables.service import TableService


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "web.sqlite3")
    yield TableService(store)
    await store.close()
