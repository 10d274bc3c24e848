"""`python -m bot copy --from SQLITE --to URL` moves a community's database into an empty PostgreSQL
database and checks it by replaying every table there; `demo --db URL` plays on PostgreSQL. On the
session's real server (tests/pg/server.py): skipped, with the reason, where none can be had."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.cli.copy import copy_database
from bot.store.base import TableStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import Store
from bot.tables.replay import replay_table
from bot.tables.service import TableService
from engine import Chance
from tests.registry import GAMES, a_game
from tests.stores import create_database, drop_database

from .test_cli import run_cli

GAME = a_game(seats=2)
GUILD, HOST, GUEST = 77, 1001, 1002
# tables of the schema that the scenario below fills
FILLED = ("tables", "actions", "outbox", "meta", "dm_channels", "closed_dms", "rated_games", "rating_changes")
RECORD = "Replayed 2 tables from PostgreSQL: each matches SQLite and gives its stored state."


@pytest.fixture
async def empty_url(pg_dsn: str) -> AsyncIterator[str]:
    """A new database with nothing in it (not even the bot's schema), dropped after the test."""
    name = f"copy_{uuid.uuid4().hex}"
    try:
        yield await create_database(pg_dsn, name)
    finally:
        await drop_database(pg_dsn, name)


async def play(service: TableService, table_id: int, moves: int | None = None) -> int:
    """The stand-ins' moves through the service, `moves` of them or to the end; the table's version."""
    table = await service.get(table_id)
    played = 0
    while table.status == "running" and (moves is None or played < moves):
        user = service.waiting_on(table)[0]
        state, seat = service.state_of(table), service.seat_of(table, user)
        action = GAMES[table.game].stand_in(state, seat, Chance.seeded(f"copy:{table_id}:{table.version}"))
        table = (await service.act(table_id, user, action, version=table.version)).table
        played += 1
    return table.version


async def started(service: TableService, channel: int) -> int:
    table = await service.create(guild_id=GUILD, channel_id=channel, host_id=HOST, game=GAME, seed=f"copy-{channel}")
    await service.join(table.id, GUEST)
    await service.start(table.id, HOST)
    return table.id


async def a_community(store: TableStore) -> tuple[int, int]:
    """A finished game and one under way on the store, with what else a running bot keeps."""
    service = TableService(store)
    finished = await started(service, 1)
    await play(service, finished)
    running = await started(service, 2)
    await play(service, running, 3)
    await store.set_meta("told", "yes")
    await store.set_dm_channel(HOST, 555)
    await store.mark_dms_closed(GUEST, True)
    return finished, running


async def rows(store: TableStore, table: str) -> list[tuple]:
    """The table's rows, in an order that does not depend on the database's collation."""
    return sorted((tuple(row) for row in await store.query(f"SELECT * FROM {table}")), key=repr)


def counts(path: Path) -> dict[str, int]:
    """Each table of the SQLite file and its number of rows."""
    db = sqlite3.connect(path)
    try:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in names}
    finally:
        db.close()


