"""The table's web page: the board, the names and the log behind the signed link; one 404 for every
wrong link; GET only; the headers; every text escaped; the rate limit."""

from __future__ import annotations

import re
from html import escape

from bot.tables.menu import open_text_fields
from bot.web.links import Links
from bot.web.ratelimit import RateLimit
from bot.web.server import HEADERS, NOT_FOUND
from engine import Chance
from tests.registry import GAMES, a_game, every_game

from .helpers import LINKS, played, serving

GAME = every_game()[0]
EVIL = "<script>alert('x')</script>"
OUR_SCRIPT = '<script src="/static/page.js" defer>'  # the page's one script, from the server itself


async def test_the_page_shows_the_board_its_text_the_seats_and_the_log(service):
    table = await played(service, GAME, 3)
    view = service.menu(table, None).view
    async with serving(service) as client:
        answer = await client.get(f"/t/{LINKS.token(table.id)}")
        html = await answer.text()
        assert answer.status == 200 and answer.content_type == "text/html"
        assert '<meta name="viewport"' in html and f"<h1>{escape(GAMES[GAME].title)}</h1>" in html
        for name in view["names"]:
            assert escape(name) in html
        picture = re.search(r'<img src="([^"]+)" alt="([^"]*)"', html)
        assert picture is not None and picture[2]  # the board's text is its alt text
        assert picture[1].startswith(f"/t/{LINKS.token(table.id)}/board.jpg")
        drawn = await client.get(picture[1])
        assert drawn.status == 200 and drawn.content_type == "image/jpeg"
        assert (await drawn.read())[:3] == b"\xff\xd8\xff"
        assert 'class="log"' in html and "The game begins" in html
        assert (await client.get("/static/page.css")).status == 200


async def test_a_wrong_link_and_an_unknown_table_get_the_same_404(service):
    table = await played(service, GAME, 1)
    token = LINKS.token(table.id)
    altered = token[:-1] + ("A" if token[-1] != "A" else "B")
    other_secret = Links("another secret, long enough", LINKS.base_url).token(table.id)
    unknown = LINKS.token(table.id + 41)  # rightly signed, but no such table
    answers = []
    async with serving(service) as client:
        for path in (
            f"/t/{altered}",
            f"/t/{other_secret}",
            f"/t/{unknown}",
            f"/t/{unknown}/board.jpg",
            f"/t/{unknown}/record.json",
            f"/t/{unknown}/events",
            f"/t/{altered}/events",
            f"/t/{table.id}",
            "/t/99999999999999999999-AAAAAAAAAAAAAAAAAAAAAA",
            "/nothing/here",
        ):
            answer = await client.get(path)
            answers.append((answer.status, await answer.text(), answer.content_type))
    assert set(answers) == {(404, NOT_FOUND, "text/plain")}


async def test_only_get_is_answered(service):
    table = await played(service, GAME, 1)
    async with serving(service) as client:
        for method in ("POST", "PUT", "DELETE", "HEAD"):
            answer = await client.request(method, f"/t/{LINKS.token(table.id)}")
            assert answer.status == 405, method
            assert answer.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


async def test_every_answer_has_the_headers_and_the_page_no_inline_script(service):
    table = await played(service, GAME, 2)
    async with serving(service) as client:
        for path in (f"/t/{LINKS.token(table.id)}", "/static/page.css", "/nowhere"):
            answer = await client.get(path)
            for header, value in HEADERS.items():
                assert answer.headers[header] == value
        html = await (await client.get(f"/t/{LINKS.token(table.id)}")).text()
    assert re.findall(r"<script[^>]*>", html, re.IGNORECASE) == [OUR_SCRIPT]
    assert "<style" not in html.lower() and " style=" not in html.lower()
    assert re.search(r"\son[a-z]+=", html) is None  # no inline handler either


async def test_a_text_a_player_writes_is_escaped(service):
    key = a_game(written=True)
    game = GAMES[key]
    table = await played(service, key, 0)
    for number in range(200):  # stand-ins play until a written move is legal, then it is written
        state = service.state_of(table)
        user = service.waiting_on(table)[0]
        seat = service.seat_of(table, user)
        assert seat is not None
        written = [move for move in game.legal_actions(state, seat) if open_text_fields(move)]
        if written:
            move = written[0]
            fields = open_text_fields(move)  # each its own text: a game may want them to differ
            move = move.model_copy(update={name: f"{EVIL} {n}" for n, name in enumerate(fields)})
            table = (await service.act(table.id, user, move, version=table.version)).table
            break
        action = game.stand_in(state, seat, Chance.seeded(f"escape:{number}"))
        table = (await service.act(table.id, user, action, version=table.version)).table
    else:
        raise AssertionError(f"{key}: no written move within 200 moves")
    async with serving(service) as client:
        html = await (await client.get(f"/t/{LINKS.token(table.id)}")).text()
    assert EVIL not in html and re.findall(r"<script[^>]*>", html, re.IGNORECASE) == [OUR_SCRIPT]
    assert escape(EVIL) in html  # shown, as text


async def test_too_many_requests_from_one_address_get_429(service):
    table = await played(service, GAME, 1)
    async with serving(service, limit=RateLimit(burst=5, rate=0.001)) as client:
        statuses = [(await client.get(f"/t/{LINKS.token(table.id)}")).status for _ in range(7)]
        late = await client.get("/static/page.css")
    assert statuses == [200] * 5 + [429] * 2
    assert late.status == 429 and int(late.headers["Retry-After"]) >= 1
    assert late.headers["X-Content-Type-Options"] == "nosniff"


def test_the_bucket_fills_again_with_time():
    clock = [0.0]
    limit = RateLimit(burst=2, rate=1.0, now=lambda: clock[0])
    assert [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")] == [True, True, False, True]
    clock[0] = 1.0
    assert limit.allow("a") and not limit.allow("a")


def test_a_link_names_its_table_and_nothing_else():
    token = LINKS.token(42)
    assert LINKS.table_of(token) == 42 and LINKS.url(42) == f"http://pages.test/t/{token}"
    assert len(token.split("-", 1)[1]) == 22
    assert LINKS.table_of(token.replace("42-", "43-")) is None
    assert LINKS.table_of("42") is None and LINKS.table_of(token + "A") is None


async def test_the_deadlines_are_utc_times(service):
    from bot.clock.scheduler import Clock

    clock = Clock(service, notices=None, now=lambda: 1_700_000_000.0)  # type: ignore[arg-type]  # nothing falls due here
    key = a_game(together=False, seats=2)
    table = await service.create(guild_id=1, channel_id=9, host_id=1000, game=key, seed="clock")
    await service.join(table.id, 1001)
    await clock.configure(table.id, pace=3600.0)
    table = (await service.start(table.id, 1000)).table
    await clock.sync(table.id)
    async with serving(service) as client:
        html = await (await client.get(f"/t/{LINKS.token(table.id)}")).text()
    assert '<time datetime="2023-11-14T23:13:20Z">2023-11-14 23:13 UTC</time>' in html  # an hour after the start
    assert "Next deadline" in html


async def test_a_lobby_has_a_page_but_no_picture_yet(service):
    table = await service.create(guild_id=1, channel_id=8, host_id=1000, game=GAME, seed="lobby")
    async with serving(service) as client:
        page = await client.get(f"/t/{LINKS.token(table.id)}")
        picture = await client.get(f"/t/{LINKS.token(table.id)}/board.jpg")
        html = await page.text()
        assert page.status == 200 and "has not started: 1 seated" in html and "<img" not in html
        assert (picture.status, await picture.text()) == (404, NOT_FOUND)
