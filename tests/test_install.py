"""The package as an operator installs it, with the Docker image's own steps (the locked
dependencies by hash, then `pip install --no-deps --no-build-isolation .` and `pip check`) into a
fresh virtual environment in a temporary directory; then, from another working directory, the
console script (every game's demo and its replay), the health check and every game's rules page
(the docs ship with the package, so none says "coming soon"). Docker itself cannot run here (no
daemon), so this is how the image's contents are tested."""

import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.discord_app import health
from tests import plugins
from tests.registry import GAMES, a_game, games_with

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The fresh environment's Python, with the package installed from a copy of the source."""
    where = tmp_path_factory.mktemp("install")
    subprocess.run([sys.executable, "-m", "venv", str(where / "venv")], check=True)
    python = where / "venv" / "bin" / "python"
    source = where / "source"  # a copy: building leaves build/ and egg-info behind, not in the checkout
    shutil.copytree(
        ROOT,
        source,
        symlinks=True,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "node_modules", "__pycache__", "data", "*.sqlite3*"
        ),
    )
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    steps = (
        ["--require-hashes", "-r", str(source / "requirements.lock")],
        ["--no-deps", "--no-build-isolation", str(source)],
    )
    for step in steps:
        done = subprocess.run(pip + step, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
    # the lock meets every range pyproject.toml declares (the package went in without its dependencies)
    checked = subprocess.run([str(python), "-m", "pip", "check"], capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout
    return python


def run(installed: Path, cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        args, cwd=cwd, capture_output=True, text=True, timeout=60, env={"PATH": str(installed.parent), **(env or {})}
    )


def test_the_console_script_runs_from_anywhere(installed, tmp_path):
    script = installed.parent / "philosophers-table"
    shown = run(installed, tmp_path, str(script), "--help")
    assert shown.returncode == 0 and all(word in shown.stdout for word in ("run", "demo", "replay", "backup", "health"))
    told = run(installed, tmp_path, str(script), "--version")
    assert told.returncode == 0 and told.stdout.startswith("philosophers-table ") and "not installed" not in told.stdout
    for key in games_with(toy=False):  # a second each
        db = f"demo-{key}.sqlite3"
        played = run(installed, tmp_path, str(script), "demo", key, "--players", str(GAMES[key].min_seats), "--db", db)
        assert played.returncode == 0, (key, played.stderr)
        assert f"Replay the table: philosophers-table replay 1 --db {db}" in played.stdout, played.stdout[-300:]
        replayed = run(installed, tmp_path, str(script), "replay", "1", "--db", db)
        assert replayed.returncode == 0 and "exactly the stored state" in replayed.stdout, (key, replayed.stdout[-500:])


def test_the_health_check_says_whether_the_bot_is_connected(installed, tmp_path):
    script = str(installed.parent / "philosophers-table")
    missing = run(installed, tmp_path, script, "health", "--db", "nothing.sqlite3")
    assert missing.returncode == 1 and missing.stderr.startswith("unhealthy: no database")
    run(installed, tmp_path, script, "demo", a_game(toy=False), "--db", "bot.sqlite3")
    never = run(installed, tmp_path, script, "health", "--db", "bot.sqlite3")
    assert never.returncode == 1 and "has not connected" in never.stderr
    subprocess.run(
        [
            str(installed),
            "-c",
            textwrap.dedent("""
        import asyncio, sys
        from bot.discord_app import health
        from bot.store.sqlite import Store
        async def main():
            store = await Store.open("bot.sqlite3")
            await health.beat(store, float(sys.argv[1]))
            await store.close()
        asyncio.run(main())
        """),
            str(time.time()),
        ],
        cwd=tmp_path,
        check=True,
    )
    healthy = run(installed, tmp_path, script, "health", "--db", "bot.sqlite3")
    assert healthy.returncode == 0 and healthy.stdout.startswith("healthy"), healthy.stderr
    assert not health.check(tmp_path / "bot.sqlite3", now=time.time() + 10 * health.HEARTBEAT)[0]  # long silent


def test_every_rules_page_ships_with_the_package(installed, tmp_path):
    shown = run(
        installed,
        tmp_path,
        str(installed),
        "-c",
        textwrap.dedent("""
        import bot.discord_app.pages as shown, engine
        for key in engine.GAMES:
            pages = shown.rules_pages(key)
            print(key, len(pages), "coming soon" in pages[0], shown.__file__)
        """),
    )
    assert shown.returncode == 0, shown.stderr
    lines = dict((line.split()[0], line.split()[1:]) for line in shown.stdout.splitlines())
    assert set(lines) == set(GAMES) - plugins.keys()  # the test run's own games are not installed
    for key, (pages, soon, where) in lines.items():
        assert int(pages) >= 1 and soon == "False" and str(ROOT) not in where, (key, where)
