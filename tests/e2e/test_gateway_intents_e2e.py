"""The bot asks the gateway for what it reads: servers and their channels. Every game action is an
interaction, which comes whatever the intents; message events (each of the bot's own posts and
edits would come back as one to parse) and a cache of messages it never reads are left out."""

from __future__ import annotations

from .fakediscord.gateway import INTENT_GUILDS


async def test_the_bot_identifies_with_the_guilds_intent_only_and_keeps_no_messages(fake_discord, real_bot):
    sessions = list(fake_discord.shards.current.values())
    assert sessions and all(session.intents == INTENT_GUILDS for session in sessions)
    assert real_bot.client._connection.max_messages is None
