"""Each server's switch for its tables' web pages (docs/web.md, `/table web`): on unless the
server's moderators turn it off. Off, every page, picture, record and replay step of the server's
tables answers the web server's one 404, and new boards carry no Watch link.

The switch is `guild_settings.web_pages`. A server's boards are posted by the process that owns
its shard, the one its commands reach too, so that process keeps the switch in memory for them;
the web server reads it from the database, as it may serve any server's tables, and trusts what it
read for SEEN_FOR seconds (every viewer's every request asks): a switch made by another process
takes effect on this one's pages within that time, one made here at once."""

from __future__ import annotations

import time
from typing import Callable

from bot.store.base import TableStore
from bot.tables import refusals as why
from bot.tables.refusals import Refused

SWITCH = "turn the web pages of this server's tables on or off"
SEEN_FOR = 5.0  # seconds the web server trusts a server's switch as it last read it
SEEN_KEPT = 10_000  # servers whose switch is remembered so


class WebPages:
    def __init__(self, store: TableStore, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self._now = now
        self.off: set[int] = set()  # servers whose pages are off, read at start-up
        self._seen: dict[int, tuple[bool, float]] = {}  # server -> (on, when read), for the web server

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
        seen = self._seen.get(guild_id)
        if seen is not None and self._now() - seen[1] < SEEN_FOR:
            return seen[0]
        rows = await self.store.query("SELECT web_pages FROM guild_settings WHERE guild_id = ?", (guild_id,))
        on = not rows or bool(rows[0][0])
        if len(self._seen) > SEEN_KEPT:
            self._seen.clear()
        self._seen[guild_id] = (on, self._now())
        return on

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
        self._seen[guild_id] = (on, now)
        return was != on

    async def who_switched(self, guild_id: int) -> tuple[int, float] | None:
        """Who last turned the server's pages on or off, and when (None: nobody ever did)."""
        rows = await self.store.query(
            "SELECT web_pages_by, web_pages_at FROM guild_settings WHERE guild_id = ? AND web_pages_by IS NOT NULL",
            (guild_id,),
        )
        return (int(rows[0][0]), float(rows[0][1])) if rows else None
