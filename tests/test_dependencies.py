"""Everything the code imports is declared in pyproject.toml, and the two locks agree: `make test`
installs requirements-dev.lock, the Docker image requirements.lock, so the versions they share must
be the same ones (and `pip check`, in the Makefile and tests/test_install.py, holds each lock to
pyproject.toml's ranges)."""

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = {"bot", "cogs", "engine", "tests", "bench"}


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(*extras: str) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + [r for extra in extras for r in project["optional-dependencies"][extra]]
    return {normal(re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", r).group()) for r in requirements}


def imported(*folders: str) -> dict[str, str]:
    """The top-level names of every third-party import under `folders`, each with a file it is in."""
    found = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            if "node_modules" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.partition(".")[0]
                    if top not in sys.stdlib_module_names and top not in OURS:
                        found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def undeclared(imports: dict[str, str], allowed: set[str]) -> list[str]:
    providers = packages_distributions()
    problems = []
    for name, where in sorted(imports.items()):
        dists = {normal(dist) for dist in providers.get(name, [])}
        if not dists & allowed:
            problems.append(f"{name} (imported in {where}, from {sorted(dists) or 'nothing installed'})")
    return problems


def pins(lock: str) -> dict[str, tuple[str, frozenset[str]]]:
    """name -> (version, hashes) of a pip-compile lock."""
    found, current = {}, None
    for line in (ROOT / lock).read_text().splitlines():
        if match := re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", line):
            current = normal(match[1])
            found[current] = (match[2], frozenset())
        elif current and (match := re.search(r"--hash=(\S+)", line)):
            found[current] = (found[current][0], found[current][1] | {match[1]})
    return found


def test_the_package_imports_only_what_it_declares():
    imports = imported("bot", "cogs", "engine")
    assert {"discord", "pydantic"} <= set(imports)  # the scan sees imports at all
    assert undeclared(imports, declared()) == [], "imported by the package but not in pyproject's dependencies"


def test_tests_and_benchmarks_import_only_what_the_dev_extras_add():
    imports = imported("tests", "bench")
    assert {"pytest", "hypothesis"} <= set(imports)
    assert undeclared(imports, declared("dev")) == [], "imported by tests or bench but not declared (dev extras)"


def test_the_dev_lock_has_every_runtime_pin_as_the_image_does():
    runtime, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert "pydantic" in runtime and all(hashes for _, hashes in runtime.values())
    differ = {name: (pin[0], dev.get(name, ("missing",))[0]) for name, pin in runtime.items() if dev.get(name) != pin}
    assert differ == {}, "requirements-dev.lock pins these otherwise than requirements.lock (image, dev)"


def test_every_declared_requirement_is_locked():
    assert declared() - set(pins("requirements.lock")) == set()
    assert declared("dev") - set(pins("requirements-dev.lock")) == set()
