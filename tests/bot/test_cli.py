"""The command line: help, a missing token, bad settings and the offline demo of every game."""

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.demo import play_demo
from tests.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args, env_extra=None, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_"))}
    env["PYTHONPATH"] = str(ROOT)
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60
    )


def test_help_lists_the_subcommands(tmp_path):
    result = run_cli("--help", cwd=tmp_path)
    assert result.returncode == 0
    for command in ("run", "demo"):
        assert command in result.stdout


def test_run_without_a_token_names_it_and_exits_2(tmp_path):
    result = run_cli("run", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in result.stderr


def test_a_bad_setting_is_a_clear_error(tmp_path):
    result = run_cli("run", env_extra={"DISCORD_TOKEN": "x", "BOT_LOG_LEVEL": "LOUD"}, cwd=tmp_path)
    assert result.returncode == 2
    assert "BOT_LOG_LEVEL" in result.stderr and "Traceback" not in result.stderr
    result = run_cli("run", env_extra={"DISCORD_TOKEN": "x", "DISCORD_GATEWAY_URL": "http://nope"}, cwd=tmp_path)
    assert result.returncode == 2 and "DISCORD_GATEWAY_URL" in result.stderr


def test_several_processes_without_postgresql_are_refused_before_anything_starts(tmp_path):
    shards = {"DISCORD_TOKEN": "x", "BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "1"}
    result = run_cli("run", env_extra=shards, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        "Bad setting: BOT_SHARD_IDS leaves shards to other processes, which share tables only through "
        "PostgreSQL: set BOT_DATABASE_URL"
    )


def test_run_takes_a_default_web_port_and_refuses_what_is_not_one(tmp_path):
    for nonsense in ("0", "65536", "web", "８０８０"):
        result = run_cli("run", "--default-web-port", nonsense, env_extra={"DISCORD_TOKEN": "x"}, cwd=tmp_path)
        assert result.returncode == 2 and "is not a port number (1 to 65535)" in result.stderr, nonsense
    result = run_cli("run", "--default-web-port", "8080", cwd=tmp_path)  # accepted: on to the missing token
    assert result.returncode == 2 and "DISCORD_TOKEN" in result.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_make_run_serves_the_web_pages_on_8080_unless_told_otherwise():
    def command(*words: str) -> str:
        env = {k: v for k, v in os.environ.items() if k != "WEB_PORT"}
        done = subprocess.run(
            ["make", "--no-print-directory", "-n", "run", *words],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    assert command().endswith("-m bot run --default-web-port 8080")
    assert command("WEB_PORT=8081").endswith("-m bot run --default-web-port 8081")
    assert command("WEB_PORT=").endswith("-m bot run")


@pytest.mark.parametrize("where", [["--db", "postgresql://bot@db/bot"], []])
def test_a_backup_of_postgresql_says_to_use_pg_dump(tmp_path, where):
    url = {"BOT_DATABASE_URL": "postgresql://bot@db/bot"} if not where else {}
    result = run_cli("backup", "copy.sqlite3", *where, env_extra=url, cwd=tmp_path)
    assert result.returncode == 1 and "pg_dump" in result.stderr
    assert not (tmp_path / "copy.sqlite3").exists()


def demo_transcript(key: str, players: int, seed: int) -> list[str]:
    lines: list[str] = []
    asyncio.run(play_demo(key, players, seed, out=lines.append))
    return lines


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_demo_ends_with_each_player_s_dms_apart_and_the_same_seed_gives_the_same_game(key):
    game = GAMES[key]
    first = demo_transcript(key, game.min_seats, 5)
    assert first[0].startswith(f"=== #{key}")
    assert sum(1 for line in first if line.startswith("=== Direct messages to Player")) == game.min_seats
    assert first == demo_transcript(key, game.min_seats, 5)
    assert first[-1].startswith("🏆 Winner")
    other = demo_transcript(key, game.min_seats, 6)
    assert other != first
