"""A `run` that fails to start (no token, a bad setting, Discord unreachable) leaves no file or folder
behind: the database is checked before Discord is contacted, and what the check made is removed
again. An existing database is kept as it was."""

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def closed_port():
    """A port on 127.0.0.1 that refuses connections: bound but not listening."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def run(cwd: Path, **settings) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_"))}
    env.update(PYTHONPATH=str(ROOT), **{key: str(value) for key, value in settings.items()})
    return subprocess.run(
        [sys.executable, "-m", "bot", "run"], capture_output=True, text=True, env=env, cwd=cwd, timeout=30
    )


def unreachable(port: int) -> dict:
    return {
        "DISCORD_TOKEN": "not-a-real-token",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/",
    }


def everything_in(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.mark.parametrize("db", [None, "data/deeper/still/bot.sqlite3"], ids=["the default path", "new folders"])
def test_discord_unreachable_leaves_no_database_nor_folder(tmp_path, closed_port, db):
    settings = unreachable(closed_port) | ({"BOT_DB_PATH": db} if db else {})
    result = run(tmp_path, **settings)
    assert result.returncode == 2 and "cannot reach Discord" in result.stderr
    assert everything_in(tmp_path) == []


def test_a_folder_that_exists_keeps_only_what_it_had(tmp_path, closed_port):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "notes.txt").write_text("mine")
    result = run(tmp_path, **unreachable(closed_port))
    assert result.returncode == 2
    assert everything_in(tmp_path) == ["data", "data/notes.txt"]


@pytest.mark.parametrize(
    "settings", [{}, {"DISCORD_TOKEN": "x", "BOT_LOG_LEVEL": "LOUD"}], ids=["no token", "a bad setting"]
)
def test_a_start_refused_before_the_database_leaves_nothing(tmp_path, settings):
    result = run(tmp_path, **settings)
    assert result.returncode == 2
    assert everything_in(tmp_path) == []


def test_an_existing_database_is_kept_with_its_rows(tmp_path, closed_port):
    path = tmp_path / "data" / "bot.sqlite3"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE kept (x)")
        db.execute("INSERT INTO kept VALUES (1)")
    db.close()
    result = run(tmp_path, **unreachable(closed_port))
    assert result.returncode == 2 and "cannot reach Discord" in result.stderr
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT x FROM kept").fetchall() == [(1,)]
    db.close()
    assert everything_in(tmp_path) == ["data", "data/bot.sqlite3"]
