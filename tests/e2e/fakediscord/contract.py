"""The contract check: every (method, route, body) the bot sent during the session is validated
against Discord's official OpenAPI description (npm package `discord-api-spec`, Zod schemas) by
one node process at the end of the session (tests/e2e/test_zz_contract.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

NODE_DIR = Path(__file__).resolve().parent.parent / "node"
VALIDATOR = NODE_DIR / "validate.mjs"
SPEC_PACKAGE = NODE_DIR / "node_modules" / "discord-api-spec" / "package.json"
INSTALL_HINT = "npm ci --prefix tests/e2e/node"


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    body: str  # canonical JSON ("null" when the request had no body)
    where: str


_recorded: dict[tuple[str, str, str], Recorded] = {}


def record(method: str, path: str, body: Any, *, where: str) -> None:
    """Remember one request; identical (method, route, body) triples are checked once."""
    canonical = json.dumps(body, sort_keys=True)
    _recorded.setdefault((method, path, canonical), Recorded(method, path, canonical, where))


def recorded() -> list[Recorded]:
    return list(_recorded.values())


def unavailable_reason() -> str | None:
    """Why the check cannot run here, or None when node and the pinned package are installed."""
    if shutil.which("node") is None:
        return "node is not installed: the OpenAPI contract check of request bodies is skipped"
    if not SPEC_PACKAGE.exists():
        return f"discord-api-spec is not installed ({INSTALL_HINT}): the OpenAPI contract check is skipped"
    return None


def validate(requests: list[Recorded]) -> list[dict]:
    """Run the node validator once over all requests; return its failures (empty when all pass)."""
    batch = [{"method": r.method, "path": r.path, "body": json.loads(r.body), "where": r.where} for r in requests]
    done = subprocess.run(
        [shutil.which("node") or "node", str(VALIDATOR)],
        input=json.dumps(batch),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=NODE_DIR,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the contract validator crashed ({done.returncode}):\n{done.stderr}")
    report = json.loads(done.stdout)
    assert report["checked"] == len(batch), report
    return report["failures"]
