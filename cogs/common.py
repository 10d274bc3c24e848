"""What every cog needs: who is asking (a `Caller` for the gate), and how to answer privately."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, TypeAlias

import discord
from discord import app_commands

from bot.discord_app import permissions
from bot.discord_app.client import TableClient
from bot.store.errors import StorageFailed
from bot.tables.gate import Caller, Need, Origin, Pass
from bot.tables.refusals import Refused
from engine import RuleError

log = logging.getLogger(__name__)
FAILED = "😵 Something went wrong on my side. Please try again; if it keeps happening, tell a moderator."
# An interaction with the bot: discord.py makes each for the client that receives it, the TableBot.
TableInteraction: TypeAlias = discord.Interaction[TableClient]
# A slash command of the cogs', whatever its options
SlashCommand: TypeAlias = app_commands.Command[Any, ..., None]


def is_moderator(interaction: TableInteraction) -> bool:
    """Manage Channels in this channel, or the server's moderator role (`/table config`)."""
    permissions = getattr(interaction, "permissions", None)
    if interaction.guild_id is None:
        return False
    if permissions and permissions.manage_channels:
        return True
    roles = [role.id for role in getattr(interaction.user, "roles", ())]
    return interaction.client.moderation.has_moderator_role(interaction.guild_id, roles)


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a slash command was used in: Discord names it with every command."""
    assert interaction.channel_id is not None, "a slash command is used in a channel"
    return interaction.channel_id


def caller_of(interaction: TableInteraction) -> Caller:
    return Caller(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id or 0,
        moderator=is_moderator(interaction),
    )


def origin_of(interaction: discord.Interaction) -> Origin | None:
    """The message a press came on (None: a form opened by no message), for the gate's check that
    it holds what was pressed."""
    message = interaction.message
    if message is None:
        return None
    return Origin(
        frozenset(custom_ids(message.components)), private=interaction.guild_id is None or message.flags.ephemeral
    )


def custom_ids(components: Sequence[object]) -> list[str]:
    """Every custom id among `components` and what they hold (rows, containers, sections)."""
    found: list[str] = []
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str):
            found.append(custom_id)
        inner = list(getattr(component, "children", None) or ()) + list(getattr(component, "components", None) or ())
        accessory = getattr(component, "accessory", None)
        found += custom_ids(inner + ([accessory] if accessory is not None else []))
    return found


THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


def bot_can_post_here(interaction: discord.Interaction) -> None:
    """Refused, naming what is missing, unless the bot may post its boards here (bot/discord_app/permissions.py)."""
    thread = getattr(interaction.channel, "type", None) in THREADS
    missing = permissions.lacking(interaction.app_permissions, thread=thread)
    if missing:
        raise Refused(permissions.cannot_open(missing, thread=thread))


async def here(interaction: TableInteraction, need: Need = Need.LOOK, what: str = "do that") -> Pass:
    """This channel's table, if the gate lets the caller do `what` there (else Refused)."""
    return await interaction.client.gate.here(caller_of(interaction), need, what)


async def send_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
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
