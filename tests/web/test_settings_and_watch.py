"""BOT_WEB_*: off unless BOT_WEB_PORT is set (`make run`'s default port gives way to it); without
BOT_WEB_SECRET the bot keeps a secret of its own beside its SQLite file, and on PostgreSQL it needs
one; the bot then serves the pages and its boards carry a Watch link; with the web off the board's
buttons are as before; a port it cannot listen on stops the start with one line."""

from __future__ import annotations

import socket

import aiohttp
import discord
import pytest

from bot.discord_app.app import TableBot
from bot.discord_app.delivery.components import board_components
from bot.discord_app.startup import run_failure
from bot.render.painter import Painter
from bot.settings import SettingsError, load_settings, with_default_web_port
from bot.tables.web_pages import WebPages
from bot.web.links import Links
from bot.web.starting import WebStartError, web_secret
from tests.registry import every_game

from .helpers import LINKS, played

SECRET = "a secret of the host, long enough"


@pytest.fixture(autouse=True)
def no_env_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # away from any .env
    for name in (
        "BOT_WEB_PORT",
        "BOT_WEB_HOST",
        "BOT_WEB_BASE_URL",
        "BOT_WEB_SECRET",
        "BOT_DATABASE_URL",
        "BOT_DB_PATH",
    ):
        monkeypatch.delenv(name, raising=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_web_is_off_by_default():
    settings = load_settings()
    assert settings.bot_web_port is None and settings.web_base_url is None


def test_the_secret_is_needed_only_on_postgresql(monkeypatch):
    monkeypatch.setenv("BOT_WEB_PORT", "8080")
    assert load_settings().web_base_url == "http://127.0.0.1:8080"  # on SQLite the bot keeps one of its own
    monkeypatch.setenv("BOT_DATABASE_URL", "postgresql://bot@db/bot")
    with pytest.raises(SettingsError, match="BOT_WEB_PORT on PostgreSQL needs BOT_WEB_SECRET"):
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
    monkeypatch.delenv("BOT_WEB_PORT")
    monkeypatch.delenv("BOT_WEB_BASE_URL")
    monkeypatch.setenv("BOT_WEB_SECRET", "")  # an empty one is none
    assert load_settings().bot_web_secret is None


def test_make_run_s_default_port_gives_way_to_bot_web_port(monkeypatch, tmp_path):
    assert with_default_web_port(load_settings(), 8080).web_base_url == "http://127.0.0.1:8080"
    assert with_default_web_port(load_settings(), None).bot_web_port is None  # `python -m bot run`: off
    (tmp_path / ".env").write_text("BOT_WEB_PORT=9001\n")
    assert with_default_web_port(load_settings(), 8080).bot_web_port == 9001
    monkeypatch.setenv("BOT_WEB_PORT", "9002")
    assert with_default_web_port(load_settings(), 8080).bot_web_port == 9002
    (tmp_path / ".env").unlink()
    monkeypatch.delenv("BOT_WEB_PORT")
    monkeypatch.setenv("BOT_DATABASE_URL", "postgresql://bot@db/bot")
    assert with_default_web_port(load_settings(), 8080).bot_web_port is None  # no secret asked for: off
    monkeypatch.setenv("BOT_WEB_SECRET", SECRET)
    assert with_default_web_port(load_settings(), 8080).bot_web_port == 8080


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
    bot.web_pages = WebPages(service.store)  # as setup_hook makes them
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


async def test_without_a_secret_the_bot_keeps_one_beside_its_database(service, monkeypatch, tmp_path):
    monkeypatch.setenv("BOT_WEB_PORT", str(free_port()))
    monkeypatch.setenv("BOT_DB_PATH", str(tmp_path / "tables.sqlite3"))
    table = await played(service, every_game()[0], 1)
    links = []
    painter = Painter(0)
    try:
        for _ in range(2):  # a start, and the next one
            bot = TableBot(load_settings())
            bot.service = service
            bot.web_pages = WebPages(service.store)  # as setup_hook makes them
            await bot.start_web(painter)
            try:
                assert bot.web_links is not None
                links.append(bot.web_links.url(table.id))
                async with aiohttp.ClientSession() as session, session.get(links[-1]) as answer:
                    assert answer.status == 200
            finally:
                await bot.stop_web()
    finally:
        painter.stop()
    kept = tmp_path / "tables.sqlite3.web-secret"
    assert links[0] == links[1]  # the links survive a restart
    assert kept.stat().st_mode & 0o777 == 0o600 and len(kept.read_text().strip()) >= 32
    assert Links(kept.read_text().strip(), links[0].split("/t/")[0]).url(table.id) == links[0]  # signed with it
    assert [path.name for path in tmp_path.iterdir() if ".web-secret" in path.name] == [kept.name]  # nothing else


def test_a_secret_that_cannot_be_kept_stops_the_start_with_one_line(tmp_path):
    settings = load_settings(bot_web_port=8080, bot_db_path=tmp_path / "missing" / "bot.sqlite3")
    with pytest.raises(WebStartError) as missing_folder:
        web_secret(settings)
    assert "set BOT_WEB_SECRET" in str(missing_folder.value) and "\n" not in str(missing_folder.value)
    settings.web_secret_file.parent.mkdir()
    settings.web_secret_file.write_text("too short\n")
    with pytest.raises(WebStartError, match="shorter than 16 characters; delete the file"):
        web_secret(settings)
    assert run_failure(settings, WebStartError("the line")) == "the line"


async def test_a_port_the_bot_cannot_listen_on_stops_the_start_with_one_line(service, monkeypatch, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("BOT_WEB_PORT", str(taken.getsockname()[1]))
        monkeypatch.setenv("BOT_WEB_SECRET", SECRET)
        bot = TableBot(load_settings())
        bot.service = service
        bot.web_pages = WebPages(service.store)  # as setup_hook makes them
        painter = Painter(0)
        try:
            with pytest.raises(
                WebStartError, match=r"BOT_WEB_PORT: cannot listen on 127\.0\.0\.1:\d+ \(.*\); choose another"
            ):
                await bot.start_web(painter)
        finally:
            painter.stop()
    assert bot.web_links is None
