"""`/stats [member]` and `/stats server:true`: games played and won in this server, with ratings
per game, and the server's leaderboards (pages `pt:ranks:GAME:PAGE`, turned by bot/discord_app/presses.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import TableClient
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.pages import server_page
from bot.ratings import leaderboard, stats

from .common import TableInteraction


class Stats(commands.Cog):
    def __init__(self, bot: TableClient) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games, wins and ratings here, of a member or of the whole server")
    @app_commands.describe(
        member="Whose games (default: yours)", server="The whole server's games and leaderboards instead"
    )
    @app_commands.guild_only()
    async def stats(
        self, interaction: TableInteraction, member: discord.Member | None = None, server: bool = False
    ) -> None:
        await interaction.response.defer(thinking=True)  # the first call may count older tables
        components = None
        if server:
            text, components = await server_page(self.bot.store, interaction.guild, interaction.guild_id)
        else:
            who = member or interaction.user
            store, guild = self.bot.store, interaction.guild_id
            text = stats.member_text(
                who.display_name,
                await stats.member_stats(store, guild, who.id),
                await leaderboard.member_ratings(store, guild, who.id),
            )
        await interaction.followup.send(text[:2000], allowed_mentions=NOBODY, view=components or discord.utils.MISSING)
