"""The real bot starts against the fake Discord the way production starts it, registers its
commands once, and answers a first command. (Game scenarios live in their own test files.)"""

from __future__ import annotations


async def test_the_real_bot_starts_syncs_once_and_opens_a_table(fake_discord, real_bot):
    alice = fake_discord.add_user("alice")
    guild_commands = fake_discord.commands.get(fake_discord.guild.id, {})
    assert "1:table" in guild_commands and len(fake_discord.command_syncs) == 1

    opened = await alice.slash("table new", game="ostrakon")
    assert opened.reply is not None and not opened.reply.ephemeral
    assert fake_discord.channel.messages() == [opened.reply]

    await real_bot.restart()
    assert len(fake_discord.command_syncs) == 1, "a restart with unchanged commands must not sync again"
