"""Pages that turn with buttons: a game's rules, a table's log and a server's leaderboards. Each is
the first page a slash command shows and the page a press turns to (`pt:rules`, `pt:log`, `pt:ranks`)."""

from __future__ import annotations

import discord

from bot.discord_app.delivery.components import StaticView, button, page_components
from bot.games import plugins
from bot.ratings import leaderboard, stats
from bot.store.base import TableStore
from bot.store.records import TableRecord
from bot.tables.moderation import Moderation
from bot.tables.refusals import Refused
from bot.text import chunk

EMBED_TEXT = 3900  # an embed's description holds 4,096 characters


def rules_pages(key: str) -> list[str]:
    """The game's rules page, cut at paragraphs into embed-sized pieces."""
    text = plugins()[key].presentation.rules.read_text(encoding="utf-8")
    pages, current = [], ""  # a paragraph longer than a page is cut at its lines
    for paragraph in (piece for part in text.split("\n\n") for piece in chunk(part.splitlines(), EMBED_TEXT)):
        if len(current) + len(paragraph) + 2 > EMBED_TEXT:
            pages.append(current)
            current = ""
        current = f"{current}\n\n{paragraph}" if current else paragraph
    return pages + [current] if current else pages


def rules_page(key: str, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of a game's rules (an embed holds 6,000 characters; the page turns with buttons)."""
    if key not in plugins():
        raise Refused("That game is not here any more.")
    pages = rules_pages(key)
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=plugins()[key].game.title, description=pages[page][:4096], colour=0x5865F2)
    if len(pages) > 1:
        embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
    return embed, page_components(f"pt:rules:{key}", page, len(pages))


async def log_page(
    moderation: Moderation, table: TableRecord, page: int | None = None
) -> tuple[str, discord.ui.View | None]:
    """One page of a table's log (the newest by default), with buttons to the older and newer."""
    pages = await moderation.log_pages(table)
    page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    title = moderation.service.game_of(table).title
    head = f"📜 **{title}**, table {table.id} ({table.status}) · log page {page + 1} of {len(pages)}"
    return f"{head}\n{pages[page]}", page_components(f"pt:log:{table.id}", page, len(pages), "◀ Older", "Newer ▶")


def leaderboard_components(board: leaderboard.Board) -> StaticView | None:
    """The page before and after, then a button for each other game with a leaderboard here."""
    components = page_components(f"pt:ranks:{board.game}", board.page, board.pages) or StaticView()
    for key in [key for key in board.games if key != board.game][:5]:
        components.add_item(button(f"pt:ranks:{key}:0", leaderboard.title(key), row=1))
    return components if components.children else None


async def server_page(
    store: TableStore, guild: discord.Guild | None, guild_id: int | None, game: str | None = None, page: int = 0
) -> tuple[str, StaticView | None]:
    """The server's stats and one page of a game's leaderboard (the caller's own server)."""
    if guild_id is None:
        raise Refused("Leaderboards belong to a server: use `/stats server:true` there.")
    name = guild.name if guild else "this server"
    text = stats.server_text(name, await stats.server_stats(store, guild_id))
    board = await leaderboard.board(store, guild_id, game, page)
    if board is None:
        return text, None
    return f"{text}\n\n{leaderboard.board_text(board)}"[:2000], leaderboard_components(board)
