"""`/stats [member]` and `/stats server:true`: games played and won in this server."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import stats


class Stats(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games played and won here, by a member or by the whole server")
    @app_commands.describe(member="Whose games (default: yours)", server="The whole server's games instead")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    server: bool = False) -> None:
        await interaction.response.defer(thinking=True)  # the first call may count older tables
        if server:
            name = interaction.guild.name if interaction.guild else "this server"
            text = stats.server_text(name, await stats.server_stats(self.bot.store, interaction.guild_id))
        else:
            who = member or interaction.user
            text = stats.member_text(who.display_name, await stats.member_stats(self.bot.store, interaction.guild_id, who.id))
        await interaction.followup.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
