"""The store's copy of each table row: used for changes, kept true to the database, bounded; on
both stores (tests/stores.py)."""

import pytest

from bot.store import base as store_module
from bot.store.base import TableStore
from bot.store.errors import StaleVersion
from bot.store.opening import open_store
from tests.registry import a_game


async def new_table(store: TableStore, channel: int):
    return await store.create_table(
        guild_id=1, channel_id=channel, game=a_game(), host_id=1, seats=[1], options={}, seed="s"
    )


async def test_the_cached_row_follows_every_write_through_the_store(store_target):
    store = await open_store(store_target)
    table = await new_table(store, 1)
    assert await store.get_table(table.id, cached=True) == table
    saved = await store.save(table, {"seats": [1, 2]}, ("join", None, 2, {}))
    assert await store.get_table(table.id, cached=True) == saved == await store.get_table(table.id)
    await store.set_board_message(table.id, 77)
    assert (await store.get_table(table.id, cached=True)).board_message_id == 77
    assert await store.get_table(table.id, cached=True) == await store.get_table(table.id)
    await store.close()


async def test_a_change_made_from_a_row_older_than_its_board_keeps_the_board(store_target):
    """A board is posted (set without a version) while a move is made from the row read before it:
    the saved row, and the store's copy, keep the new board, as the file does."""
    store = await open_store(store_target)
    table = await new_table(store, 1)  # read for the move, before the board is posted
    await store.set_board_message(table.id, 77)
    saved = await store.save(table, {"seats": [1, 2]}, ("join", None, 2, {}))
    assert saved.board_message_id == 77
    assert await store.get_table(table.id, cached=True) == saved == await store.get_table(table.id)
    # the store let the row go meanwhile: the board is set in the file only, and the change made
    # from the old row leaves the row to be read afresh, with its board
    store.forget(table.id)
    await store.set_board_message(table.id, 88)
    await store.save(saved, {"seats": [1, 2, 3]}, ("join", None, 3, {}))
    assert (await store.get_table(table.id, cached=True)).board_message_id == 88
    await store.close()


async def test_a_write_behind_the_stores_back_is_caught_by_the_version_check(store_target):
    store = await open_store(store_target)
    table = await new_table(store, 1)
    await store.transaction([("UPDATE tables SET version = 5, seats = '[1, 9]' WHERE id = ?", (table.id,))])
    stale = await store.get_table(table.id, cached=True)
    assert stale.version == 0  # the store has not seen the change yet...
    with pytest.raises(StaleVersion):  # ...but cannot write over it
        await store.save(stale, {"seats": [1, 3]}, ("join", None, 3, {}))
    fresh = await store.get_table(table.id, cached=True)  # the failed save made it read again
    assert (fresh.version, fresh.seats) == (5, [1, 9])
    assert await store.actions(table.id) == []
    await store.close()


async def test_the_cache_is_bounded(store_target, monkeypatch):
    monkeypatch.setattr(store_module, "RECORD_CACHE", 3)
    store = await open_store(store_target)
    tables = [await new_table(store, channel) for channel in range(1, 6)]
    assert list(store._records) == [t.id for t in tables[-3:]]
    await store.close()


async def test_the_log_since_a_seq(store_target):
    store = await open_store(store_target)
    table = await new_table(store, 1)
    for user in (2, 3, 4):
        table = await store.save(table, {"seats": table.seats + [user]}, ("join", None, user, {}))
    assert [row.seq for row in await store.actions(table.id, since=1)] == [2, 3]
    assert [row.actor_id for row in await store.actions(table.id, kind="join", since=2)] == [4]
    await store.close()
