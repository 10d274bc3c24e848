"""The bot as the cogs see it: discord.py's bot with every service TableBot.setup_hook makes. TableBot
(bot/discord_app/app.py) is the bot; the cogs, which it loads, name this class instead, as importing
app.py back would make a cycle (tests/test_layers.py).
"""

from __future__ import annotations

from bot.discord_app.delivery.client import DeliveryClient
from bot.discord_app.delivery.publisher import Publisher
from bot.discord_app.shutdown import Shutdown
from bot.settings import Settings
from bot.tables.gate import Gate
from bot.tables.moderation import Moderation
from bot.tables.takeback import TakeBacks


class TableClient(DeliveryClient):
    settings: Settings
    shutdown: Shutdown
    gate: Gate
    moderation: Moderation
    takebacks: TakeBacks
    publisher: Publisher
