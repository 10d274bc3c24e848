"""The engine is pure: no Discord, no database, no asyncio, no global randomness."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"discord", "aiosqlite", "asyncio", "sqlite3", "time", "datetime"}


def imported_modules(path: Path) -> list[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.module or "", [alias.name for alias in node.names]))
    return found


def test_engine_imports_nothing_impure():
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        for module, names in imported_modules(path):
            root = module.split(".")[0]
            assert root not in FORBIDDEN, f"{path.relative_to(ENGINE)} imports {module}"
            if root == "random":
                assert path.name == "chance.py" and names == ["Random"], (
                    f"{path.relative_to(ENGINE)}: randomness must come from engine.chance.Chance"
                )
