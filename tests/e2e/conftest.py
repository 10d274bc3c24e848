"""Fixtures of the end-to-end tier: a fake Discord per test, and bots started against it.

    async def test_something(fake_discord, real_bot):
        alice, bob = fake_discord.add_users("alice", "bob")
        created = await alice.slash("table new", game=a_game())  # tests/registry.py
        ...
        await real_bot.restart()

`real_bot` starts the real bot (bot.app.build_bot) exactly as production does, with settings from
the environment: DISCORD_API_BASE and DISCORD_GATEWAY_URL point at the fake, and BOT_DB_PATH at
a fresh SQLite file.
"""

from __future__ import annotations

import importlib.util

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .fakediscord import BotRunner, FakeDiscord, pointed_at, restored_endpoints
from .tinybot import TinyBot

CONTRACT_MARKER = "contract_check"  # also spelled out in the mark in test_openapi_contract.py


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{CONTRACT_MARKER}: runs after every other test, over the requests they recorded"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    last = [item for item in items if item.get_closest_marker(CONTRACT_MARKER)]
    if last:
        items[:] = [item for item in items if not item.get_closest_marker(CONTRACT_MARKER)] + last


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest):
    """A fresh fake Discord: guild "Agora", channel #general, the bot user, an owner, no one else.
    The test fails at teardown for any rule the bot broke that no action reported yet. Other
    settings by indirect parametrization: `parametrize("fake_discord", [{"shards": 2}], indirect=True)`."""
    fake = await FakeDiscord(**getattr(request, "param", {})).start()
    fake.test_id = request.node.nodeid
    try:
        yield fake
        fake.assert_clean()
    finally:
        await fake.close()


@pytest.fixture
async def real_bot(fake_discord: FakeDiscord, tmp_path, monkeypatch: pytest.MonkeyPatch):
    """The real bot (bot.app.build_bot) connected to the fake, with a fresh SQLite file;
    `await real_bot.restart()` stops it and starts a new one on the same file."""
    if importlib.util.find_spec("bot.discord_app.app") is None or importlib.util.find_spec("bot.settings") is None:
        pytest.skip(
            "the real bot is not written yet (bot/discord_app/app.py with build_bot and apply_endpoints, "
            "bot/settings.py with Settings)"
        )
    from bot.discord_app import app
    from bot.settings import Settings

    fake = fake_discord
    environment = {
        "DISCORD_TOKEN": fake.token,
        "BOT_DB_PATH": str(tmp_path / "bot.sqlite3"),
        "BOT_DEV_GUILD": str(fake.guild.id),
        "BOT_LOG_LEVEL": "WARNING",
        "BOT_PICTURE_WORKERS": "0",  # pictures in a thread, where a test may stand in for the drawing
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    with restored_endpoints():
        app.apply_endpoints(settings)
        assert Route.BASE == fake.api_base, "apply_endpoints did not set discord.http.Route.BASE"
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == fake.gateway_url, (
            "apply_endpoints did not set DiscordWebSocket.DEFAULT_GATEWAY"
        )
        runner = BotRunner(fake, lambda: app.build_bot(settings))
        await runner.start()
        try:
            yield runner
        finally:
            await runner.stop()
        assert_pings_only_named_users(fake)


def assert_pings_only_named_users(fake: FakeDiscord) -> None:
    """Every message the real bot sent in the test, of every kind, names whom it may ping: no text
    (and so no text a player wrote) can ping @everyone, @here, a role, or a user it does not list."""
    for request in fake.message_requests():
        allowed = request.body.get("allowed_mentions")
        assert allowed is not None, f"{request.route}: no allowed_mentions, so every mention in it pings"
        assert not allowed.get("parse") and not allowed.get("roles") and not allowed.get("replied_user"), (
            f"{request.route}: allowed_mentions {allowed} lets text ping"
        )


@pytest.fixture
async def tiny_bot(fake_discord: FakeDiscord):
    """The tiny test bot of tinybot.py, for testing the fake itself."""
    with pointed_at(fake_discord):
        runner = BotRunner(fake_discord, lambda: TinyBot(fake_discord.guild.id))
        await runner.start()
        try:
            yield runner
        finally:
            await runner.stop()
