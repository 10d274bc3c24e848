"""The replay stepper (bot/web/steps.py): every step of every game shows the board as the table
showed it then (the same picture, byte for byte, and the same text), whatever came after; a
rollback is a step of its own; each public log line is on one step; the links and their ends; one
404 for a step there is not; stepping a game rebuilds it once per version."""

from __future__ import annotations

import asyncio
import re

import pytest

import bot.web.steps
from bot.tables.moderation import Moderation
from bot.web.server import HEADERS, NOT_FOUND
from tests.registry import every_game

from .helpers import LINKS, one_move, played, serving
from .test_pages import OUR_SCRIPT

MOVES = 6
MOD = 99
GAME = every_game()[0]
BOARD = re.compile(r'<p class="board">(.*?)</p>', re.S)
LOG_LINES = re.compile(r'<ol (?:id="log" )?class="log">\n(.*?)\n</ol>', re.S)


def board_text(html: str) -> str:
    found = BOARD.search(html)
    assert found is not None, html
    return found[1]


def log_lines(html: str) -> list[str]:
    found = LOG_LINES.search(html)
    return found[1].split("\n") if found else []


async def shown(client, path: str) -> tuple[str, bytes]:
    """A page's board text, and its picture (`path`: the page; its picture is `path`/board.jpg)."""
    page = await client.get(path)
    assert page.status == 200, path
    picture = await client.get(f"{path}/board.jpg")
    assert picture.status == 200 and picture.content_type == "image/jpeg", path
    return board_text(await page.text()), await picture.read()


@pytest.mark.parametrize("key", every_game())
async def test_every_step_shows_the_board_as_the_table_showed_it_then(service, key):
    table = await played(service, key, 0, seed=f"steps:{key}")
    token = LINKS.token(table.id)
    async with serving(service) as client:
        then = [await shown(client, f"/t/{token}")]  # the set-up, as the table's page showed it
        for number in range(MOVES):
            table = await one_move(service, table, f"steps:{key}:{number}")
            then.append(await shown(client, f"/t/{token}"))
            if table.status != "running":
                break
        last = len(then) - 1
        for n, (text, picture) in enumerate(then):
            html = await (await client.get(f"/t/{token}/step/{n}")).text()
            assert f"step {n} of {last}</p>" in html
            assert (board_text(html), await (await client.get(f"/t/{token}/step/{n}/board.jpg")).read()) == (
                text,
                picture,
            ), f"{key}: step {n} is not the board the table showed then"
        for path in (f"/t/{token}/step/{last + 1}", f"/t/{token}/step/{last + 1}/board.jpg"):
            answer = await client.get(path)
            assert (answer.status, await answer.text()) == (404, NOT_FOUND)


async def test_a_rollback_is_a_step_back_to_the_position_before(service):
    table = await played(service, GAME, 3, seed="rollback")
    await Moderation(service).rollback(table.id, MOD, 2, moderator=True)
    token = LINKS.token(table.id)
    async with serving(service) as client:
        assert await shown(client, f"/t/{token}/step/4") == await shown(client, f"/t/{token}/step/1")
        assert await shown(client, f"/t/{token}/step/4") != await shown(client, f"/t/{token}/step/3")
        html = await (await client.get(f"/t/{token}/step/4")).text()
        table_page = await (await client.get(f"/t/{token}")).text()
    assert "step 4 of 4" in html and "rolled back the last 2 moves" in html
    assert f'<a href="/t/{token}/step/4">Step 4, the latest</a>' in table_page


async def test_each_public_log_line_is_on_exactly_one_step(service):
    moderation = Moderation(service)
    table = await played(service, GAME, 2, seed="lines", seats=2)
    await moderation.pause(table.id, MOD, moderator=True)  # between two moves: told on the next one's step
    table = (await moderation.resume(table.id, MOD, moderator=True)).table
    table = await one_move(service, table, "lines:more")
    await moderation.pause(table.id, MOD, moderator=True)  # after the last move: told on the last step
    token = LINKS.token(table.id)
    async with serving(service) as client:
        everything = log_lines(await (await client.get(f"/t/{token}")).text())
        steps = [log_lines(await (await client.get(f"/t/{token}/step/{n}")).text()) for n in range(4)]
    assert [line for step in steps for line in step] == everything
    assert any("joins the table" in line for line in steps[0]) and any("begins" in line for line in steps[0])
    assert any("paused" in line for line in steps[3]) and any("resumed" in line for line in steps[3])
    assert any("paused" in line for line in steps[3][-1:])


