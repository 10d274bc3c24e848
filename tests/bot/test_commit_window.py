"""While a move waits for its commit, the service holds the table's new state alone: the old one is
let go (with many tables moving at once, new states made while the old ones were kept drove
Python's collector to collect again and again). The old state is not lost for that: a failed
commit leaves the table as it was, parsed again from its row."""

import asyncio
import weakref

import pytest

from bot.store.errors import StorageFailed

from .test_storage_faults import next_move, on_disk, started


async def test_a_move_waiting_for_its_commit_has_let_the_old_state_go(service):
    table = await started(service)
    user, action = next_move(service, table)
    old = weakref.ref(service.state_of(table))
    store, alive_during_commit, release = service.store, [], asyncio.Event()
    commit = store._commit  # a save's writes, on either store

    async def held(*args, **kwargs):
        alive_during_commit.append(old() is not None)
        await release.wait()
        return await commit(*args, **kwargs)

    store._commit = held
    move = asyncio.create_task(service.act(table.id, user, action))
    while not alive_during_commit and not move.done():
        await asyncio.sleep(0)
    assert alive_during_commit == [False]
    release.set()
    update = await move
    assert update.table.version == table.version + 1
    assert service.state_of(update.table).model_dump_json() == update.table.state


async def test_a_failed_commit_leaves_the_table_as_it_was_and_playable(service):
    table = await started(service)
    state, stored = service.state_of(table).model_copy(deep=True), await on_disk(service.store, table.id)
    user, action = next_move(service, table)
    store, commit = service.store, service.store._commit  # a save's writes, on either store

    async def failing(*args, **kwargs):
        raise StorageFailed("the disk or the database is full", "move")

    store._commit = failing
    with pytest.raises(StorageFailed):
        await service.act(table.id, user, action)
    store._commit = commit
    assert await on_disk(store, table.id) == stored
    assert service.state_of(await service.get(table.id, cached=True)) == state
    update = await service.act(table.id, user, action)
    assert update.table.version == table.version + 1
