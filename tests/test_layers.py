"""The project's layers, read from the source with `ast` (nothing is imported, so an import hidden
inside a function counts as much as one at the top of a module):

- no import cycles among the project's modules;
- the engine is pure: no bot, cogs, Discord, database or asyncio;
- the Discord-free core (store, service, clock, moderation, replay, render…) never imports Discord;
- only the composition root (bot/app.py) imports the cogs.
"""
import ast
from collections import deque
from pathlib import Path

from engine import GAMES
from tests.registry import games_with, package_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot", "cogs")
ENGINE_FORBIDDEN = ("bot", "cogs", "discord", "aiosqlite", "asyncio")
CORE_FORBIDDEN = ("discord", "cogs", "bot.delivery", "bot.app")
CORE = (  # modules listed here that do not exist (yet) are skipped
    "bot.store", "bot.service", "bot.gate", "bot.menu", "bot.clock", "bot.clock_players",
    "bot.clock_settings", "bot.moderation", "bot.replay", "bot.replay_cli", "bot.stats", "bot.summary",
    "bot.text", "bot.settings", "bot.backup", "bot.checkpoints", "bot.demo", "bot.render", "bot.refusals", "bot.seats", "bot.log_kinds", "bot.outbox", "bot.health", "bot.update", "bot.stand_ins", "bot.games",
    "bot.standing", "bot.ratings", "bot.leaderboard", "bot.terminal", "bot.prompts", "bot.store_errors",
    "bot.permissions",
)
COGS_LOADERS = ("bot.app",)  # the composition root


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
    return GAMES[key].presentation.partition(":")[0]


def test_the_reader_sees_relative_nested_and_function_level_imports():
    # Without this, the checks below would pass on a reader that found nothing. The installed
    # games' modules, found from the registry, are the examples of imports within a package.
    assert "bot.ratings" in GRAPH["bot.service"]  # from . import ratings
    assert "bot.app" in GRAPH["bot.__main__"]  # inside a function: from .app import run_bot
    assert "engine" in GRAPH["bot.service"]  # from engine import GAMES: a name in engine/__init__.py
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


def test_core_imports_no_discord_cogs_delivery_or_app():
    core = [module for module in FILES if any(within(module, name) for name in CORE)]
    assert {presentation_module(key) for key in games_with(toy=False)} <= set(core) and "bot.store" in core
    offending = offending_imports(core, CORE_FORBIDDEN)
    assert not offending, "\n".join(offending)


def test_only_the_composition_root_imports_the_cogs():
    outside = [module for module in FILES if not within(module, "cogs") and module not in COGS_LOADERS]
    offending = offending_imports(outside, ("cogs",))
    assert not offending, "\n".join(offending)
