"""Each server's switch for its tables' web pages (docs/web.md, `/table web`): on unless the
server's moderators turn it off. Off, every page, picture, record and replay step of the server's
tables answers the web server's one 404, and new boards carry no Watch link.

The switch is `guild_settings.web_pages`. A server's boards are posted by the process that owns
its shard, the one its commands reach too, so that process keeps the switch in memory for them;
the web server reads the database at each request instead, as it may serve any server's tables."""

from __future__ import annotations

import time
from typing import Callable

from bot.store.base import TableStore
from bot.tables import refusals as why
from bot.tables.refusals import Refused

SWITCH = "turn the web pages of this server's tables on or off"


class WebPages:
    def __init__(self, store: TableStore, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self._now = now
        self.off: set[int] = set()  # servers whose pages are off, read at start-up

    async def load(self) -> None:
        rows = await self.store.query("SELECT guild_id FROM guild_settings WHERE web_pages = 0")
        self.off = {guild for (guild,) in rows}

    def shown(self, guild_id: int | None) -> bool:
        """Whether the server's new boards get a Watch link (from memory: this process's servers)."""
        return guild_id not in self.off

    async def on(self, guild_id: int | None) -> bool:
        """Whether the server's pages are served, as the database says now."""
        if guild_id is None:
            return True
        rows = await self.store.query("SELECT web_pages FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return not rows or bool(rows[0][0])

    async def switch(self, guild_id: int, on: bool, by: int, *, moderator: bool) -> bool:
        """Turn the server's pages on or off (a moderator only); whether that changed them."""
        if not moderator:
            raise Refused(why.MODERATOR_ONLY.format(what=SWITCH))
        was = await self.on(guild_id)
        now = self._now()
        await self.store.transaction(
            [
                (
                    "INSERT INTO guild_settings (guild_id, web_pages, web_pages_by, web_pages_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET web_pages = excluded.web_pages,"
                    " web_pages_by = excluded.web_pages_by, web_pages_at = excluded.web_pages_at",
                    (guild_id, int(on), by, now, now),
                )
            ]
        )
        if on:
            self.off.discard(guild_id)
        else:
            self.off.add(guild_id)
        return was != on

    async def who_switched(self, guild_id: int) -> tuple[int, float] | None:
        """Who last turned the server's pages on or off, and when (None: nobody ever did)."""
        rows = await self.store.query(
            "SELECT web_pages_by, web_pages_at FROM guild_settings WHERE guild_id = ? AND web_pages_by IS NOT NULL",
            (guild_id,),
        )
        return (int(rows[0][0]), float(rows[0][1])) if rows else None
