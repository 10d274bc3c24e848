"""The floor under the whole bot's Discord layer: what aiohttp alone costs for the requests a move
makes, before discord.py builds or reads anything. `python -m bench --only http`.

A bare aiohttp server (`python -m bench.http_floor PORT CORE`, in a process of its own on one core) answers
every request with a small JSON body, as Discord does; this process, on another core, sends it the
two kinds of request a move makes: an interaction's answer (a JSON body of about 2 kB: text and
four rows of buttons) and a board edit (multipart: that JSON and a 94 kB JPEG, the size of a board).
The figure is this process's CPU time a request (time.process_time), over ROUNDS requests, REPEATS
times: the client's side is what the bot pays.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time

ROUNDS, REPEATS, WARM_UP = 2000, 3, 100
PICTURE_BYTES = 94 * 1024


def serve(port: int, core: int | None) -> None:
    from aiohttp import web

    if core is not None:
        os.sched_setaffinity(0, {core})

    async def answer(request: web.Request) -> web.Response:
        await request.read()
        return web.json_response({"id": "1", "type": 0, "content": ""})

    app = web.Application(client_max_size=1 << 24)
    app.router.add_route("*", "/{tail:.*}", answer)
    web.run_app(app, host="127.0.0.1", port=port, print=None, handle_signals=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def interaction_answer() -> str:
    rows = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": f"Move {row}-{n}", "custom_id": f"pt:move:1:2:{row:04d}{n:04d}"}
                for n in range(5)
            ],
        }
        for row in range(4)
    ]
    return json.dumps({"type": 7, "data": {"content": "x" * 800, "components": rows}})


async def costs(url: str) -> dict[str, list[float]]:
    import aiohttp

    body, picture = interaction_answer(), os.urandom(PICTURE_BYTES)

    def board_edit() -> aiohttp.FormData:
        form = aiohttp.FormData()
        form.add_field("payload_json", body, content_type="application/json")
        form.add_field("files[0]", picture, filename="board.jpg", content_type="image/jpeg")
        return form

    kinds = {
        "an interaction's answer (JSON, 2 kB)": lambda session: session.post(
            url, data=body, headers={"Content-Type": "application/json"}
        ),
        "a board edit (multipart, a 94 kB picture)": lambda session: session.patch(url, data=board_edit()),
    }
    figures: dict[str, list[float]] = {kind: [] for kind in kinds}
    async with aiohttp.ClientSession() as session:
        for kind, send in kinds.items():
            for repeat in range(REPEATS + 1):
                rounds = WARM_UP if repeat == 0 else ROUNDS
                started = time.process_time()
                for _ in range(rounds):
                    async with send(session) as response:
                        await response.json()
                if repeat:
                    figures[kind].append((time.process_time() - started) / rounds * 1e6)
    return figures


async def wait_for(port: int, server: subprocess.Popen, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the bare HTTP server did not start") from None
            await asyncio.sleep(0.05)


def run(say) -> dict:
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    client_core = allowed[-1] if len(allowed) > 1 else None
    server_core = allowed[0] if len(allowed) > 1 else None
    port = free_port()
    command = [sys.executable, "-m", "bench.http_floor", str(port)] + (
        [str(server_core)] if server_core is not None else []
    )
    server = subprocess.Popen(command, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    saved = set(allowed)
    try:
        if client_core is not None:
            os.sched_setaffinity(0, {client_core})
        asyncio.run(wait_for(port, server))
        figures = asyncio.run(costs(f"http://127.0.0.1:{port}/"))
    finally:
        server.terminate()
        server.wait(timeout=10)
        if saved:
            os.sched_setaffinity(0, saved)
    say(
        "Under the Discord layer: aiohttp alone, client CPU a request against a bare local server "
        f"({REPEATS} x {ROUNDS} requests of each kind"
        + (f"; the client on core {client_core}, the server on core {server_core}" if client_core is not None else "")
        + "):"
    )
    for kind, values in figures.items():
        say(f"  {kind:<44} {min(values):,.0f}-{max(values):,.0f} µs")
    return {kind: [round(value, 1) for value in values] for kind, values in figures.items()}


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else None)
