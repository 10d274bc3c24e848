"""The real bot starts against the fake Discord the way production starts it, registers its
commands once, and answers a first command. (Game scenarios live in their own test files.)"""

from __future__ import annotations

from tests.registry import a_game


async def test_the_real_bot_starts_syncs_once_and_opens_a_table(fake_discord, real_bot):
    alice = fake_discord.add_user("alice")
    guild_commands = fake_discord.commands.get(fake_discord.guild.id, {})
    assert "1:table" in guild_commands and len(fake_discord.command_syncs) == 1

    opened = await alice.slash("table new", game=a_game())
    assert opened.reply is not None and not opened.reply.ephemeral
    assert fake_discord.channel.messages() == [opened.reply]

    await real_bot.restart()
    assert len(fake_discord.command_syncs) == 1, "a restart with unchanged commands must not sync again"


async def test_a_connected_bot_is_healthy(fake_discord, real_bot):
    """The health check (the Docker image's HEALTHCHECK) reads the heartbeat a connected bot writes."""
    from bot.discord_app import health

    db = real_bot.client.settings.bot_db_path
    await fake_discord.wait_until(lambda: health.check(db)[0], what="the first heartbeat")
    healthy, line = health.check(db)
    assert healthy and line.startswith("healthy: connected")