async def test_the_links_between_steps_and_their_ends(service):
    table = await played(service, GAME, 2, seed="links")
    lobby = await service.create(guild_id=1, channel_id=5, host_id=1, game=GAME, seed="lobby")
    token = LINKS.token(table.id)
    step = f"/t/{token}/step"
    async with serving(service) as client:
        pages = [await (await client.get(f"{step}/{n}")).text() for n in range(3)]
        table_page = await (await client.get(f"/t/{token}")).text()
        lobby_page = await (await client.get(f"/t/{LINKS.token(lobby.id)}")).text()
        jumped = await client.get(f"{step}?n=2", allow_redirects=False)
        answers = await client.get(f"{step}/1")
        missing = []
        for path in (
            f"{step}/3",
            f"{step}/01",
            f"{step}/1234567890",
            f"{step}/3/board.jpg",
            f"{step}/-1",
            f"{step}/one",
            f"{step}?n=two",
            f"{step}?n=",
            f"/t/{LINKS.token(lobby.id)}/step/0",
            f"/t/{LINKS.token(table.id + 1)}/step/0",
        ):
            answer = await client.get(path, allow_redirects=False)
            missing.append((path, answer.status, await answer.text()))
    first, middle, last = pages
    assert '<span class="muted" aria-disabled="true">⏮ First</span>' in first
    assert '<span class="muted" aria-disabled="true">◀ Back</span>' in first
    assert f'<a href="{step}/1" rel="next">Forward ▶</a>' in first and f'<a href="{step}/2">Last ⏭</a>' in first
    assert f'<a href="{step}/0">⏮ First</a>' in middle and f'<a href="{step}/0" rel="prev">◀ Back</a>' in middle
    assert f'<a href="{step}/2" rel="next">Forward ▶</a>' in middle
    assert '<span class="muted" aria-disabled="true">Forward ▶</span>' in last
    assert '<span class="muted" aria-disabled="true">Last ⏭</span>' in last
    assert f'<a href="/t/{token}">Back to the table</a>' in last and "<h2>The set-up</h2>" in first
    assert f'<a href="{step}/0">Replay from the start</a>' in table_page
    assert f'<a href="{step}/2">Step 2, the latest</a>' in table_page
    assert "Replay from the start" not in lobby_page
    assert jumped.status == 303 and jumped.headers["Location"] == f"{step}/2"
    assert all((status, text) == (404, NOT_FOUND) for _, status, text in missing), missing
    for header, value in HEADERS.items():
        assert answers.headers[header] == value
    for html in pages:
        assert re.findall(r"<script[^>]*>", html, re.IGNORECASE) == [OUR_SCRIPT]  # local times only
        assert " style=" not in html.lower() and "<style" not in html.lower()


async def test_stepping_rebuilds_a_game_once_per_version_and_keeps_few(service, monkeypatch):
    rebuilt: list[int] = []
    replay = bot.web.steps.public_positions

    def counted(game, table, log):
        rebuilt.append(table.id)
        return replay(game, table, log)

    monkeypatch.setattr(bot.web.steps, "public_positions", counted)
    table = await played(service, GAME, 3, seed="once")
    token = LINKS.token(table.id)
    async with serving(service) as client:
        paths = [f"/t/{token}/step/{n}" for n in range(4)] + [f"/t/{token}/step/2/board.jpg"]
        answers = await asyncio.gather(*(client.get(path) for path in paths))
        assert [answer.status for answer in answers] == [200] * 5
        assert rebuilt == [table.id]
        table = await one_move(service, table, "once:more")
        assert (await client.get(f"/t/{token}/step/4")).status == 200
        assert rebuilt == [table.id] * 2
        monkeypatch.setattr(bot.web.steps, "POSITIONS_KEPT", 5)  # fewer than two tables' positions
        other = await played(service, GAME, 3, channel=2, seed="other")
        assert (await client.get(f"/t/{LINKS.token(other.id)}/step/0")).status == 200
        assert (await client.get(f"/t/{token}/step/0")).status == 200  # dropped for the other's: again
    assert rebuilt == [table.id, table.id, other.id, table.id]
