"""Moderator commands under `/table` (pause, resume, skip, replace, rollback, config, web), `/table log`
(the Rematch button of a finished game is bot/discord_app/play.py's).

The commands join the `/table` group of the Tables cog when this cog loads (add it after Tables).
They only translate: the gate (bot/tables/gate.py) authorises, bot.moderation and the TableService decide.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import TableClient
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.pages import log_page
from bot.store.records import TableRecord
from bot.tables.gate import LARGEST_ID, Need
from bot.tables.moderation import Moderation
from bot.tables.refusals import Refused
from bot.tables.service import Update
from bot.text import plural

from .common import (
    SlashCommand,
    TableInteraction,
    answer_error,
    caller_of,
    channel_id_of,
    here,
    is_moderator,
    send_private,
)

log = logging.getLogger(__name__)


async def moderate(
    bot: TableClient,
    interaction: TableInteraction,
    operation: Callable[..., Awaitable[Update]],
    what: str,
    done: str,
    need: Need = Need.MODERATE,
    **arguments: int | None,
) -> TableRecord:
    """Run a moderator operation (a method of bot.moderation) on this channel's table and publish
    what it changed."""
    table = (await here(bot, interaction, need, what)).table
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with bot.publisher.ordered_delivery(table.id):
        update = await operation(table.id, interaction.user.id, moderator=True, **arguments)
        await interaction.followup.send(f"✅ {done}", ephemeral=True)
        if update.table.status == "lobby":
            await bot.publisher.refresh_lobby(update.table)
        else:
            await bot.publisher.publish(update)
    return update.table


def table_commands(bot: TableClient) -> list[SlashCommand]:
    """Fresh command objects for one bot's `/table` group."""

    @app_commands.command(name="pause", description="Pause this table: no moves and no clock (moderators)")
    async def pause(interaction: TableInteraction) -> None:
        await moderate(bot, interaction, bot.moderation.pause, "pause a table", "The table is paused.")

    @app_commands.command(name="resume", description="Resume a paused table (moderators)")
    async def resume(interaction: TableInteraction) -> None:
        await moderate(bot, interaction, bot.moderation.resume, "resume a table", "The table goes on.")

    @app_commands.command(name="skip", description="Play the default move for everyone the table waits on (moderators)")
    async def skip(interaction: TableInteraction) -> None:
        await moderate(
            bot,
            interaction,
            bot.moderation.skip,
            "skip a turn",
            "Skipped: the default move was played for everyone the table waited on.",
        )

    @app_commands.command(name="replace", description="Hand a player's seat to another member (moderators)")
    @app_commands.describe(
        member="Who takes the seat", player="Whose seat they take", seat="Or the seat's number (for a stand-in's seat)"
    )
    async def replace(
        interaction: TableInteraction,
        member: discord.Member,
        player: discord.Member | None = None,
        seat: app_commands.Range[int, 1, 12] | None = None,
    ) -> None:
        if member.bot:
            raise Refused("A bot cannot take a seat; leave it to a stand-in.")
        await moderate(
            bot,
            interaction,
            bot.moderation.replace,
            "hand a seat to someone else",
            f"{member.display_name} holds the seat now.",
            member_id=member.id,
            player_id=player.id if player else None,
            seat=seat - 1 if seat else None,
        )

    @app_commands.command(
        name="rollback", description="Take back the last moves, replaying the game without them (moderators)"
    )
    @app_commands.describe(actions="How many moves to take back")
    async def rollback(interaction: TableInteraction, actions: app_commands.Range[int, 1, 1000]) -> None:
        await moderate(
            bot,
            interaction,
            bot.moderation.rollback,
            "roll a game back",
            f"{plural(actions, 'move')} taken back: the game goes on from the position before "
            f"{'it' if actions == 1 else 'them'}.",
            Need.ROLL_BACK,
            moves=actions,
        )

    @app_commands.command(name="log", description="The table's public events and moderator actions, page by page")
    @app_commands.describe(table="A table's number (default: this channel's table, or its last one)")
    async def table_log(
        interaction: TableInteraction, table: app_commands.Range[int, 1, LARGEST_ID] | None = None
    ) -> None:
        record = await bot.moderation.table_for_log(interaction.guild_id, channel_id_of(interaction), table)
        record = (await bot.gate.table(caller_of(interaction), record.id, Need.LOOK)).table
        content, components = await log_page(bot.moderation, record)
        await interaction.response.send_message(
            content, ephemeral=True, allowed_mentions=NOBODY, view=components or discord.utils.MISSING
        )

    @app_commands.command(name="config", description="Server settings for tables: who moderates them")
    @app_commands.describe(
        moderator_role="Members with this role moderate tables (as Manage Channels does)",
        clear="Forget the moderator role",
    )
    async def config(
        interaction: TableInteraction, moderator_role: discord.Role | None = None, clear: bool = False
    ) -> None:
        moderation: Moderation = bot.moderation
        guild_id = interaction.guild_id
        assert guild_id is not None, "the /table commands are guild-only"
        if moderator_role is None and not clear:
            settings = await moderation.guild_settings(guild_id)
            text = (
                f"🛡️ Moderators: members with Manage Channels, and the role <@&{settings['moderator_role']}> "
                f"(set by <@{settings['updated_by']}> <t:{int(settings['updated_at'])}:R>)."
                if settings and settings["moderator_role"]
                else "🛡️ Moderators: members with Manage Channels. Set a role with `/table config moderator_role:`."
            )
            await send_private(interaction, text)
            return
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise Refused("Only members with Manage Server can choose the moderator role.")
        role = None if clear else moderator_role  # not None then: without either, the settings were shown
        await moderation.set_moderator_role(guild_id, None if role is None else role.id, interaction.user.id)
        text = (
            "🛡️ The moderator role is cleared: moderators are members with Manage Channels."
            if role is None
            else f"🛡️ Members with <@&{role.id}> now moderate tables here."
        )
        await interaction.response.send_message(f"{text} (by <@{interaction.user.id}>)", allowed_mentions=NOBODY)

    @app_commands.command(name="web", description="This server's web pages of tables, on or off (moderators)")
    @app_commands.describe(pages="Turn them on or off (leave it out to see which they are)")
    async def web(interaction: TableInteraction, pages: Literal["on", "off"] | None = None) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None, "the /table commands are guild-only"
        served = "" if bot.web_links is not None else f" {NOT_SERVED}"
        if pages is None:
            await send_private(interaction, await web_pages_text(bot, guild_id) + served)
            return
        on = pages == "on"
        if not await bot.web_pages.switch(guild_id, on, interaction.user.id, moderator=is_moderator(interaction)):
            await send_private(interaction, f"🌐 The web pages of this server's tables are already {pages}.{served}")
            return
        text = (
            "🌐 The web pages of this server's tables are on again: new boards link to them (🌐 Watch)."
            if on
            else '🌐 The web pages of this server\'s tables are off: their links answer "Not found." '
            "and new boards have no 🌐 Watch link."
        )
        await interaction.response.send_message(
            f"{text} (by <@{interaction.user.id}>){served}", allowed_mentions=NOBODY
        )

    built: list[SlashCommand] = [pause, resume, skip, replace, rollback, table_log, config, web]
    for command in built:
        command.on_error = answer_error
    return built


NOT_SERVED = "(The bot's host has not turned its web server on, so there are no pages for now.)"


async def web_pages_text(bot: TableClient, guild_id: int) -> str:
    """How this server's switch stands, and who switched it last."""
    if await bot.web_pages.on(guild_id):
        text = "🌐 The web pages of this server's tables are on: each board links to its table's page (🌐 Watch)."
    else:
        text = "🌐 The web pages of this server's tables are off."
    switched = await bot.web_pages.who_switched(guild_id)
    if switched is not None:
        text += f" Last switched by <@{switched[0]}> <t:{int(switched[1])}:R>."
    return text + " Moderators switch them with `/table web pages:`."


class Moderators(commands.Cog):
    def __init__(self, bot: TableClient) -> None:
        self.bot = bot
        self.commands = table_commands(bot)

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("table")
        assert isinstance(group, app_commands.Group), "the Tables cog, loaded first, has the /table group"
        for command in self.commands:
            group.add_command(command)

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("table")
        if not isinstance(group, app_commands.Group):  # gone already if the Tables cog left first
            return
        for command in self.commands:
            group.remove_command(command.name)
