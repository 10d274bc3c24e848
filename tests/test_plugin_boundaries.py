"""A game is its own files plus one registry line: no other Python file of the project names it.

A game's files are those whose path names the game: its engine package (`engine/<package>/`), its
presentation (`bot/render/<package>*.py`), its tests (`tests/engine/<package>/`,
`tests/**/test_<package>*.py`, `tests/e2e/<package>_*.py`). Everything else (the bot, the cogs,
the shared tests, the bench) reaches games through the registry: `engine.GAMES`, or
`tests/registry.py` to pick a game by what it offers. So adding a game touches nothing shared, and
removing one is deleting its files and its registry line (docs/internals.md, "Games are
plug-ins").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import GAMES
from tests import plugins
from tests.registry import package_of

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "cogs", "engine", "tests", "bench")
SKIPPED = {".venv", "node_modules", "__pycache__"}
# The registries: one line a game (the engine's packages, the test run's toy games).
REGISTRIES = {"engine/__init__.py", "tests/plugins/__init__.py"}


def spelled(*spellings: str) -> re.Pattern:
    """Any of `spellings` as a whole identifier or word, in any case, with -, _ or a space between
    its words: a game called "oracle" is not named by `oracle_spaces` or "Oracles"."""
    words = (re.split(r"[-_ ]", spelling) for spelling in spellings)
    either = "|".join(r"[-_ ]?".join(map(re.escape, parts)) for parts in words)
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{either})(?![A-Za-z0-9_])", re.I)


def name_pattern(key: str) -> re.Pattern:
    """The game's key, package name or title."""
    return spelled(key, package_of(key), GAMES[key].title)


def belongs_to(path: Path, key: str) -> bool:
    package = package_of(key)
    return any(re.sub(r"^test_", "", part).startswith(package) for part in path.parts)


def python_files() -> list[Path]:
    return [
        path.relative_to(ROOT)
        for top in SOURCES
        for path in (ROOT / top).rglob("*.py")
        if not SKIPPED & set(path.relative_to(ROOT).parts)
    ]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_file_outside_a_game_s_own_names_it(key):
    pattern = name_pattern(key)
    naming = {}
    for path in python_files():
        if belongs_to(path, key):
            continue
        lines = [n for n, line in enumerate((ROOT / path).read_text().splitlines(), 1) if pattern.search(line)]
        if lines and not (path.as_posix() in REGISTRIES and len(lines) == 1):
            naming[path.as_posix()] = lines
    assert not naming, f"files outside {key}'s own that name it (file: lines): {naming}"


def test_the_check_knows_a_game_s_files_and_its_names():
    key = sorted(plugins.keys())[0]
    package = package_of(key)
    assert belongs_to(Path(f"tests/e2e/test_{package}_e2e.py"), key)
    assert belongs_to(Path(f"bot/render/{package}_text.py"), key)
    assert not belongs_to(Path("tests/bot/test_clock.py"), key)
    assert name_pattern(key).search(f"x = {GAMES[key].title.upper()!r}")
    assert name_pattern(key).search(f"import tests.plugins.{package}")


def test_a_name_is_matched_as_a_whole_identifier():
    oracle = spelled("oracle")
    assert oracle.search('GAMES["oracle"]') and oracle.search("The Oracle speaks") and oracle.search("import oracle")
    assert (
        not oracle.search("oracle_spaces = (6, 13)")
        and not oracle.search("Oracles")
        and not oracle.search("oracles.py")
    )
    stoa = spelled("painted-stoa", "painted_stoa", "Painted Stoa")  # a game of two words
    assert all(stoa.search(text) for text in ("painted-stoa", "PAINTED_STOA", "the Painted Stoa table"))
    assert not stoa.search("painted_stoa_table")
