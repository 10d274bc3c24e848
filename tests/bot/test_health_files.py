"""`health` reads the database without leaving a file behind (a read-only connection would leave
-wal and -shm beside a database no bot has open), and still reads what a running bot has written
to its -wal and not yet to the database itself."""

import json
import sqlite3
import time
from contextlib import closing

from bot.discord_app import health
from bot.store.sqlite import Store


def beat_at(at: float) -> str:
    return json.dumps({"at": at, "count": 1, "process": "bot:1"})


def files_in(folder) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


async def test_a_database_no_bot_has_open_is_read_without_leaving_files(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    await health.beat(store)
    await store.close()
    assert files_in(tmp_path) == ["bot.sqlite3"]
    healthy, line = health.check(path)
    assert healthy, line
    assert files_in(tmp_path) == ["bot.sqlite3"]


def test_a_heartbeat_still_in_the_wal_of_a_running_bot_is_read(tmp_path):
    path = tmp_path / "odd name?#%.sqlite3"  # a name a plain "file:" URI would cut short
    with closing(sqlite3.connect(path, isolation_level=None)) as bot:
        bot.execute("PRAGMA journal_mode = WAL")
        bot.execute("PRAGMA wal_autocheckpoint = 0")  # the heartbeats stay in the -wal
        bot.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        bot.execute("INSERT INTO meta VALUES (?, ?)", (health.key_of(0), beat_at(time.time() - 10 * health.HEARTBEAT)))
        bot.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # an old heartbeat in the database itself
        bot.execute("UPDATE meta SET value = ? WHERE key = ?", (beat_at(time.time()), health.key_of(0)))
        healthy, line = health.check(path)
        assert healthy, line
        bot.execute(
            "UPDATE meta SET value = ? WHERE key = ?", (beat_at(time.time()), health.key_of(0))
        )  # still writable
    assert files_in(tmp_path) == [path.name]
