"""The pages' live updates (docs/web.md, "Live updates"): /t/<token>/events sends the page's new
<main> to every open stream when the table changes through the service (a move, a join, a
moderator's action, the clock's deadlines), and only then; the caps per address and in all; the
heartbeat; every stream ends when the server stops, the bot's too; the script the page loads."""

from __future__ import annotations

import asyncio
import json
import re

import aiohttp

from bot.clock.scheduler import Clock
from bot.discord_app.app import TableBot
from bot.render.painter import Painter
from bot.settings import load_settings
from bot.tables.web_pages import WebPages
from bot.web.live import Live
from bot.web.page import state_of
from bot.web.server import HEADERS
from engine import Chance
from tests.registry import GAMES, a_game, every_game

from .helpers import LINKS, Stream, page_state, played, serving, within
from .test_settings_and_watch import SECRET, free_port

GAME = every_game()[0]


async def one_move(service, table):
    """The next move of the first seat the table waits on, a stand-in's choice."""
    user = service.waiting_on(table)[0]
    seat = service.seat_of(table, user)
    action = GAMES[table.game].stand_in(service.state_of(table), seat, Chance.seeded(f"live:{table.version}"))
    return (await service.act(table.id, user, action, version=table.version)).table


async def until(condition) -> None:
    """Wait until `condition()` holds (a test wraps this in `within`)."""
    while not condition():
        await asyncio.sleep(0.01)


def main_of(event: dict[str, str]) -> tuple[int, str]:
    data = json.loads(event["data"])
    return data["version"], data["main"]


async def test_a_move_sends_its_page_to_every_open_stream_and_nothing_before(service):
    table = await played(service, GAME, 2)
    token = LINKS.token(table.id)
    async with serving(service) as client:
        version, state, _ = page_state(await (await client.get(f"/t/{token}")).text())
        assert version == table.version
        streams = [await client.get(f"/t/{token}/events", params={"since": state}) for _ in range(2)]
        for answer in streams:
            assert answer.status == 200 and answer.content_type == "text/event-stream"
            assert answer.headers["Cache-Control"] == "no-cache"
            for header, value in HEADERS.items():
                assert answer.headers[header] == value
        readers = [Stream(answer) for answer in streams]
        assert [await reader.block() for reader in readers] == [{"retry": "3000"}] * 2
        moved = await one_move(service, table)
        events = [await within(reader.event(), "the move's event") for reader in readers]
        html = await (await client.get(f"/t/{token}")).text()
        for answer in streams:
            answer.close()
    new_version, new_state, new_main = page_state(html)
    assert new_version == moved.version == table.version + 1
    for event in events:  # the first event is the move's: none was sent before it
        assert event["event"] == "table" and event["id"] == new_state
        assert main_of(event) == (new_version, new_main)  # the page's own <main>, as reloading it shows
        assert state_of(new_version, new_main) == new_state
    assert readers[0].raw[-1] == readers[1].raw[-1]  # one frame for every stream


async def test_a_stream_sends_the_table_at_once_unless_the_viewer_has_it(service):
    table = await played(service, GAME, 1)
    token = LINKS.token(table.id)
    async with serving(service) as client:
        version, state, main = page_state(await (await client.get(f"/t/{token}")).text())
        fresh = Stream(await client.get(f"/t/{token}/events"))
        assert main_of(await within(fresh.event(), "the table now")) == (version, main)
        behind = Stream(await client.get(f"/t/{token}/events", headers={"Last-Event-ID": "1.0"}))
        assert (await within(behind.event(), "the table now"))["id"] == state  # reconnected after a change
        current = Stream(await client.get(f"/t/{token}/events", headers={"Last-Event-ID": state}))
        moved = await one_move(service, table)
        event = await within(current.event(), "the move's event")  # the first it gets
        for reader in (fresh, behind, current):
            reader.response.close()
    assert main_of(event)[0] == moved.version


