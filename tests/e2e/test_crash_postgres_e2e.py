"""The crash test of what the bot says (test_crash_announcements_e2e.py), with the bot on PostgreSQL
(BOT_DATABASE_URL): the real bot in a process of its own, killed with SIGKILL in the middle of
publishing while players of every game play, started again on the same database, and checked by
crash_checks.py against what the database's log committed (read from outside the bot by
bot_database.py, through a connection of its own). A killed process leaves its connections to the
server to die with it, mid-transaction or not: the server rolls back what it had not committed.

Fewer kills than on SQLite (`ANNOUNCE_KILLS_POSTGRES`, 4; `ANNOUNCE_SEED` as there): the same code
publishes on either store, and what differs (the store's transactions, the database read from
outside) shows in the first kills.
"""

from __future__ import annotations

import os

import pytest

from .bot_database import BotDatabase
from .test_crash_announcements_e2e import kill_while_publishing

KILLS = int(os.environ.get("ANNOUNCE_KILLS_POSTGRES", "4"))


@pytest.mark.stores("postgres")
async def test_sigkill_while_publishing_on_postgres_loses_and_doubles_nothing(fake_discord, tmp_path, store_target):
    database = BotDatabase(store_target)
    assert database.url == store_target
    await kill_while_publishing(fake_discord, tmp_path, database, KILLS, store="PostgreSQL")
    assert not (tmp_path / "bot.sqlite3").exists(), "the bot ran on the SQLite file, not on PostgreSQL"
