"""Picture rendering: time per game, and proof that the bot draws off the event loop, once per version."""

from __future__ import annotations

import asyncio
import threading
import time
from types import SimpleNamespace

from engine import GAMES

from .load import percentile
from .scripts import Script


def blank_pictures() -> None:
    """Every picture the bot asks for from now on is one blank 16x16 JPEG, made once: the whole-bot
    bench runs its load once so, to show what the bot costs without drawing or encoding a board
    (the request that carries it is still made, with its few hundred bytes)."""
    from io import BytesIO

    from PIL import Image

    from bot import render

    buffer = BytesIO()
    Image.new("RGB", (16, 16)).save(buffer, format="JPEG")
    blank = buffer.getvalue()
    render.render_picture = lambda game_key, view: blank


def render_times(scripts: list[Script], per_game: int) -> dict[str, dict]:
    from bot import render

    figures = {}
    for key, game in sorted(GAMES.items()):
        states = [state for script in scripts if script.game == key for state in script.states]
        states = states[:: max(1, len(states) // per_game)][:per_game]
        times, sizes = [], []
        for state in states:
            view = game.view(game.State.model_validate_json(state), None)
            started = time.perf_counter()
            png = render.render_picture(key, view)
            times.append(time.perf_counter() - started)
            sizes.append(len(png))
        times.sort()
        figures[key] = {
            "renderer": True,
            "pictures": len(times),
            "p50_ms": round(percentile(times, 50) * 1000, 1),
            "p95_ms": round(percentile(times, 95) * 1000, 1),
            "mean_kb": round(sum(sizes) / len(sizes) / 1024, 1),
        }
    return figures


async def off_the_loop(path, game_key: str | None = None) -> dict:
    """Draw boards through the bot's Publisher while a ticker runs on the loop: the ticker's
    longest wait shows whether drawing held the loop up. Drawing twice at one version must draw once.
    The board is `game_key`'s, by default the first registered game's."""
    from bot import render
    from bot.discord_app.delivery.publisher import Publisher
    from bot.store.sqlite import Store
    from bot.tables.service import TableService

    game_key = game_key or next(iter(GAMES))
    game = GAMES[game_key]
    store = await Store.open(path)
    service = TableService(store)
    users = list(range(1, game.min_seats + 1))
    table = await service.create(guild_id=1, channel_id=1, host_id=users[0], game=game_key, seed="pictures")
    for user in users[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, users[0])).table
    calls, real = [], render.render_picture

    def counting(key, view):
        calls.append(threading.current_thread() is threading.main_thread())
        return real(key, view)

    render.render_picture = counting
    publisher = Publisher(SimpleNamespace(service=service))
    gaps, ticking = [], True

    async def ticker():
        last = time.perf_counter()
        while ticking:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticks = asyncio.create_task(ticker())
    try:
        drawn = time.perf_counter()
        for _ in range(5):
            await publisher.pictures.board(table)  # the same version: drawn once, then from the cache
        first_five = time.perf_counter() - drawn
    finally:
        ticking = False
        await ticks
        render.render_picture = real
        await store.close()
    return {
        "game": game_key,
        "drawn": len(calls),
        "asked": 5,
        "on_loop_thread": any(calls),
        "five_pictures_ms": round(first_five * 1000, 1),
        "longest_loop_stall_ms": round(max(gaps) * 1000, 1),
    }


def main() -> None:
    """`python -m bench.pictures`: the service part's picture figures alone, measured as `make bench`
    measures them (the same games, 40 pictures a game, pinned to one core, the bot's collector)."""
    import gc
    import os
    import tempfile
    from pathlib import Path

    from bot.discord_app.app import GC_THRESHOLDS

    from .scripts import scripts_for_every_game
    from .service_bench import report_pictures

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    results = {"pictures": render_times(scripts_for_every_game(6, sample_every=5), 40)}
    with tempfile.TemporaryDirectory() as folder:
        results["pictures_in_the_bot"] = asyncio.run(off_the_loop(Path(folder) / "pictures.sqlite3"))
    report_pictures(results, print)


if __name__ == "__main__":
    main()
