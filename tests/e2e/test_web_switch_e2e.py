"""`/table web` against the real bot with its web server on: a moderator turns the server's web
pages off and on; a player or anyone else is refused privately and nothing changes; off, the
table's links (its page and its replay steps) answer the one 404 and a board shown now has no
Watch link; the switch outlives a restart."""

from __future__ import annotations

import socket

import aiohttp
import pytest

from bot.web.server import NOT_FOUND
from tests.registry import a_game

from .test_moderation_e2e import boards, open_game
from .test_table_refusals_e2e import refused, snapshot, table_id

WATCH = "Watch"


@pytest.fixture
def web_on(monkeypatch):
    """The real bot's web server on a free port (set before `real_bot` reads the settings)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("BOT_WEB_PORT", str(port))
    monkeypatch.setenv("BOT_WEB_SECRET", "the e2e tier's secret, long enough")


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


def watch_link(message) -> str | None:
    found = [button["url"] for button in message.buttons() if button.get("label") == WATCH]
    return found[0] if found else None


async def test_moderators_turn_the_web_pages_off_and_on(fake_discord, web_on, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    moderator = fake.add_user("mod", moderator=True)
    await open_game(fake, alice, [bob], a_game(seats=2))
    board = boards(fake.channel)[-1]
    link = watch_link(board)
    assert link is not None and (await fetch(link))[0] == 200 and (await fetch(f"{link}/step/0"))[0] == 200

    before = await snapshot(fake, real_bot, table_id(board))
    for user in (alice, mallory):  # a player, a stranger
        await refused(user, user.slash("table web", pages="off"), "Only a moderator")
    assert await snapshot(fake, real_bot, table_id(board)) == before and (await fetch(link))[0] == 200

    off = await moderator.slash("table web", pages="off")
    assert not off.reply.ephemeral and "are off" in off.reply.content and moderator.mention in off.reply.content
    assert await fetch(link) == (404, NOT_FOUND) and await fetch(f"{link}/step/0") == (404, NOT_FOUND)
    shown = (await mallory.slash("table web")).reply  # anyone may read the switch
    assert shown.ephemeral and "are off" in shown.content and moderator.mention in shown.content
    status = (await bob.slash("table status")).reply
    assert status is not None and watch_link(status) is None
    again = (await moderator.slash("table web", pages="off")).reply
    assert again.ephemeral and "already off" in again.content

    await real_bot.restart()  # the switch is kept
    assert await fetch(link) == (404, NOT_FOUND)
    assert watch_link((await bob.slash("table status")).reply) is None
    on = await moderator.slash("table web", pages="on")
    assert not on.reply.ephemeral and "on again" in on.reply.content
    assert (await fetch(link))[0] == 200
    assert watch_link((await bob.slash("table status")).reply) == link
