"""What every cog needs besides the interaction helpers of bot/discord_app/interactions.py: the
channel of a slash command, the gate's answer for it, and one way to answer a command's error."""

from __future__ import annotations

import logging
from typing import Any, TypeAlias

import discord
from discord import app_commands

from bot.discord_app.client import TableClient
from bot.discord_app.interactions import (
    FAILED,
    TableInteraction,
    bot_can_post_here,
    caller_of,
    is_moderator,
    refuse,
    send_private,
)
from bot.store.errors import StorageFailed
from bot.tables.gate import Need, Pass
from engine import RuleError

__all__ = [
    "FAILED",
    "SlashCommand",
    "TableInteraction",
    "answer_error",
    "bot_can_post_here",
    "caller_of",
    "channel_id_of",
    "here",
    "is_moderator",
    "send_private",
]

log = logging.getLogger(__name__)
# A slash command of the cogs', whatever its options
SlashCommand: TypeAlias = app_commands.Command[Any, ..., None]


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a slash command was used in: Discord names it with every command."""
    assert interaction.channel_id is not None, "a slash command is used in a channel"
    return interaction.channel_id


async def here(bot: TableClient, interaction: TableInteraction, need: Need = Need.LOOK, what: str = "do that") -> Pass:
    """This channel's table, if the gate lets the caller do `what` there (else Refused)."""
    return await bot.gate.here(caller_of(interaction), need, what)


async def answer_error(interaction: discord.Interaction, error: Exception) -> None:
    """A slash command's error: a refusal is told privately; anything else is logged (a cog's
    error handler keeps discord.py from logging it) and the user hears that it failed."""
    original = getattr(error, "original", error)
    if isinstance(original, RuleError):
        await refuse(interaction, original)
        return
    if isinstance(original, StorageFailed):  # the store logged it; the user hears that nothing changed
        await send_private(interaction, str(original))
        return
    command = interaction.command.qualified_name if interaction.command else "?"
    log.error("/%s failed", command, exc_info=original)
    try:
        await send_private(interaction, FAILED)
    except discord.HTTPException:
        pass
