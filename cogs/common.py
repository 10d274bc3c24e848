"""What every cog needs: who is asking (a `Caller` for the gate), and how to answer privately."""
from __future__ import annotations

import logging

import discord

from bot.gate import Caller, Need, Pass
from bot.store import StorageFailed
from engine import RuleError

log = logging.getLogger(__name__)
FAILED = "😵 Something went wrong on my side. Please try again; if it keeps happening, tell a moderator."


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Channels in this channel, or the server's moderator role (`/table config`)."""
    permissions = getattr(interaction, "permissions", None)
    if interaction.guild_id is None:
        return False
    if permissions and permissions.manage_channels:
        return True
    roles = [role.id for role in getattr(interaction.user, "roles", ())]
    return interaction.client.moderation.has_moderator_role(interaction.guild_id, roles)


def caller_of(interaction: discord.Interaction) -> Caller:
    return Caller(user_id=interaction.user.id, guild_id=interaction.guild_id,
                  channel_id=interaction.channel_id or 0, moderator=is_moderator(interaction))


async def here(interaction: discord.Interaction, need: Need = Need.LOOK, what: str = "do that") -> Pass:
    """This channel's table, if the gate lets the caller do `what` there (else Refused)."""
    return await interaction.client.gate.here(caller_of(interaction), need, what)


async def send_private(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction, error: RuleError) -> None:
    await send_private(interaction, f"🚫 {error}")


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
