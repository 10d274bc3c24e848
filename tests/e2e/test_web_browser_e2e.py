"""The tables' web pages in a real browser (headless chromium, tests/e2e/browser.py), served by the
real bot against the fake Discord: opened from the 🌐 Watch link on a board, as a player would."""

from __future__ import annotations

import socket

import pytest

from engine import Chance
from tests.registry import GAMES, games_with

from .browser import headless_page
from .game_table import GameTable, seeded_tables
from .plans import plan_for

SECRET = "the browser tests' own secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def web_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot started after this serves its pages on a free port (named before `real_bot`)."""
    monkeypatch.setenv("BOT_WEB_PORT", str(free_port()))
    monkeypatch.setenv("BOT_WEB_SECRET", SECRET)


def watch_link(table: GameTable) -> str:
    (link,) = [button["url"] for button in table.board().buttons() if button.get("url")]
    return link


def two_taking_turns() -> str:
    return next(key for key in games_with(seats=2, together=False))


def shortest_of_two_taking_turns() -> str:
    """Of the games two take turns at, the one whose stand-ins' game is shortest (a seeded playout)."""

    def moves(key: str) -> int:
        game, chance = GAMES[key], Chance.seeded("shortest")
        state, count = game.setup(2, game.Options(), chance), 0
        while game.outcome(state) is None:
            (seat, *_) = sorted(game.to_move(state))
            state = game.apply(state, seat, game.stand_in(state, seat, chance), chance).state
            count += 1
        return count

    return min(games_with(seats=2, together=False), key=moves)


async def test_a_board_links_to_its_page_and_an_altered_link_shows_nothing(web_on, fake_discord, real_bot, monkeypatch):
    seeded_tables(monkeypatch, "browser")
    key = two_taking_turns()
    players = fake_discord.add_users("alice", "bob")
    table = GameTable(fake_discord, key, players)
    host, other = players
    await table.open(host, pace="1d")  # a deadline on the page, in the reader's zone
    await other.click(table.lobby, "Join")
    await host.click(table.lobby, "Start")
    table.read_names()
    (player,) = table.waiting()
    await table.turn(player, plan_for(key).strategy())
    link = watch_link(table)
    async with headless_page() as page:
        answer = await page.goto(link)
        assert answer is not None and answer.status == 200
        board = page.locator("figure img")
        await board.wait_for()
        assert await board.evaluate("image => image.complete && image.naturalWidth > 0"), (
            "the board's picture did not load"
        )
        assert (await board.get_attribute("alt") or "").strip(), "the picture has no text alternative"
        assert "alice" not in (await page.content()).lower()  # seats by their names in the game, no Discord names
        # the deadline, in the reader's zone (Tokyo here), its UTC text kept as the title
        deadline = page.locator("time").first
        await page.wait_for_function("document.querySelector('time').title !== ''")
        assert "UTC" in (await deadline.get_attribute("title") or "")
        assert "GMT+9" in await deadline.inner_text() or "JST" in await deadline.inner_text()

        # a move made in Discord appears without a reload: the page's own script swaps it in
        await page.evaluate("window.notReloaded = true")
        version = int(await page.locator("main").get_attribute("data-version") or 0)
        log_lines = await page.locator("#log li").count()
        (player,) = table.waiting()
        await table.turn(player, plan_for(key).strategy())
        await page.wait_for_function(f"Number(document.querySelector('main').dataset.version) > {version}")
        assert await page.evaluate("window.notReloaded === true")
        assert await page.locator("#log li").count() > log_lines
        assert (await board.get_attribute("src") or "").endswith(
            f"v={await page.locator('main').get_attribute('data-version')}"
        )

        altered = link[:-1] + ("A" if link[-1] != "A" else "B")
        answer = await page.goto(altered)
        assert answer is not None and answer.status == 404
        assert (await page.locator("body").inner_text()).strip() == "Not found."


async def test_a_finished_games_replay_steps_to_its_end_and_back(web_on, fake_discord, real_bot, monkeypatch):
    seeded_tables(monkeypatch, "browser-replay")
    key = shortest_of_two_taking_turns()
    players = fake_discord.add_users("alice", "bob")
    table = GameTable(fake_discord, key, players)
    await table.seat_everyone()
    strategy = {player: plan_for(key).strategy() for player in players}
    await table.play_until(table.over, lambda player: strategy[player])
    link = watch_link(table)
    async with headless_page() as page:
        await page.goto(link)
        assert "finished" in await page.locator(".status").inner_text()
        await page.get_by_role("link", name="Replay from the start").click()
        status = page.locator(".status")
        first = await status.inner_text()
        assert "step 0 of" in first
        last = int(first.rsplit(" of ", 1)[1])
        boards = [await page.locator("figure img").get_attribute("src")]
        for number in range(1, last + 1):  # forward, a step at a time, to the end
            await page.get_by_role("link", name="Forward ▶").click()
            await page.wait_for_url(f"**/step/{number}")
            boards.append(await page.locator("figure img").get_attribute("src"))
            assert await page.locator("figure img").evaluate("image => image.complete && image.naturalWidth > 0")
        assert f"step {last} of {last}" in await status.inner_text()
        assert await page.get_by_role("link", name="Forward ▶").count() == 0  # the end: no way on
        for number in (last - 1, last - 2):  # and back
            await page.get_by_role("link", name="◀ Back").click()
            await page.wait_for_url(f"**/step/{number}")
            assert await page.locator("figure img").get_attribute("src") == boards[number]
        await page.get_by_role("link", name="⏮ First").click()
        await page.wait_for_url("**/step/0")
        assert await page.get_by_role("link", name="◀ Back").count() == 0
        record = await page.request.get(link + "/record.json")
        assert record.status == 200 and (await record.json())["status"] == "finished"
