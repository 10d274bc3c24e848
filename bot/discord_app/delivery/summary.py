"""The end of a game in the channel: the result, the game's length, what each seat hid, who held
which seat, and a Rematch button."""

from __future__ import annotations

import logging

import discord

from bot.discord_app.delivery.client import DeliveryClient
from bot.discord_app.delivery.components import rematch_components
from bot.discord_app.delivery.mentions import NOBODY
from bot.ratings import leaderboard, stats
from bot.ratings.summary import summary_lines
from bot.store.outbox import nonce
from bot.store.records import TableRecord
from bot.text import chunk

log = logging.getLogger(__name__)


async def post_summary(bot: DeliveryClient, table: TableRecord) -> None:
    """After a finish or an end. Counted in the stats, and shows its rating changes, if finished.
    Raises only Forbidden (a channel closed to the bot, where it stays owed): the game is over
    whatever happens here."""
    try:
        if table.state is None:
            return
        changes = {}
        if table.status == "finished":
            await stats.record(bot.store, table)
            changes = await leaderboard.changes(bot.store, table.id)
        game, state = bot.service.game_of(table), bot.service.state_of(table)
        log_rows = await bot.store.actions(table.id)
        texts = chunk(summary_lines(game, table, state, log_rows, changes))
        channel = await bot.publisher.channel_of(table)
        for number, text in enumerate(texts[:-1]):
            await channel.send(text, allowed_mentions=NOBODY, nonce=nonce(table.id, table.version, "summary", number))
        await channel.send(
            texts[-1],
            view=rematch_components(table.id),
            allowed_mentions=NOBODY,
            nonce=nonce(table.id, table.version, "summary"),
        )
    except discord.Forbidden:
        raise  # the channel is closed to the bot: the summary stays owed (bot/discord_app/delivery/blocked.py)
    except Exception:
        log.exception("table %s: the end-of-game summary failed", table.id)
