"""A server's moderators turn its tables' web pages off and on (bot/tables/web_pages.py): off, every
page, picture, record and step of its tables answers the one 404 and its new boards carry no Watch
link; other servers' are as before; only a moderator may switch, and the switch is kept."""

from __future__ import annotations

import pytest

from bot.discord_app.app import TableBot
from bot.discord_app.delivery.components import board_components
from bot.settings import load_settings
from bot.store.opening import open_store
from bot.tables.moderation import Moderation
from bot.tables.refusals import Refused
from bot.tables.service import TableService
from bot.tables.web_pages import SEEN_FOR, WebPages
from bot.web.server import NOT_FOUND
from tests.registry import every_game

from .helpers import LINKS, played, serving

GAME = every_game()[0]
MOD = 99


async def statuses(client, table_id: int) -> list[tuple[int, str]]:
    token = LINKS.token(table_id)
    found = []
    for path in ("", "/board.jpg", "/record.json", "/step/0", "/step/0/board.jpg", "/step?n=0"):
        answer = await client.get(f"/t/{token}{path}", allow_redirects=False)
        found.append((answer.status, await answer.text() if answer.status == 404 else ""))
    return found


async def test_off_every_answer_of_the_server_s_tables_is_the_one_404(service):
    table = await played(service, GAME, 2)
    elsewhere = await played(service, GAME, 2, guild=2, channel=2)
    switch = WebPages(service.store)
    on = [(200, ""), (200, ""), (409, ""), (200, ""), (200, ""), (303, "")]
    async with serving(service, switch=switch) as client:
        assert await statuses(client, table.id) == on
        assert await switch.switch(1, False, MOD, moderator=True)
        assert await statuses(client, table.id) == [(404, NOT_FOUND)] * len(on)
        assert await statuses(client, elsewhere.id) == on  # another server's tables
        assert await switch.switch(1, True, MOD, moderator=True)
        assert await statuses(client, table.id) == on


async def test_a_switch_made_by_another_process_takes_effect_within_seconds(service):
    table = await played(service, GAME, 2)
    clock = [1_700_000_000.0]
    here, elsewhere = WebPages(service.store, now=lambda: clock[0]), WebPages(service.store)
    async with serving(service, switch=here) as client:
        page = f"/t/{LINKS.token(table.id)}"
        assert (await client.get(page)).status == 200
        assert await elsewhere.switch(1, False, MOD, moderator=True)
        assert (await client.get(page)).status == 200  # what this process read a moment ago
        clock[0] += SEEN_FOR
        assert (await client.get(page)).status == 404


async def test_only_a_moderator_switches_and_the_switch_is_kept(store_target):
    store = await open_store(store_target)
    try:
        switch = WebPages(store, now=lambda: 1_700_000_000.0)
        with pytest.raises(Refused, match="Only a moderator .* the web pages of this server's tables on or off"):
            await switch.switch(1, False, 5, moderator=False)
        assert await switch.on(1) and switch.shown(1) and await switch.who_switched(1) is None  # nothing changed
        assert await switch.switch(1, False, MOD, moderator=True) is True
        assert await switch.switch(1, False, MOD, moderator=True) is False  # already off
        assert not switch.shown(1) and switch.shown(2) and not await switch.on(1) and await switch.on(2)
        assert await switch.who_switched(1) == (MOD, 1_700_000_000.0)
        moderation = Moderation(TableService(store))
        await moderation.set_moderator_role(1, 77, by=MOD)  # the same row: each setting keeps the other
    finally:
        await store.close()
    store = await open_store(store_target)  # the next start
    try:
        again = WebPages(store)
        await again.load()
        assert not again.shown(1) and again.shown(2)
        await again.switch(1, True, MOD, moderator=True)
        moderation = Moderation(TableService(store))
        await moderation.load()
        assert moderation.roles == {1: 77} and await again.on(1) and again.shown(1)
    finally:
        await store.close()


async def test_off_the_server_s_new_boards_have_no_watch_link(service, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # away from any .env
    bot = TableBot(load_settings())
    bot.service, bot.web_links, bot.web_pages = service, LINKS, WebPages(service.store)
    table = await played(service, GAME, 1)
    components = board_components(table, bot.watch_links(table))
    assert components is not None and [item.url for item in components.children][-1] == LINKS.url(table.id)  # type: ignore[attr-defined]
    await bot.web_pages.switch(1, False, MOD, moderator=True)
    components = board_components(table, bot.watch_links(table))
    assert components is not None and all(item.url is None for item in components.children)  # type: ignore[attr-defined]
    bot.web_links = None  # and with the web server off, whatever the switch
    await bot.web_pages.switch(1, True, MOD, moderator=True)
    assert bot.watch_links(table) is None
