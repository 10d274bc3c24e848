"""`python -m bot backup PATH`: a consistent copy of a database that is being written to."""

import asyncio
import sqlite3

import pytest

from bot.__main__ import main
from bot.store.backup import BackupError, backup
from bot.store.sqlite import Store
from bot.tables import replay
from bot.tables.service import TableService
from engine import Chance
from tests.registry import GAMES, a_game

PLAYERS = [100, 101, 102, 103, 104]
GAME = a_game(seats=len(PLAYERS))  # any game that seats them all: stand-ins play it


async def keep_playing(service: TableService, table_id: int, stop: asyncio.Event) -> int:
    moves = 0
    while not stop.is_set():
        table = await service.get(table_id)
        waiting = service.waiting_on(table)
        if not waiting:
            return moves
        user = waiting[0]
        game = service.game_of(table)
        action = game.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(moves)))
        await service.act(table_id, user, action, version=table.version)
        moves += 1
    return moves


async def test_a_backup_taken_during_play_is_consistent_and_restores(tmp_path):
    live = tmp_path / "data" / "bot.sqlite3"
    store = await Store.open(live)
    service = TableService(store)
    tables = []
    for channel in range(1, 5):
        table = await service.create(guild_id=1, channel_id=channel, host_id=PLAYERS[0], game=GAME, seed=f"b{channel}")
        for user in PLAYERS[1:]:
            await service.join(table.id, user)
        tables.append((await service.start(table.id, PLAYERS[0])).table)
    stop = asyncio.Event()
    players = [asyncio.create_task(keep_playing(service, t.id, stop)) for t in tables]
    await asyncio.sleep(0.2)
    copies = []
    for n in range(3):  # while the tables keep playing
        copies.append(await asyncio.to_thread(backup, live, tmp_path / "backups" / f"copy-{n}.sqlite3"))
        await asyncio.sleep(0.05)
    stop.set()
    assert sum(await asyncio.gather(*players)) > 0
    live_versions = {t.id: (await service.get(t.id)).version for t in tables}
    await store.close()

    for copy in copies:
        assert copy.tables == 4 and copy.actions > 0
        assert not (copy.path.parent / (copy.path.name + ".partial")).exists()
        restored = await Store.open(copy.path)  # restoring is opening the copy in the bot's place
        for table_id, live_version in live_versions.items():
            table = await restored.get_table(table_id)
            assert table.version <= live_version
            result = replay.check(GAMES[table.game], table, await restored.actions(table_id))
            assert result.ok, result.problems
        await restored.close()


def test_backup_refuses_to_overwrite_or_copy_nothing(tmp_path):
    with pytest.raises(BackupError, match="no database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    source = tmp_path / "bot.sqlite3"
    sqlite3.connect(source).close()
    (tmp_path / "taken.sqlite3").write_text("keep me")
    with pytest.raises(BackupError, match="already exists"):
        backup(source, tmp_path / "taken.sqlite3")
    assert (tmp_path / "taken.sqlite3").read_text() == "keep me"
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="could not copy"):
        backup(tmp_path / "junk.sqlite3", tmp_path / "junk-copy.sqlite3")
    assert not (tmp_path / "junk-copy.sqlite3").exists()


async def test_the_backup_command(tmp_path, monkeypatch, capsys):
    live = tmp_path / "bot.sqlite3"
    store = await Store.open(live)
    await TableService(store).create(guild_id=1, channel_id=1, host_id=1, game=GAME)
    await store.close()
    monkeypatch.setenv("BOT_DB_PATH", str(live))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    assert "Backed up 1 table and 0 logged actions" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 1
    assert "already exists" in capsys.readouterr().err
