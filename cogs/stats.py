"""`/stats [member]` and `/stats server:true`: games played and won in this server, with ratings
per game, and the server's leaderboards (pages `pt:ranks:GAME:PAGE`, answered by cogs/presses.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import TableClient
from bot.discord_app.delivery.components import StaticView, button, page_components
from bot.discord_app.delivery.mentions import NOBODY
from bot.ratings import leaderboard, stats
from bot.tables.refusals import Refused

from .common import TableInteraction


def leaderboard_components(board: leaderboard.Board) -> StaticView | None:
    """The page before and after, then a button for each other game with a leaderboard here."""
    components = page_components(f"pt:ranks:{board.game}", board.page, board.pages) or StaticView()
    for key in [key for key in board.games if key != board.game][:5]:
        components.add_item(button(f"pt:ranks:{key}:0", leaderboard.title(key), row=1))
    return components if components.children else None


async def server_page(
    interaction: TableInteraction, game: str | None = None, page: int = 0
) -> tuple[str, StaticView | None]:
    """The server's stats and one page of a game's leaderboard (the caller's own server)."""
    if interaction.guild_id is None:
        raise Refused("Leaderboards belong to a server: use `/stats server:true` there.")
    store = interaction.client.store
    name = interaction.guild.name if interaction.guild else "this server"
    text = stats.server_text(name, await stats.server_stats(store, interaction.guild_id))
    board = await leaderboard.board(store, interaction.guild_id, game, page)
    if board is None:
        return text, None
    return f"{text}\n\n{leaderboard.board_text(board)}"[:2000], leaderboard_components(board)


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
            text, components = await server_page(interaction)
        else:
            who = member or interaction.user
            store, guild = self.bot.store, interaction.guild_id
            text = stats.member_text(
                who.display_name,
                await stats.member_stats(store, guild, who.id),
                await leaderboard.member_ratings(store, guild, who.id),
            )
        await interaction.followup.send(text[:2000], allowed_mentions=NOBODY, view=components or discord.utils.MISSING)
