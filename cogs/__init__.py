"""Slash-command cogs and persistent components: they translate Discord input, never decide."""
from __future__ import annotations


async def setup_cogs(bot) -> None:
    from .components import DYNAMIC_ITEMS
    from .menus import MENU_ITEMS
    from .ostrakon import Ostrakon
    from .tables import RulesPageButton, Tables

    await bot.add_cog(Tables(bot))
    await bot.add_cog(Ostrakon(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *MENU_ITEMS, RulesPageButton)
