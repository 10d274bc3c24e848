"""The REST plumbing shared by the route modules: the route table, a parsed request (`Call`),
and `Refusal`, which answers with Discord's error body (and, by default, fails the test)."""

from __future__ import annotations

import contextvars
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from aiohttp import web

if TYPE_CHECKING:
    from .server import FakeDiscord


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes


@dataclass
class Call:
    fake: FakeDiscord
    request: web.Request
    method: str
    template: str
    params: dict[str, str]
    body: Any = None
    uploads: list[Upload] = field(default_factory=list)

    @property
    def query(self) -> Any:
        return self.request.query

    def id(self, name: str) -> int:
        return int(self.params[name])


class Refusal(Exception):
    """Answer with Discord's error. `violation=False` for refusals a correct bot must expect
    (a DM to a user whose DMs are closed)."""

    def __init__(
        self, status: int, code: int, message: str, *, problems: list[tuple[str, str]] = (), violation: bool = True
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.problems, self.violation = list(problems), violation

    def body(self) -> dict:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.problems:
            errors: dict[str, Any] = {}
            for path, text in self.problems:
                node = errors
                for part in path.split("."):
                    node = node.setdefault(part, {})
                node.setdefault("_errors", []).append({"code": "FAKE_DISCORD_LIMIT", "message": text})
            out["errors"] = errors
        return out

    def describe(self) -> str:
        details = "".join(f"\n      {path}: {text}" for path, text in self.problems)
        return f"{self.status} {self.message} (code {self.code}){details}"


def invalid_form(problems: list[tuple[str, str]]) -> Refusal:
    return Refusal(400, 50035, "Invalid Form Body", problems=problems)


def json_response(payload: Any, status: int = 200) -> web.Response:
    # discord.py decodes JSON only when Content-Type is exactly application/json (no charset)
    return web.Response(body=json.dumps(payload).encode(), status=status, headers={"Content-Type": "application/json"})


Handler = Callable[[Call], Awaitable[Any]]


@dataclass
class Route:
    method: str
    template: str
    pattern: re.Pattern
    handler: Handler
    auth: bool


ROUTES: list[Route] = []
NO_CONTENT = object()
# the request being handled (method, route template), for what records it (mention auditing)
_current: contextvars.ContextVar[tuple[str, str]] = contextvars.ContextVar("fake_request", default=("", ""))


def current_route() -> tuple[str, str]:
    return _current.get()


def handling(method: str, template: str) -> None:
    """Say which request this task handles (each aiohttp request runs in its own task)."""
    _current.set((method, template))


def _pattern(template: str) -> re.Pattern:
    def part(match: re.Match) -> str:
        name = match.group(1)
        body = r"[^/]+" if name.endswith("token") else r"\d+"
        return f"(?P<{name}>{body})"

    return re.compile("^" + re.sub(r"\{(\w+)\}", part, template) + "$")


def route(method: str, template: str, *, auth: bool = True) -> Callable[[Handler], Handler]:
    """Register a handler under Discord's OpenAPI path template (the contract check uses it).
    The handler returns a JSON-able payload, or NO_CONTENT for 204."""

    def register(handler: Handler) -> Handler:
        ROUTES.append(Route(method, template, _pattern(template), handler, auth))
        return handler

    return register


def find_route(method: str, path: str) -> tuple[Route, dict[str, str]] | None:
    for candidate in ROUTES:
        if candidate.method == method:
            match = candidate.pattern.match(path)
            if match:
                return candidate, match.groupdict()
    return None
