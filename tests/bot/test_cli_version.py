"""`--version`: the name and version of the installed package, from its metadata."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import bot.__main__ as cli

ROOT = Path(__file__).resolve().parents[2]


def test_version_prints_the_name_and_the_version_pyproject_declares(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_"))}
    shown = subprocess.run(
        [sys.executable, "-m", "bot", "--version"],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(ROOT)},
        cwd=tmp_path,
        timeout=60,
    )
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert shown.returncode == 0 and shown.stdout == f"{project['name']} {project['version']}\n", shown.stderr


def test_a_package_that_is_not_installed_says_so(monkeypatch):
    monkeypatch.setattr(cli, "DISTRIBUTION", "philosophers-table-never-installed")
    assert cli.version() == "philosophers-table-never-installed (not installed, so no version)"
