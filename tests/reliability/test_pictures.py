"""Board pictures are drawn off the event loop and drawn once per table version."""

import os
import threading
from types import SimpleNamespace

from bot import render
from bot.discord_app.delivery.publisher import Publisher
from bot.games import plugin
from bot.store.sqlite import Store
from bot.tables.service import TableService
from engine import Chance
from tests.registry import a_game, games_with

PLAYERS = [100, 101, 102, 103, 104]


async def started_table(service: TableService, game: str, players: list[int]):
    table = await service.create(guild_id=1, channel_id=1, host_id=players[0], game=game, seed="p")
    for user in players[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, players[0])).table


async def stand_in_move(service: TableService, table):
    """The table after its one waiting seat's stand-in move."""
    (player,) = service.waiting_on(table)
    state, seat = service.state_of(table), service.seat_of(table, player)
    return (await service.act(table.id, player, service.game_of(table).stand_in(state, seat, Chance.seeded("m")))).table


async def test_a_picture_is_drawn_in_a_worker_thread_once_per_version(tmp_path, monkeypatch):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await started_table(service, a_game(seats=len(PLAYERS), together=False), PLAYERS)
    drawn = []
    real = render.render_picture

    def recording(game_key, view):
        drawn.append((threading.current_thread() is threading.main_thread(), view))
        return real(game_key, view)

    monkeypatch.setattr(render, "render_picture", recording)
    publisher = Publisher(SimpleNamespace(service=service))
    first = await publisher.pictures.board(table)
    again = await publisher.pictures.board(table)
    assert first.fp.getvalue() == again.fp.getvalue()
    assert first.fp.getvalue().startswith(b"\xff\xd8\xff")  # a JPEG
    before = service.menu(table, None).view
    assert drawn == [(False, before)]  # once, and not on the event loop's thread

    table = await stand_in_move(service, table)
    await publisher.pictures.board(table)
    after = service.menu(table, None).view
    assert drawn == [(False, before), (False, after)] and after != before  # a new version, a new picture
    await store.close()


async def test_pictures_are_drawn_in_a_process_of_their_own():
    """With a worker (the bot's default), drawing and encoding run in another process, so they never
    hold the event loop's GIL; the worker is started by spawn and answers like the thread does."""
    from bot.render.painter import Painter
    from engine import GAMES

    painter = Painter(workers=1)
    painter.start()
    try:
        for key, game in GAMES.items():
            state = game.setup(game.min_seats, game.Options(), Chance.seeded("painter"))
            picture = await painter.paint(key, game.view(state, None))
            assert picture.startswith(b"\xff\xd8\xff"), key
        (worker,) = painter._pool._processes.values()
        assert worker.pid != os.getpid() and worker.is_alive()
    finally:
        painter.stop()


PAINTER_THEN_SIGKILL = """
import asyncio, os, signal, sys
from bot.render.painter import Painter
from engine import GAMES, Chance

async def main(key):
    painter = Painter(workers=1)
    painter.start()
    game = GAMES[key]
    await painter.paint(key, game.view(game.setup(game.min_seats, game.Options(), Chance.seeded("x")), None))
    (worker,) = painter._pool._processes.values()
    print(worker.pid, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # a crash: no shutdown of the pool

asyncio.run(main(sys.argv[1]))
"""


def test_the_picture_process_ends_when_the_bot_is_killed():
    """A bot killed with SIGKILL leaves no picture process behind (each would hold ~50 MB forever:
    the crash tests alone left hundreds)."""
    import subprocess
    import sys
    import time

    key = a_game(toy=False)  # one the bot knows without the test run's plug-ins
    ran = subprocess.run([sys.executable, "-c", PAINTER_THEN_SIGKILL, key], capture_output=True, text=True, timeout=30)
    assert ran.returncode == -9, ran.stderr
    worker = int(ran.stdout.split()[0])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(worker):
        time.sleep(0.05)
    assert not _alive(worker), f"the picture process {worker} outlived the bot"


def _alive(pid: int) -> bool:
    """Running, and not a zombie (an orphan is reaped by init, but be exact)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def test_a_board_edited_in_place_keeps_its_picture_unless_what_is_drawn_changed(tmp_path):
    """A game without a `position` hook: a new board always gets its picture, but an edit sends the
    picture again only if the public view (all a picture is drawn from) changed."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    game = next(key for key in games_with(seats=2, together=False) if plugin(key).presentation.position is None)
    table = await started_table(service, game, PLAYERS[:2])
    publisher = Publisher(SimpleNamespace(service=service))
    assert publisher.pictures.moved(table) and publisher.pictures.moved(table, drawn=True)
    publisher.pictures.posted(table)  # as a posted board records it
    assert publisher.pictures.moved(table)  # a new board: its picture again
    assert not publisher.pictures.moved(table, drawn=True)  # an edit: nothing drawn changed, nothing uploaded
    table = await stand_in_move(service, table)
    assert publisher.pictures.moved(table, drawn=True)  # the move changed the board: a new picture
    await store.close()


async def test_the_web_page_and_the_board_in_discord_share_one_drawing_even_asked_at_once(tmp_path, monkeypatch):
    import asyncio

    from bot.render.painter import Painter

    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await started_table(service, a_game(seats=len(PLAYERS), together=False), PLAYERS)
    drawn = []
    real = render.render_picture

    def recording(game_key, view):
        drawn.append(view)
        return real(game_key, view)

    monkeypatch.setattr(render, "render_picture", recording)
    painter = Painter(0)
    publisher = Publisher(SimpleNamespace(service=service), painter)
    view = service.menu(table, None).view
    board, web = await asyncio.gather(
        publisher.pictures.board(table), painter.picture((table.id, table.version, None), table.game, view)
    )
    assert board.fp.getvalue() == web and len(drawn) == 1

    def failing(game_key, view):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(render, "render_picture", failing)
    table = await stand_in_move(service, table)
    assert await publisher.pictures.board(table) is None  # the text goes out without it
    monkeypatch.setattr(render, "render_picture", recording)
    assert (await publisher.pictures.board(table)).fp.getvalue().startswith(b"\xff\xd8\xff")  # a failure is not kept
    painter.stop()
    await store.close()
