"""BOT_DATABASE_URL puts the real bot on PostgreSQL (bot/store/postgres.py): it starts, plays and
restarts on the database as on the SQLite file, and its health check reads the heartbeat there."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.opening import open_store
from tests.registry import a_game


@pytest.fixture
def on_postgres(store_target, monkeypatch):
    """BOT_DATABASE_URL set to a fresh database, before the real bot reads its settings."""
    monkeypatch.setenv("BOT_DATABASE_URL", store_target)
    return store_target


@pytest.mark.stores("postgres")
async def test_the_real_bot_runs_and_restarts_on_postgres(on_postgres, fake_discord, real_bot):
    from bot.discord_app import health

    assert real_bot.client.settings.database == ("BOT_DATABASE_URL", on_postgres)
    alice = fake_discord.add_user("alice")
    opened = await alice.slash("table new", game=a_game())
    assert opened.reply is not None and not opened.reply.ephemeral
    await real_bot.restart()
    store = await open_store(on_postgres)
    try:
        assert [table.host_id for table in await store.open_tables()] == [alice.id]
    finally:
        await store.close()
    assert not (real_bot.client.settings.bot_db_path).exists()  # the SQLite file is not made
    for _ in range(100):  # the check runs as its own command does: outside the bot's event loop
        healthy, line = await asyncio.to_thread(health.check, on_postgres)
        if healthy:
            break
        await asyncio.sleep(0.1)
    assert healthy and line.startswith("healthy: connected"), line
