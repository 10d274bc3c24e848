"""Slash-command cogs and the router of every press: they translate Discord input, never decide."""

from __future__ import annotations

from bot.discord_app.client import TableClient


async def setup_cogs(bot: TableClient) -> None:
    from bot.games import plugins

    from .clock import ClockCommands
    from .moderation import Moderators
    from .presses import Presses
    from .stats import Stats
    from .tables import Tables
    from .written import written_moves

    await bot.add_cog(Tables(bot))
    await bot.add_cog(Moderators(bot))  # after Tables: its commands join the /table group
    await bot.add_cog(ClockCommands(bot))  # after Tables, as Moderators
    await bot.add_cog(Stats(bot))
    for shown in plugins().values():
        group = written_moves(shown)
        if group is not None:
            bot.tree.add_command(group)
    await bot.add_cog(Presses(bot))
