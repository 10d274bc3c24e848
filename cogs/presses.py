"""The one listener for every button, select and form: each press is handed, whole, to the bot's
Presses (bot/discord_app/presses.py), which authorises it at the gate and runs it."""

from __future__ import annotations

from discord.ext import commands

from bot.discord_app.presses import Presses

from .common import TableInteraction


class PressListener(commands.Cog):
    def __init__(self, presses: Presses) -> None:
        self.presses = presses

    @commands.Cog.listener()
    async def on_interaction(self, interaction: TableInteraction) -> None:
        await self.presses.press(interaction)
