"""DISCORD_API_BASE and DISCORD_GATEWAY_URL (bot/discord_app/app.py apply_endpoints) work by setting two class
attributes of discord.py, which has no public setting for them. These tests fail, naming the
attribute, on a discord.py that no longer reads them (pyproject.toml pins the tested range)."""

import contextlib
import subprocess
import sys

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.discord_app.app import apply_endpoints
from bot.settings import DEFAULT_API_BASE, DEFAULT_GATEWAY, Settings

API = "http://127.0.0.1:9/api/v10"
GATEWAY = "ws://127.0.0.1:9/gateway"


@contextlib.contextmanager
def restored_endpoints():
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


def settings(**values) -> Settings:
    return Settings(_env_file=None, **values)


class Connected(Exception):
    pass


class FakeHTTP:
    """Stands in for discord.py's HTTP client: records the URL the gateway is opened at."""

    def __init__(self):
        self.urls = []

    async def ws_connect(self, url, **kwargs):
        self.urls.append(url)
        raise Connected


def test_discord_py_builds_request_urls_from_route_base():
    with restored_endpoints():
        apply_endpoints(settings(discord_api_base=API))
        url = Route("GET", "/channels/{channel_id}", channel_id=1).url
    assert url == f"{API}/channels/1", (
        f"discord.py {discord.__version__} no longer builds request URLs from discord.http.Route.BASE "
        f"(got {url}): DISCORD_API_BASE (bot/discord_app/app.py apply_endpoints) needs another way"
    )


async def test_discord_py_opens_the_gateway_at_default_gateway():
    http = FakeHTTP()
    client = type("Client", (), {"http": http, "loop": None})()
    with restored_endpoints():
        apply_endpoints(settings(discord_gateway_url=GATEWAY))
        with pytest.raises(Connected):
            await DiscordWebSocket.from_client(client, initial=True, shard_id=0)
    assert len(http.urls) == 1 and http.urls[0].startswith(GATEWAY + "?"), (
        f"discord.py {discord.__version__} no longer opens the gateway at "
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY (got {http.urls}): DISCORD_GATEWAY_URL "
        "(bot/discord_app/app.py apply_endpoints) needs another way"
    )


async def test_a_sharded_client_with_a_shard_count_launches_at_default_gateway():
    launched = []
    client = discord.AutoShardedClient(intents=discord.Intents(guilds=True), shard_count=1)

    async def launch_shard(gateway, shard_id, *, initial=False):
        launched.append(gateway)

    client.launch_shard = launch_shard  # never logged in, so there is nothing to close
    with restored_endpoints():
        apply_endpoints(settings(discord_gateway_url=GATEWAY))
        await client.launch_shards()
    assert launched == [yarl.URL(GATEWAY)], (
        f"discord.py {discord.__version__}: AutoShardedClient no longer launches its shards at "
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY (got {launched}): BOT_SHARD_COUNT with "
        "DISCORD_GATEWAY_URL (bot/discord_app/app.py apply_endpoints) needs another way"
    )


def test_the_default_settings_leave_discord_py_as_it_is():
    with restored_endpoints():
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = "untouched", yarl.URL("ws://untouched/")
        apply_endpoints(settings())
        assert (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY) == ("untouched", yarl.URL("ws://untouched/"))


def test_the_default_settings_are_discord_pys_own_defaults():
    # in a process of its own: a test here may have pointed discord.py elsewhere for a while
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "from discord.http import Route; from discord.gateway import DiscordWebSocket as W;"
            "print(Route.BASE); print(W.DEFAULT_GATEWAY)",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert shown == [DEFAULT_API_BASE, DEFAULT_GATEWAY], (
        f"discord.py {discord.__version__} has other default endpoints ({shown}) than bot/settings.py"
    )
