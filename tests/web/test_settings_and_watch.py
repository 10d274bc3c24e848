"""BOT_WEB_*: off unless BOT_WEB_PORT is set, which needs BOT_WEB_SECRET; the bot then serves the
pages and its boards carry a Watch link; with the web off the board's buttons are as before."""

from __future__ import annotations

import socket

import aiohttp
import discord
import pytest

from bot.discord_app.app import TableBot
from bot.discord_app.delivery.components import board_components
from bot.render.painter import Painter
from bot.settings import SettingsError, load_settings
from tests.registry import every_game

from .helpers import LINKS, played

SECRET = "a secret of the host, long enough"


@pytest.fixture(autouse=True)
def no_env_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # away from any .env
    for name in ("BOT_WEB_PORT", "BOT_WEB_HOST", "BOT_WEB_BASE_URL", "BOT_WEB_SECRET"):
        monkeypatch.delenv(name, raising=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_web_is_off_by_default():
    settings = load_settings()
    assert settings.bot_web_port is None and settings.web_base_url is None


def test_the_port_needs_the_secret(monkeypatch):
    monkeypatch.setenv("BOT_WEB_PORT", "8080")
    with pytest.raises(SettingsError, match="BOT_WEB_PORT needs BOT_WEB_SECRET"):
        load_settings()
    monkeypatch.setenv("BOT_WEB_SECRET", "short")
    with pytest.raises(SettingsError, match="BOT_WEB_SECRET must be at least 16 characters"):
        load_settings()
    monkeypatch.setenv("BOT_WEB_SECRET", SECRET)
    assert load_settings().web_base_url == "http://127.0.0.1:8080"
    monkeypatch.setenv("BOT_WEB_BASE_URL", "https://tables.example.org/")
    assert load_settings().web_base_url == "https://tables.example.org"
    monkeypatch.setenv("BOT_WEB_BASE_URL", "tables.example.org")
    with pytest.raises(SettingsError, match="BOT_WEB_BASE_URL: must be an http"):
        load_settings()


async def test_the_board_has_a_watch_link_only_with_the_web_on(service):
    table = await played(service, every_game()[0], 1)
    before = board_components(table)
    assert before is not None
    assert [item.custom_id for item in before.children] == [f"pt:hand:{table.id}"]  # as without the web
    after = board_components(table, LINKS)
    assert after is not None
    watch = after.children[-1]
    assert isinstance(watch, discord.ui.Button) and watch.style is discord.ButtonStyle.link
    assert watch.url == LINKS.url(table.id) and watch.label == "Watch"
    lobby = await service.create(guild_id=1, channel_id=77, host_id=5, game=every_game()[0])
    lobby_components = board_components(lobby, LINKS)
    assert lobby_components is not None and all(item.url is None for item in lobby_components.children)  # type: ignore[attr-defined]


async def test_the_bot_serves_the_pages_when_the_port_is_set(service, monkeypatch):
    port = free_port()
    monkeypatch.setenv("BOT_WEB_PORT", str(port))
    monkeypatch.setenv("BOT_WEB_SECRET", SECRET)
    bot = TableBot(load_settings())
    bot.service = service
    table = await played(service, every_game()[0], 1)
    painter = Painter(0)
    await bot.start_web(painter)
    try:
        assert bot.web_links is not None
        link = bot.web_links.url(table.id)
        assert link.startswith(f"http://127.0.0.1:{port}/t/{table.id}-")
        async with aiohttp.ClientSession() as session:
            async with session.get(link) as answer:
                assert answer.status == 200 and "<h1>" in await answer.text()
            await bot.stop_web()  # as bot.close() begins
            assert bot.web_links is None
            with pytest.raises(aiohttp.ClientConnectionError):
                await session.get(link)
    finally:
        painter.stop()
