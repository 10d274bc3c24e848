"""The project's layers, read from the source with `ast` (nothing is imported, so an import hidden
inside a function counts as much as one at the top of a module), as rules per package, so that a
new module is held to its package's rule without being listed anywhere:

- no import cycles among the project's modules;
- the engine is pure: no bot, cogs, Discord, database or asyncio;
- each package of bot/ imports only the packages its rule allows (`ALLOWED`): only the Discord
  side (bot/discord_app) and the cogs import Discord, and only the composition root
  (bot/discord_app/app.py) imports the cogs.
"""

import ast
from collections import deque
from pathlib import Path

from bot.games import plugin
from engine import GAMES
from tests.registry import games_with, package_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot", "cogs")
ENGINE_FORBIDDEN = ("bot", "cogs", "discord", "aiosqlite", "asyncio")
# What each part of bot/ may import from the project and from Discord (besides itself, the engine
# and the standard library): the Discord-free core below, the Discord side and the command line above.
CORE = (
    "bot.store",
    "bot.tables",
    "bot.clock",
    "bot.ratings",
    "bot.render",
    "bot.games",
    "bot.text",
    "bot.settings",
    "bot.logs",
    "bot.priority",
)
ALLOWED = {
    "bot.priority": (),
    "bot.settings": (),
    "bot.logs": ("bot.settings",),
    "bot.store": ("bot.priority",),
    "bot.render": ("bot.games", "bot.priority"),
    "bot.games": ("bot.render",),
    "bot.text": ("bot.store", "bot.clock"),
    "bot.clock": ("bot.store", "bot.tables", "bot.games", "bot.text"),
    "bot.ratings": ("bot.store", "bot.tables", "bot.games", "bot.render", "bot.text"),
    "bot.tables": ("bot.store", "bot.clock", "bot.ratings", "bot.games", "bot.render", "bot.text", "bot.priority"),
    "bot.cli": CORE + ("bot.discord_app.startup",),
    # the tables' web pages: Discord-free, on aiohttp.web (Discord text as plain text from bot.cli.terminal)
    "bot.web": CORE + ("bot.cli.terminal",),
    "bot.discord_app": CORE + ("discord", "cogs", "bot.web"),
    "bot.__main__": CORE + ("bot.cli", "bot.discord_app"),
}
COGS_LOADERS = ("bot.discord_app.app",)  # the composition root
WATCHED = ("bot", "cogs", "discord")  # what the rules speak of


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def from_base(module: str, node: ast.ImportFrom) -> str:
    """The full name of the module a `from … import` reads from, relative levels resolved."""
    if node.level == 0:
        return node.module
    package = module.split(".")
    if FILES[module].name != "__init__.py":
        package = package[:-1]  # a plain module's `.` is its package; a package's `.` is itself
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imports_of(module: str) -> list[tuple[str, int]]:
    """(imported module, line) for every import anywhere in the module. `from pkg import x` imports
    the submodule pkg.x when there is one, else the package pkg itself (its __init__.py)."""
    tree = ast.parse(FILES[module].read_text(), filename=str(FILES[module]))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = from_base(module, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.append((submodule if submodule in FILES else base, node.lineno))
    return found


IMPORTS = {module: imports_of(module) for module in FILES}
GRAPH = {module: {target for target, _ in IMPORTS[module] if target in FILES} for module in FILES}


def where(module: str, target: str) -> str:
    lines = sorted({line for imported, line in IMPORTS[module] if imported == target})
    return f"{FILES[module].relative_to(ROOT)}:{','.join(map(str, lines))}"


def shortest_path(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    paths = {start: [start]}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            return paths[node]
        for target in sorted(graph[node]):
            if target not in paths:
                paths[target] = paths[node] + [target]
                queue.append(target)
    return None


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """For every import that lies on a cycle, the shortest cycle through it, as [a, b, ..., a]:
    every offending import shows, even where one pair of modules hides a longer cycle."""
    found = set()
    for module in graph:
        for target in graph[module]:
            if back := shortest_path(graph, target, module):
                ring = [module] + back[:-1]
                first = ring.index(min(ring))  # one spelling per cycle, wherever it was found from
                found.add(tuple(ring[first:] + ring[:first] + [ring[first]]))
    return sorted(map(list, found))


def offending_imports(modules, forbidden) -> list[str]:
    return [
        f"{module} imports {target} ({where(module, target)})"
        for module in modules
        for target in sorted({imported for imported, _ in IMPORTS[module]})
        if any(within(target, prefix) for prefix in forbidden)
    ]


def presentation_module(key: str) -> str:
    """The module that draws the game: where its registered presentation's `draw` lives."""
    return plugin(key).presentation.draw.__module__


def test_the_reader_sees_relative_nested_and_function_level_imports():
    # Without this, the checks below would pass on a reader that found nothing. The installed
    # games' modules, found from the registry, are the examples of imports within a package.
    assert "bot.ratings.ratings" in GRAPH["bot.tables.service"]  # from . import ratings
    assert "bot.discord_app.app" in GRAPH["bot.__main__"]  # inside a function: from .app import run_bot
    assert "engine" in GRAPH["bot.tables.service"]  # from engine import GAMES: a name in engine/__init__.py
    games = [(GAMES[key], f"engine.{package_of(key)}", presentation_module(key)) for key in games_with(toy=False)]
    # in a package's __init__.py: from ..core import Game, from .checks import invariants
    assert any({"engine.core", game.invariants.__module__} <= GRAPH[package] for game, package, _ in games)
    # in a plain module of the package: from ..core import …, from .state import State
    assert any({"engine.core", game.State.__module__} <= GRAPH[game.apply.__module__] for game, _, _ in games)
    # from bot/render, at the top or inside a function: from engine.<package>.data import …
    assert any(within(target, package) for _, package, shown in games for target in GRAPH[shown])


def test_the_cycle_finder_finds_each_cycle_once():
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"b"}, "e": {"a"}}
    assert import_cycles(graph) == [["a", "b", "a"], ["b", "c", "d", "b"]]
    assert import_cycles({"pkg": {"pkg.x"}, "pkg.x": {"pkg.y"}, "pkg.y": set()}) == []