async def test_joins_a_moderator_s_end_and_the_clock_s_deadlines_are_sent(service):
    key = a_game(together=False, seats=2)
    clock = Clock(service, notices=None, now=lambda: 1_700_000_000.0)  # type: ignore[arg-type]  # nothing falls due
    table = await service.create(guild_id=1, channel_id=5, host_id=1000, game=key, seed="live")
    token = LINKS.token(table.id)
    async with serving(service) as client:
        _, state, _ = page_state(await (await client.get(f"/t/{token}")).text())
        reader = Stream(await client.get(f"/t/{token}/events", params={"since": state}))
        await service.join(table.id, 1001)
        joined = main_of(await within(reader.event(), "the join"))
        assert joined[0] == table.version + 1 and "2 seated so far" in joined[1]
        await clock.configure(table.id, pace=3600.0)
        table = (await service.start(table.id, 1000)).table
        await clock.sync(table.id)
        started = main_of(await within(reader.event(), "the start"))
        while "Next deadline" not in started[1]:  # the start, then its deadlines: one event or two
            started = main_of(await within(reader.event(), "the deadlines"))
        assert '<time datetime="2023-11-14T23:13:20Z">' in started[1]
        await clock.configure(table.id, pace=7200.0)  # no new version: only the deadlines change
        paced = main_of(await within(reader.event(), "the new deadlines"))
        assert paced[0] == table.version and '<time datetime="2023-11-15T00:13:20Z">' in paced[1]
        await service.end(table.id, 9, moderator=True)
        ended = main_of(await within(reader.event(), "the end"))
        reader.response.close()
    assert ended[0] == table.version + 1 and "ended by a moderator" in ended[1]


async def test_streams_are_capped_per_address_and_in_all(service):
    table = await played(service, GAME, 1)
    path = f"/t/{LINKS.token(table.id)}/events"
    live = Live(service.store.changes, per_address=2, heartbeat=0.05)
    async with serving(service, live=live) as client:
        first, second = await client.get(path), await client.get(path)
        refused = await client.get(path)
        assert (first.status, second.status, refused.status) == (200, 200, 429)
        assert int(refused.headers["Retry-After"]) >= 1 and "page itself still works" in await refused.text()
        assert refused.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
        first.close()  # the viewer leaves: the next heartbeat finds it gone, and its place is free
        await within(until(lambda: live.open == 1), "the stream's end to be noticed")
        again = await client.get(path)
        assert again.status == 200
        assert (await within(Stream(again).block(), "the opening"))["retry"] == "3000"
        for answer in (second, again):
            answer.close()
    live = Live(service.store.changes, per_address=10, total=2)
    async with serving(service, live=live) as client:
        answers = [await client.get(path) for _ in range(3)]
        assert [answer.status for answer in answers] == [200, 200, 503]
        for answer in answers:
            answer.close()


async def test_a_quiet_stream_gets_heartbeats(service):
    table = await played(service, GAME, 1)
    live = Live(service.store.changes, heartbeat=0.01)
    async with serving(service, live=live) as client:
        reader = Stream(await client.get(f"/t/{LINKS.token(table.id)}/events"))
        await within(reader.event(), "the table now")
        assert await within(reader.block(), "a heartbeat") == {":": "still here"}
        reader.response.close()


async def test_streams_end_when_the_server_stops(service):
    table = await played(service, GAME, 1)
    async with serving(service) as client:
        readers = [Stream(await client.get(f"/t/{LINKS.token(table.id)}/events")) for _ in range(3)]
        for reader in readers:
            await within(reader.event(), "the table now")
        await within(client.server.close(), "the server to stop")  # as TableBot.stop_web stops it
        for reader in readers:
            assert await within(reader.ended(), "the stream to end")


