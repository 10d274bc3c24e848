"""Slash-command cogs and persistent components: they translate Discord input, never decide."""
from __future__ import annotations


async def setup_cogs(bot) -> None:
    from .clock import ClockCommands
    from .components import DYNAMIC_ITEMS
    from .menus import MENU_ITEMS
    from .moderation import ITEMS as MODERATION_ITEMS, Moderators
    from .ostrakon import Ostrakon
    from .stats import Stats
    from .tables import RulesPageButton, Tables

    await bot.add_cog(Tables(bot))
    await bot.add_cog(Moderators(bot))  # after Tables: its commands join the /table group
    await bot.add_cog(ClockCommands(bot))  # after Tables, as Moderators
    await bot.add_cog(Stats(bot))
    await bot.add_cog(Ostrakon(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *MENU_ITEMS, RulesPageButton)
    bot.add_dynamic_items(*MODERATION_ITEMS)
