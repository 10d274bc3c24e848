"""The log: one handler, on standard output, with a level for the bot's own loggers and another,
apart, for discord.py's (standard error is kept for the one line that says why start-up failed)."""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from bot.settings import Settings

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
BOT_LOGGERS = ("bot", "cogs", "engine")  # BOT_LOG_LEVEL
DISCORD_LOGGER = "discord"  # BOT_DISCORD_LOG_LEVEL: discord.http, discord.gateway, discord.client...
# Other libraries (aiohttp, aiosqlite, asyncio) log warnings and errors only: aiosqlite's DEBUG
# lines show every statement's parameters, game states and hands among them.
OTHERS_LEVEL = logging.WARNING
# discord.py warns at start-up that voice will not work without PyNaCl and davey; the bot has no
# voice, so these two say nothing to whoever runs it.
VOICE_WARNINGS = frozenset(
    {
        "PyNaCl is not installed, voice will NOT be supported",
        "davey is not installed, voice will NOT be supported",
    }
)


class WithoutVoiceWarnings(logging.Filter):
    """Drops exactly discord.client's two voice warnings."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno == logging.WARNING and record.getMessage() in VOICE_WARNINGS)


def setup_logging(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """Set the levels and add the one handler (on `stream`, standard output by default)."""
    handler = logging.StreamHandler(stream or sys.stdout)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(OTHERS_LEVEL)
    for name in BOT_LOGGERS:
        logging.getLogger(name).setLevel(settings.bot_log_level)
    logging.getLogger(DISCORD_LOGGER).setLevel(settings.bot_discord_log_level)
    client = logging.getLogger("discord.client")
    if not any(isinstance(f, WithoutVoiceWarnings) for f in client.filters):
        client.addFilter(WithoutVoiceWarnings())
    return handler
