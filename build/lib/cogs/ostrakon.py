"""`/ostrakon ask`: the speaker's question as a slash command (the "Ask" button opens a form)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.gate import Need
from bot.refusals import Refused

from .common import answer_error, caller_of
from .play import commit_move


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
        caller = caller_of(interaction)
        if (await self.bot.gate.here(caller, Need.LOOK)).table.game != "ostrakon":
            raise Refused("There is no Ostrakon table in this channel.")
        passed = await self.bot.gate.here(caller, Need.PLAY, "ask")
        await interaction.response.defer(ephemeral=True, thinking=True)
        action = {"kind": "ask", "question": question, "white": white, "black": black}
        await commit_move(interaction, passed, action, edit=False)