async def test_the_bot_s_stop_ends_the_open_streams(service, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # away from any .env
    monkeypatch.setenv("BOT_WEB_PORT", str(free_port()))
    monkeypatch.setenv("BOT_WEB_SECRET", SECRET)
    bot = TableBot(load_settings())
    bot.service = service
    bot.web_pages = WebPages(service.store)  # as setup_hook makes them
    table = await played(service, GAME, 1)
    painter = Painter(0)
    await bot.start_web(painter)
    try:
        assert bot.web_links is not None
        async with aiohttp.ClientSession() as session:
            async with session.get(bot.web_links.url(table.id) + "/events") as answer:
                reader = Stream(answer)
                await within(reader.event(), "the table now")
                await within(bot.stop_web(), "the web to stop")
                assert await within(reader.ended(), "the stream to end")
    finally:
        painter.stop()


async def test_the_page_loads_its_script_and_names_its_parts(service):
    table = await played(service, GAME, 2)
    token = LINKS.token(table.id)
    async with serving(service) as client:
        html = await (await client.get(f"/t/{token}")).text()
        script = await client.get("/static/page.js")
        source = await script.text()
        lobby = await service.create(guild_id=1, channel_id=6, host_id=1000, game=GAME, seed="lobby")
        empty = await (await client.get(f"/t/{LINKS.token(lobby.id)}")).text()
    assert script.status == 200 and script.content_type == "text/javascript" and script.charset == "utf-8"
    assert script.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    assert re.search(r'<script src="/static/page.js" defer></script>\s*</head>', html)
    assert f'<body data-live="/t/{token}/events" data-state="' in html
    assert f'<main id="table" data-version="{table.version}">' in html
    for part in ('<figure id="board">', '<ol id="seats"', '<ol id="log"'):
        assert part in html
    assert '<p id="board" class="muted">' in empty and '<main id="table" data-version="0">' in empty
    assert "Intl.DateTimeFormat" in source and "EventSource" in source  # its two jobs
    assert "innerHTML" not in source and "eval(" not in source


async def test_a_watched_tables_page_is_its_latest_frame_not_read_again(service, monkeypatch):
    table = await played(service, GAME, 2)
    token = LINKS.token(table.id)
    async with serving(service) as client:
        unwatched = await (await client.get(f"/t/{token}")).text()
        stream = await client.get(f"/t/{token}/events")
        reader = Stream(stream)
        await reader.block()  # retry
        await within(reader.event(), "the table now")
        reads: list[int] = []
        real = service.store.actions

        async def counted(table_id, *args, **kwargs):
            reads.append(table_id)
            return await real(table_id, *args, **kwargs)

        monkeypatch.setattr(service.store, "actions", counted)
        watched = await (await client.get(f"/t/{token}")).text()
        assert watched == unwatched and reads == []  # the same page, from the watcher's frame
        moved = await one_move(service, table)
        await within(reader.event(), "the move's event")
        after = await (await client.get(f"/t/{token}")).text()
        assert page_state(after)[0] == moved.version and len(reads) == 1  # read once, by the watcher
        stream.close()


async def test_a_version_whose_picture_shows_nothing_new_is_not_drawn_again(service, monkeypatch):
    """A move that changes only the text (a stone cast on a question), as the game's presentation
    says, keeps the picture drawn before, as the board in Discord keeps its picture then."""
    import bot.render
    from bot.games import plugin

    key = next(key for key in every_game() if plugin(key).presentation.position is not None)
    position = plugin(key).presentation.position
    table = await played(service, key, 1, seed="drawn")
    drawn: list[int] = []
    real = bot.render.render_picture

    def counting(game_key, view):
        drawn.append(1)
        return real(game_key, view)

    monkeypatch.setattr(bot.render, "render_picture", counting)
    token = LINKS.token(table.id)

    async def named(client) -> str:
        """The picture the page names (`?v=` the version that drew it)."""
        found = re.search(r'src="(/t/[^"]+/board\.jpg\?v=\d+)"', await (await client.get(f"/t/{token}")).text())
        assert found is not None
        return found[1]

    async with serving(service) as client:
        src = await named(client)
        before = await (await client.get(src)).read()
        same_seen = changed_seen = False
        for _ in range(40):
            shown = position(service.menu(table, None).view)
            table = await one_move(service, table)
            if table.status != "running":
                break
            count = len(drawn)
            now_src = await named(client)
            answer = await client.get(now_src)
            now = await answer.read()
            assert answer.headers["Cache-Control"] == "private, max-age=86400, immutable"  # that name never changes
            if position(service.menu(table, None).view) == shown:
                assert (now_src, now, len(drawn)) == (src, before, count)  # nothing new to draw or fetch
                same_seen = True
            else:
                assert now_src != src and len(drawn) == count + 1
                changed_seen = True
            src, before = now_src, now
        stale = await client.get(f"/t/{token}/board.jpg?v=0")
        assert stale.headers["Cache-Control"] == "no-cache"  # another name: the picture now, not kept
        assert same_seen and changed_seen
