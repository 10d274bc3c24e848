"""Every start-up failure ends within seconds with a non-zero status and one line on standard error
naming what to fix: no traceback, no hang (a leftover SQLite thread once kept the process alive).

Each case runs `python -m bot ...` as a real process. `run` always points at a closed port on
127.0.0.1, so no test ever reaches for the real Discord."""

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIME_LIMIT = 20  # seconds; the locked database waits out SQLite's 5 s busy timeout first


@pytest.fixture
def closed_port():
    """A port on 127.0.0.1 that refuses connections: bound (so nothing else takes it) but not listening."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def bot(*args, cwd, port=None, **settings):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_"))}
    env["PYTHONPATH"] = str(ROOT)
    if port is not None:
        env.update(
            DISCORD_TOKEN="not-a-real-token",
            DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/",
        )
    env.update({key: str(value) for key, value in settings.items()})
    return subprocess.run(
        [sys.executable, "-m", "bot", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=TIME_LIMIT,
    )


def the_one_line(result) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def not_a_database(tmp_path) -> Path:
    path = tmp_path / "README.md"
    path.write_text("# Notes\n\nThis is text, not a database.\n" * 50)
    return path


def test_run_with_a_file_that_is_not_a_database(tmp_path, closed_port):
    path = not_a_database(tmp_path)
    before = path.read_bytes()
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DB_PATH=path))
    assert line == f"BOT_DB_PATH: {path} is not a SQLite database"
    assert path.read_bytes() == before


def test_replay_of_a_file_that_is_not_a_database(tmp_path):
    path = not_a_database(tmp_path)
    assert the_one_line(bot("replay", 1, "--db", path, cwd=tmp_path)) == f"--db: {path} is not a SQLite database"
    line = the_one_line(bot("replay", 1, cwd=tmp_path, BOT_DB_PATH=path))
    assert line == f"BOT_DB_PATH: {path} is not a SQLite database"


def test_run_with_a_folder_for_the_database(tmp_path, closed_port):
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DB_PATH=tmp_path))
    assert line.startswith(f"BOT_DB_PATH: {tmp_path} is a folder; name a file in it")


def test_run_with_a_file_where_the_databases_folder_must_be(tmp_path, closed_port):
    (tmp_path / "data").write_text("a file, not a folder")
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DB_PATH="data/bot.sqlite3"))
    assert line == "BOT_DB_PATH: data/bot.sqlite3 cannot be made: data is a file, not a folder"


@pytest.mark.parametrize("wal", [True, False], ids=["a bot database", "a plain SQLite file"])
def test_run_with_a_database_locked_by_another_program(tmp_path, closed_port, wal):
    path = tmp_path / "bot.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute(f"PRAGMA journal_mode = {'WAL' if wal else 'DELETE'}")
        holder.execute("CREATE TABLE other_program (x)")
        holder.execute("BEGIN EXCLUSIVE")
        line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DB_PATH=path))
    finally:
        holder.close()
    assert line == f"BOT_DB_PATH: {path} is locked by another program (is the bot already running?)"


def test_run_when_discord_cannot_be_reached(tmp_path, closed_port):
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DB_PATH=tmp_path / "bot.sqlite3"))
    assert line == (
        f"cannot reach Discord at http://127.0.0.1:{closed_port}/api/v10 (connection refused): "
        "check DISCORD_API_BASE and the network"
    )


def test_backup_to_a_path_under_a_file(tmp_path):
    source = tmp_path / "bot.sqlite3"
    sqlite3.connect(source).close()
    (tmp_path / "backups").write_text("a file, not a folder")
    target = tmp_path / "backups" / "copy.sqlite3"
    line = the_one_line(bot("backup", target, "--db", source, cwd=tmp_path))
    assert line == f"No backup: {target} cannot be made: {tmp_path / 'backups'} is a file, not a folder."


def test_run_with_a_postgresql_server_that_cannot_be_reached(tmp_path, closed_port):
    url = f"postgresql://bot:secret@127.0.0.1:{closed_port}/bot"
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DATABASE_URL=url))
    assert line.startswith(f"BOT_DATABASE_URL: postgresql://bot@127.0.0.1:{closed_port}/bot cannot be reached")
    assert "secret" not in line
    assert not (tmp_path / "data").exists()  # no SQLite file made beside it


def test_run_with_a_database_url_that_is_no_postgresql_url(tmp_path, closed_port):
    line = the_one_line(bot("run", cwd=tmp_path, port=closed_port, BOT_DATABASE_URL="mysql://bot@db/bot"))
    assert line == "Bad setting: BOT_DATABASE_URL: must be a postgresql:// URL"
