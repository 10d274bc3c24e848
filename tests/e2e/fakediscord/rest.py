"""Entry point for every HTTP request: find the route (an unknown one fails the test), check the
bot token, parse JSON or multipart (payload_json + files[n]), answer with a fault the test planned
(faults.py), record the body for the contract check, run the handler, and turn a `Refusal` into
Discord's error answer."""

from __future__ import annotations

import json
import re
import traceback
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import contract, routes_app, routes_channels, routes_interactions  # noqa: F401  (register routes)
from .wire import NO_CONTENT, Call, Refusal, Upload, find_route, handling, json_response

if TYPE_CHECKING:
    from .server import FakeDiscord

API_PREFIX = "/api/v10"
RAW_REQUEST_HEADER = "X-E2E-Raw-Request"
FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


async def handle(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    fake._inflight += 1
    fake.touch()
    try:
        return await _handle(fake, request)
    finally:
        fake._inflight -= 1
        fake.touch()


async def _handle(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    method, path = request.method, request.path
    found = find_route(method, path[len(API_PREFIX) :]) if path.startswith(API_PREFIX + "/") else None
    if found is None:
        fake.violation(
            "unknown-route",
            f"{method} {request.path_qs}: the fake Discord does not know this route "
            "(add it to tests/e2e/fakediscord if the bot really needs it)",
        )
        return json_response({"message": "404: Not Found", "code": 0}, status=404)
    route, params = found
    if route.auth and request.headers.get("Authorization") != f"Bot {fake.token}":
        fake.violation(401, f"{method} {route.template} without the bot token")
        return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
    try:
        body, uploads = await _read_body(request)
    except ConnectionResetError:  # the bot went away mid-request (a crash test killed it): nothing arrived
        return web.Response(status=400)
    except ValueError as exc:
        fake.violation(50109, f"{method} {route.template}: {exc}")
        return json_response({"message": "The request body contains invalid JSON.", "code": 50109}, status=400)
    # a fault the test planned (faults.py) is answered instead, and nothing is done or recorded
    faulted = fake.faults.answer(method, route.template, params, path, body)
    if faulted is not None:
        return faulted
    fake.requests.append((method, route.template))
    handling(method, route.template)
    call = Call(fake, request, method, route.template, params, body, uploads)
    # the contract check sees what the bot sent and the fake accepted (a refused body already
    # failed the test); requests a test makes by hand to probe the fake are not the bot's
    record = RAW_REQUEST_HEADER not in request.headers
    try:
        result = await route.handler(call)
    except Refusal as refusal:
        if refusal.violation:
            fake.violation(refusal.code, f"{method} {route.template}: {refusal.describe()}")
            record = False
        return json_response(refusal.body(), status=refusal.status)
    except Exception:
        # a bug in the fake itself: fail loudly, and answer 400 (a 5xx makes discord.py retry for 16 s)
        fake.violation("fake-bug", f"{method} {route.template} crashed the fake:\n{traceback.format_exc()}")
        record = False
        return json_response({"message": "the fake Discord crashed", "code": 0}, status=400)
    finally:
        if record:
            contract.record(method, route.template, body, where=fake.test_id)
    if result is NO_CONTENT:
        return web.Response(status=204)
    return json_response(result)


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if not request.can_read_body:
        return None, []
    kind = request.content_type
    if kind == "application/json":
        try:
            return json.loads(await request.text()), []
        except json.JSONDecodeError as exc:
            raise ValueError(f"invalid JSON body: {exc}") from None
    if kind == "multipart/form-data":
        body: Any = None
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.name and (match := FILE_FIELD.match(part.name)):
                uploads.append(Upload(int(match.group(1)), part.filename or "file", bytes(await part.read())))
            else:
                raise ValueError(f"unexpected multipart field {part.name!r}")
        return body, uploads
    raise ValueError(f"unexpected Content-Type {kind!r}")
