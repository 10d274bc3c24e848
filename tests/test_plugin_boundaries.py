"""A game is its own files plus its registry lines: no other Python file of the project names it.

A game's files are those whose path names the game: its engine package (`engine/<package>/`), its
presentation (`bot/render/<package>*.py`), its tests (`tests/engine/<package>/`,
`tests/**/test_<package>*.py`, `tests/e2e/<package>_*.py`). Everything else (the bot, the cogs,
the shared tests, the bench) reaches games through a registry: the bot's (`bot.games.games()`,
`plugin(key)`), `engine.GAMES`, or `tests/registry.py` to pick a game by what it offers. A registry
names a game on one line, besides the imports that bring its pieces in (the bot's registry pairs
the engine's game with its presentation by plain imports). So adding a game touches nothing shared
but its registry lines, and removing one is deleting its files and those lines (docs/internals.md,
"Games are plug-ins").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.games import games
from tests import plugins

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "cogs", "engine", "tests", "bench")
SKIPPED = {".venv", "node_modules", "__pycache__"}
# The registries: one line a game, besides imports (the engine's packages, the bot's pairs of a
# game and its presentation, the test run's toy games).
REGISTRIES = {"engine/__init__.py", "bot/games.py", "tests/plugins/__init__.py"}


def spelled(*spellings: str) -> re.Pattern:
    """Any of `spellings` as a whole identifier or word, in any case, with -, _ or a space between
    its words: a game called "oracle" is not named by `oracle_spaces` or "Oracles"."""
    words = (re.split(r"[-_ ]", spelling) for spelling in spellings)
    either = "|".join(r"[-_ ]?".join(map(re.escape, parts)) for parts in words)
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{either})(?![A-Za-z0-9_])", re.I)


def package_of(key: str) -> str:
    """The game's package name, as tests/registry.py's `package_of` finds it, for every game the
    bot serves (the test run's toy games too)."""
    module = games()[key].setup.__module__.split(".")
    return module[module.index("engine") + 1] if module[0] == "engine" else module[-2]


def name_pattern(key: str) -> re.Pattern:
    """The game's key, package name or title."""
    return spelled(key, package_of(key), games()[key].title)


def naming_lines(path: str, source: str, pattern: re.Pattern) -> list[int]:
    """The lines of a file that name a game where it may not: any, outside a registry; in a
    registry (REGISTRIES), all of them unless exactly one names it besides its imports."""
    lines = [n for n, line in enumerate(source.splitlines(), 1) if pattern.search(line)]
    imports = {
        line
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    }
    return [] if path in REGISTRIES and len(set(lines) - imports) == 1 else lines


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


@pytest.mark.parametrize("key", sorted(games()))
def test_no_file_outside_a_game_s_own_names_it(key):
    pattern = name_pattern(key)
    naming = {}
    for path in python_files():
        if belongs_to(path, key):
            continue
        if lines := naming_lines(path.as_posix(), (ROOT / path).read_text(), pattern):
            naming[path.as_posix()] = lines
    assert not naming, f"files outside {key}'s own that name it (file: lines): {naming}"


def test_the_check_knows_a_game_s_files_and_its_names():
    key = sorted(plugins.keys())[0]
    package = package_of(key)
    assert belongs_to(Path(f"tests/e2e/test_{package}_e2e.py"), key)
    assert belongs_to(Path(f"bot/render/{package}_text.py"), key)
    assert not belongs_to(Path("tests/bot/test_clock.py"), key)
    assert name_pattern(key).search(f"x = {games()[key].title.upper()!r}")
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


def test_a_registry_names_a_game_on_one_line_besides_its_imports():
    oracle = spelled("oracle")
    paired = "import engine.oracle\nimport bot.render.oracle\nPAIRS = (\n    (engine.oracle.GAME, bot.render.oracle.SHOWN),\n)\n"
    assert naming_lines("bot/games.py", paired, oracle) == []
    twice = paired + "ORACLE_TOO = engine.oracle.GAME\n"
    assert naming_lines("bot/games.py", twice, oracle) == [1, 2, 4, 6]
    assert naming_lines("bot/games.py", "import engine.oracle\n", oracle) == [1]  # imported, never registered
    assert naming_lines("bot/clock/settings.py", paired, oracle) == [1, 2, 4]
