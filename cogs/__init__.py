"""Slash-command cogs and the listener of every press: they translate Discord input into one call
each, and decide nothing."""

from __future__ import annotations

from bot.discord_app.client import TableClient
from bot.discord_app.play import Play
from bot.discord_app.presses import Presses


async def setup_cogs(bot: TableClient, play: Play, presses: Presses) -> None:
    from bot.games import plugins

    from .clock import ClockCommands
    from .moderation import Moderators
    from .presses import PressListener
    from .stats import Stats
    from .tables import Tables
    from .written import written_moves

    await bot.add_cog(Tables(bot, play))
    await bot.add_cog(Moderators(bot))  # after Tables: its commands join the /table group
    await bot.add_cog(ClockCommands(bot))  # after Tables, as Moderators
    await bot.add_cog(Stats(bot))
    for shown in plugins().values():
        group = written_moves(shown, bot, play)
        if group is not None:
            bot.tree.add_command(group)
    await bot.add_cog(PressListener(presses))
