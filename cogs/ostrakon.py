"""`/ostrakon ask`: the speaker's question as a slash command (the "Ask" button opens a form)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Refused
from engine import RuleError

from .components import answer_error, commit_move, send_private


class Ostrakon(commands.Cog):
    ostrakon = app_commands.Group(name="ostrakon", description="Ostrakon moves", guild_only=True)

    def __init__(self, bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)

    @ostrakon.command(name="ask", description="Ask the council your question (speaker only)")
    @app_commands.describe(question="A question with two possible answers", white="The answer for the white stone",
                           black="The answer for the black stone")
    async def ask(self, interaction: discord.Interaction, question: app_commands.Range[str, 1, 300],
                  white: app_commands.Range[str, 1, 80], black: app_commands.Range[str, 1, 80]) -> None:
        try:
            table = await self.bot.service.table_in(interaction.channel_id)
            if table is None or table.game != "ostrakon":
                raise Refused("There is no Ostrakon table in this channel.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            action = {"kind": "ask", "question": question, "white": white, "black": black}
            await commit_move(interaction, table, action, edit=False)
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")