def plural(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def damage(path: Path, sql: str, *params: object) -> None:
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute(sql, params)
    finally:
        db.close()


async def test_a_game_started_on_sqlite_goes_on_on_postgres_after_the_copy(tmp_path, empty_url):
    path = tmp_path / "bot.sqlite3"
    sqlite = await Store.open(path)
    try:
        finished, running = await a_community(sqlite)
        lines: list[str] = []
        # the bot still holds its file: the copy reads a snapshot of it
        assert await copy_database(path, empty_url, out=lines.append) == 0
        source = counts(path)
        before = {table: await rows(sqlite, table) for table in source}
        version = (await sqlite.get_table(running)).version
    finally:
        await sqlite.close()
    assert all(source[table] > 0 for table in FILLED) and source["ratings"] == 2, repr(source)
    others = sum(source.values()) - source["tables"] - source["actions"] - source["ratings"]
    assert lines == [
        f"Copied 2 tables, {plural(source['actions'], 'logged action')}, 2 ratings and "
        f"{plural(others, 'other row')} ({len(source)} database tables) from {path} to {empty_url}.",
        RECORD,
    ]

    postgres = await PostgresStore.open(empty_url)
    try:
        for table in source:  # every row of every table as it was, ids included
            assert await rows(postgres, table) == before[table], table
        service = TableService(postgres)
        assert (await service.get(running)).version == version
        assert await play(service, running) > version  # played on, on PostgreSQL, to its end
        assert (await service.get(running)).status == "finished"
        for table_id in (finished, running):
            assert (await replay_table(postgres, table_id)).ok
        newer = await service.create(guild_id=GUILD, channel_id=3, host_id=HOST, game=GAME, seed="new")
        assert newer.id == running + 1  # the identity sequence moved past the copied ids
    finally:
        await postgres.close()


@pytest.mark.stores("postgres")
async def test_a_database_that_already_holds_tables_is_refused_and_keeps_what_it_held(tmp_path, store_target):
    path = tmp_path / "bot.sqlite3"
    sqlite = await Store.open(path)
    await a_community(sqlite)
    await sqlite.close()
    target = await PostgresStore.open(str(store_target))
    try:
        theirs = await target.create_table(
            guild_id=1, channel_id=9, game=GAME, host_id=5, seats=[5], options={}, seed="theirs"
        )
        held = await rows(target, "tables")
        # --to defaults to BOT_DATABASE_URL
        result = run_cli("copy", "--from", str(path), cwd=tmp_path, env_extra={"BOT_DATABASE_URL": str(store_target)})
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr.strip().splitlines() == [
            f"--to: {store_target} already holds rows in tables; copy only into an empty database"
        ]
        assert await rows(target, "tables") == held and [row[0] for row in held] == [theirs.id]
        assert await target.query("SELECT * FROM actions") == []
        assert await target.query("SELECT * FROM meta") == []
    finally:
        await target.close()


@pytest.mark.stores("postgres")
async def test_a_table_that_does_not_replay_is_named_and_nothing_is_copied(tmp_path, store_target):
    """Into a freshly set-up database (the bot's schema, no rows), as readily as into an empty one."""
    path = tmp_path / "bot.sqlite3"
    sqlite = await Store.open(path)
    _, running = await a_community(sqlite)
    earlier = (await sqlite.get_table(running)).state
    await play(TableService(sqlite), running, 2)
    good = (await sqlite.get_table(running)).state
    await sqlite.close()
    assert earlier != good
    damage(path, "UPDATE tables SET state = ? WHERE id = ?", earlier, running)  # two moves behind its log

    result = run_cli("copy", "--from", str(path), "--to", str(store_target), cwd=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"Table {running}: it does not replay: replaying the log does not give the stored state. Nothing was copied."
    ]
    target = await PostgresStore.open(str(store_target))
    try:
        for table in counts(path):  # rolled back, every row
            assert await target.query(f"SELECT * FROM {table}") == [], table
    finally:
        await target.close()

    damage(path, "UPDATE tables SET state = ? WHERE id = ?", good, running)  # mended: the copy runs again
    result = run_cli("copy", "--from", str(path), "--to", str(store_target), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == RECORD


@pytest.mark.stores("postgres")
async def test_a_table_row_that_cannot_be_read_is_named(tmp_path, store_target, capsys):
    path = tmp_path / "bot.sqlite3"
    sqlite = await Store.open(path)
    finished, _ = await a_community(sqlite)
    await sqlite.close()
    damage(path, "UPDATE tables SET seats = 'not json' WHERE id = ?", finished)
    lines: list[str] = []
    assert await copy_database(path, str(store_target), out=lines.append) == 1
    assert lines == []
    assert capsys.readouterr().err.splitlines() == [
        f"Table {finished}: its row cannot be read (JSONDecodeError). Nothing was copied."
    ]


async def test_the_demo_plays_on_a_postgres_database_and_replays_there(tmp_path, empty_url):
    demo = run_cli("demo", GAME, "--seed", "4", "--db", empty_url, cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert f"replay 1 --db {empty_url}" in demo.stdout
    assert not list(tmp_path.iterdir())  # no SQLite file was made
    replay = run_cli("replay", "1", "--db", empty_url, cwd=tmp_path)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.splitlines()[-1] == "The replay gives exactly the stored state."
    again = run_cli("demo", GAME, "--db", empty_url, cwd=tmp_path)
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr.strip().splitlines() == [
        f"--db: {empty_url} already holds tables; the demo keeps its game in an empty database"
    ]