def test_no_import_cycles():
    cycles = [
        " -> ".join(ring) + "  (" + ", ".join(where(a, b) for a, b in zip(ring, ring[1:])) + ")"
        for ring in import_cycles(GRAPH)
    ]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_engine_imports_no_bot_cogs_discord_database_or_asyncio():
    engine = [module for module in FILES if within(module, "engine")]
    offending = offending_imports(engine, ENGINE_FORBIDDEN)
    assert not offending, "\n".join(offending)


def part_of(module: str) -> str:
    """The rule a module of bot/ is held to: its package's (bot.tables.gate: bot.tables)."""
    return next(part for part in sorted(ALLOWED, key=len, reverse=True) if within(module, part))


def test_every_module_of_bot_has_a_rule():
    loose = [
        module
        for module in FILES
        if within(module, "bot") and module != "bot" and not any(within(module, part) for part in ALLOWED)
    ]
    assert not loose, f"modules of bot/ that no rule of ALLOWED covers: {loose}"


def test_each_part_of_bot_imports_only_what_its_rule_allows():
    offending = []
    for module in (m for m in FILES if within(m, "bot") and m != "bot"):
        part = part_of(module)
        for target in sorted({imported for imported, _ in IMPORTS[module]}):
            watched = any(within(target, name) for name in WATCHED) and target != "bot"
            if watched and not within(target, part) and not any(within(target, name) for name in ALLOWED[part]):
                offending.append(f"{module} imports {target} ({where(module, target)}): {part} may not")
    assert not offending, "\n".join(offending)


def test_the_presentations_are_in_the_discord_free_core():
    shown = {presentation_module(key) for key in games_with(toy=False)}
    assert shown and all(part_of(module) in CORE for module in shown)


def test_only_the_composition_root_imports_the_cogs():
    outside = [module for module in FILES if not within(module, "cogs") and module not in COGS_LOADERS]
    offending = offending_imports(outside, ("cogs",))
    assert not offending, "\n".join(offending)
