"""What every handler of an interaction needs: who is asking and where (a `Caller` for the gate,
the message pressed as an `Origin`), and how to answer privately."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

import discord

from bot.discord_app import permissions
from bot.discord_app.client import TableClient
from bot.tables.gate import Caller, Origin
from bot.tables.refusals import Refused
from engine import RuleError

FAILED = "😵 Something went wrong on my side. Please try again; if it keeps happening, tell a moderator."
# An interaction with the bot: discord.py makes each for the client that receives it, the TableBot.
TableInteraction: TypeAlias = discord.Interaction[TableClient]
THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


def is_moderator(interaction: TableInteraction) -> bool:
    """Manage Channels in this channel, or the server's moderator role (`/table config`)."""
    granted = getattr(interaction, "permissions", None)
    if interaction.guild_id is None:
        return False
    if granted and granted.manage_channels:
        return True
    roles = [role.id for role in getattr(interaction.user, "roles", ())]
    return interaction.client.moderation.has_moderator_role(interaction.guild_id, roles)


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


def bot_can_post_here(interaction: discord.Interaction) -> None:
    """Refused, naming what is missing, unless the bot may post its boards here (bot/discord_app/permissions.py)."""
    thread = getattr(interaction.channel, "type", None) in THREADS
    missing = permissions.lacking(interaction.app_permissions, thread=thread)
    if missing:
        raise Refused(permissions.cannot_open(missing, thread=thread))


async def send_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction, error: RuleError) -> None:
    await send_private(interaction, f"🚫 {error}")
