"""Storage faults, for real: a full disk (SQLite's page limit) and a read-only database refuse a
move with StorageFailed, which names the cause; nothing is half-written, the caches keep the old
version, and play goes on once the fault is gone. A file that cannot be a database is refused at
open with one line, and leaves no thread behind (conftest.py fails a test that leaks one)."""

import sqlite3

import pytest

from bot.store.errors import StorageFailed, StoreUnavailable
from bot.store.sqlite import Store
from engine import Chance, RuleError
from tests.registry import GAMES, a_game

pytestmark = pytest.mark.stores("sqlite")  # faults of the SQLite file and its disk

# Two human seats: each act is exactly one move, no stand-in moves after it. Not a toy game: one
# of those ends before its moves fill the file's free pages.
KEY = a_game(seats=2, toy=False)
GAME = GAMES[KEY]
NO_PAGE_LIMIT = 1_073_741_823  # SQLite's default max_page_count


async def started(service):
    table = await service.create(guild_id=1, channel_id=1, host_id=100, game=KEY, seed="faults")
    await service.join(table.id, 101)
    return (await service.start(table.id, 100)).table


def next_move(service, table):
    user = service.waiting_on(table)[0]
    action = GAME.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(table.version)))
    return user, action


async def on_disk(store, table_id):
    """The table's row and its log as the file holds them (read past every cache)."""
    row = await store.query("SELECT * FROM tables WHERE id = ?", (table_id,))
    log = await store.query("SELECT * FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
    return dict(row[0]), [dict(entry) for entry in log]


async def pragma(store, setting):
    return await store.run_job(lambda db: db.fetch(f"PRAGMA {setting}"))


async def assert_unchanged(service, table, state, stored):
    """Nothing of the refused move reached the file, and the caches still give the version before it."""
    assert await on_disk(service.store, table.id) == stored
    cached = await service.store.get_table(table.id, cached=True)
    assert cached.version == table.version and cached.state == table.state
    assert service.state_of(cached) == state


async def test_a_full_disk_refuses_the_move_with_its_real_cause_and_writes_nothing(service):
    store = service.store
    table = await started(service)
    ((pages,),) = await pragma(store, "page_count")
    await pragma(store, f"max_page_count = {pages}")  # the file may not grow: a write that needs a page fails
    for _ in range(400):  # moves fill the pages' free space first
        stored, state = await on_disk(store, table.id), service.state_of(table)
        user, action = next_move(service, table)
        try:
            table = (await service.act(table.id, user, action)).table
        except StorageFailed as error:
            failed = error
            break
    else:
        pytest.fail("the database never filled up")

    assert failed.cause == "the disk or the database is full" and failed.doing == "move"
    assert str(failed) == (
        "⚠️ I could not save that move (the disk or the database is full), so it was not "
        "played. Please tell a moderator."
    )
    assert failed.__cause__.sqlite_errorname == "SQLITE_FULL"  # not "cannot rollback - no transaction is active"
    assert not isinstance(failed, RuleError)
    await assert_unchanged(service, table, state, stored)

    await pragma(store, f"max_page_count = {NO_PAGE_LIMIT}")  # room again: the same move is played
    update = await service.act(table.id, user, action)
    assert update.table.version == table.version + 1
    assert len((await on_disk(store, table.id))[1]) == len(stored[1]) + 1


async def test_a_read_only_database_refuses_moves_and_joins_but_still_reads(service):
    store = service.store
    table = await started(service)
    stored, state = await on_disk(store, table.id), service.state_of(table)
    await pragma(store, "query_only = ON")
    user, action = next_move(service, table)
    with pytest.raises(
        StorageFailed, match=r"could not save that move \(the database is read-only\), so it was not played"
    ):
        await service.act(table.id, user, action)
    with pytest.raises(StorageFailed, match=r"could not save that \(the database is read-only\), so nothing changed"):
        await service.create(guild_id=1, channel_id=2, host_id=100, game=KEY)
    await assert_unchanged(service, table, state, stored)
    assert await service.view_for(table.id, user)  # reading goes on

    await pragma(store, "query_only = OFF")
    assert (await service.act(table.id, user, action)).table.version == table.version + 1


async def test_a_rule_error_and_a_constraint_are_no_storage_faults(service):
    table = await started(service)
    with pytest.raises(sqlite3.IntegrityError):  # a mistake in a statement passes through as it is
        await service.store.transaction(
            [("INSERT INTO actions (table_id, seq, kind, action, at) VALUES (?, 1, 'x', '{}', 0)", (table.id,))]
        )
    assert len((await on_disk(service.store, table.id))[1]) == 2  # join, start


async def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    with pytest.raises(StoreUnavailable) as refused:
        await Store.open(text)
    assert str(refused.value) == f"{text} is not a SQLite database"


async def test_a_folder_and_a_file_in_the_way_are_refused_in_one_line(tmp_path):
    with pytest.raises(StoreUnavailable, match="is a folder; name a file in it"):
        await Store.open(tmp_path)
    (tmp_path / "plain").write_text("")
    with pytest.raises(StoreUnavailable) as refused:
        await Store.open(tmp_path / "plain" / "sub" / "bot.sqlite3")
    assert (
        str(refused.value)
        == f"{tmp_path / 'plain' / 'sub' / 'bot.sqlite3'} cannot be made: {tmp_path / 'plain'} is a file, not a folder"
    )


async def test_a_write_lock_held_elsewhere_fails_the_write_check(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    await pragma(store, "busy_timeout = 100")  # the real 5 s wait changes nothing here but the test's length
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreUnavailable, match="is locked by another program"):
            await store.check_writable()
        holder.execute("ROLLBACK")
        await store.check_writable()
        assert await store.get_meta("write check") is None  # the check leaves nothing behind
    finally:
        holder.close()
        await store.close()
