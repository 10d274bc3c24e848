"""The database server restarted in the middle of play, under the real bot on PostgreSQL
(BOT_DATABASE_URL, `real_bot` in the test's process): the bot waits for the server, connects anew
by itself (asyncpg's pool) and loses nothing a player was told was played.

- A restart (the server down for a moment): a move pressed while it is down waits for it and is
  played ("✅"), and the bot's own tasks, made to look at the database while it is down (the clock
  every second, the heartbeat and the catch-up ten times a second), wait too: each still runs after
  it, and nothing of the bot's is logged at WARNING or above.
- A longer outage (down past the store's OUTAGE_WAIT): the press is refused privately, in the words
  of any storage fault (a locked SQLite file's: "⚠️ I could not save that move (...), so it was not
  played"), with no traceback logged and nothing of it played; once the server is back the same
  player plays it.

Afterwards the table's log holds every move a player was answered "✅" for, and no other. The server
is the module's own (tests/pg/server.py `pg_own_server`), so the session's serves every other test.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

import asyncpg
import pytest

from bot.clock import scheduler
from bot.discord_app import health
from bot.discord_app.delivery import catch_up
from bot.store import postgres
from bot.store.errors import StorageFailed
from bot.store.opening import open_store
from bot.store.pgsql import UNREACHABLE
from tests.pg.server import Server, pg_own_dsn, pg_own_server

from .fakediscord import FakeDiscord, FakeInteraction, FakeUser
from .game_table import GameTable, Menu, Pick, draw_without_encoding, seeded_tables
from .plans import plan_for
from .test_one_pass_e2e import two_taking_turns

__all__ = ["pg_own_dsn", "pg_own_server"]

DOWN = 1.2  # seconds with no server in a restart: the clock looks at the database meanwhile
RIDES_OUT = 5.0  # the store's OUTAGE_WAIT in the restart: a busy machine's slow start is no failure
BEATS = 0.1  # seconds between heartbeats in the restart, and between catch-up sweeps
REFUSED = StorageFailed.MESSAGES["move"].format(cause=UNREACHABLE[0])


@pytest.fixture
def on_own_postgres(pg_own_dsn: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """BOT_DATABASE_URL set to a fresh database on the module's own server, before the real bot
    reads its settings."""
    monkeypatch.setenv("BOT_DATABASE_URL", pg_own_dsn)
    return pg_own_dsn


@pytest.fixture
def busy_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's own tasks run many times a second (set before the bot starts, as they read these
    between runs): the clock looks at the database every second (its least), the heartbeat and the
    catch-up every BEATS; and the store waits RIDES_OUT for a server it cannot reach."""
    monkeypatch.setattr(scheduler, "MAX_SLEEP", 1.0)
    monkeypatch.setattr(health, "HEARTBEAT", BEATS)
    monkeypatch.setattr(catch_up, "CATCH_UP_EVERY", BEATS)
    monkeypatch.setattr(postgres, "OUTAGE_WAIT", RIDES_OUT)


async def seated(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> tuple[GameTable, dict[FakeUser, Pick]]:
    """A two-player game taking turns, seated and started, each player with the game's own strategy."""
    fake.settle_quiet = 0.02
    seeded_tables(monkeypatch, "server-restart")
    draw_without_encoding(monkeypatch)
    key = two_taking_turns()
    players = fake.add_users("alice", "bob")
    table = GameTable(fake, key, players)
    await table.seat_everyone()
    return table, {player: plan_for(key).strategy() for player in players}


async def play(table: GameTable, strategy: dict[FakeUser, Pick], turns: int) -> None:
    for _ in range(turns):
        (player,) = table.waiting()
        await table.turn(player, strategy[player], most=1)


async def logged_moves(dsn: str) -> int:
    """How many moves the table's log holds (the only table), read by a store of the test's own."""
    store = await open_store(dsn)
    try:
        (table_id,) = await store.table_ids()
        return sum(row.kind == "move" for row in await store.actions(table_id))
    finally:
        await store.close()


async def heartbeat_at(dsn: str) -> float:
    connection = await asyncpg.connect(dsn)
    try:
        value = await connection.fetchval("SELECT value FROM meta WHERE key = $1", health.key_of(0))
    finally:
        await connection.close()
    return json.loads(value)["at"] if value else 0.0


async def resume_after(server: Server, seconds: float) -> float:
    """The server started again after `seconds`: the time.monotonic() it accepts connections at."""
    await asyncio.sleep(seconds)
    await asyncio.to_thread(server.resume)
    return time.monotonic()


async def press(user: FakeUser, menu: Menu, label: str) -> FakeInteraction:
    """The move's button, or its option in a select: whatever comes of it (GameTable insists on "✅")."""
    if label in menu.move_buttons():
        return await user.click(menu.message, menu.move_buttons()[label]["custom_id"])
    select, option = next((s, o) for s in menu.move_selects() for o in s["options"] if o["label"] == label)
    return await user.select(menu.message, [option["value"]], select=select["custom_id"])


def said_privately(done: FakeInteraction, user: FakeUser) -> list[str]:
    return [m.content for m in done.messages if m.ephemeral_to is user]


def bot_warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith(("bot", "cogs")) and r.levelno >= logging.WARNING]


async def test_a_server_restart_mid_play_is_waited_out_and_play_goes_on(
    on_own_postgres, pg_own_server, busy_tasks, fake_discord, real_bot, monkeypatch, caplog
):
    fake, bot = fake_discord, real_bot.client
    table, strategy = await seated(fake, monkeypatch)
    await play(table, strategy, 4)
    (player,) = table.waiting()
    menu = await table.moves_of(player)
    tasks = {"clock": bot.clock._task, "heartbeat": bot._heart, "catch-up": bot.publisher._sweeper}

    with caplog.at_level(logging.WARNING):
        await asyncio.to_thread(pg_own_server.halt)
        back = asyncio.ensure_future(resume_after(pg_own_server, DOWN))
        pressed = time.monotonic()
        await table.choose(player, menu, strategy[player])  # answered "✅": played (GameTable checks)
        assert pressed < await back, "the move was pressed after the server was back"
        assert time.monotonic() - pressed >= DOWN, "the move did not wait for the server"
        # the bot's own tasks ran against the server while it was down, waited, and go on
        since = time.time()
        for _ in range(100):
            if await heartbeat_at(on_own_postgres) > since:
                break
            await asyncio.sleep(BEATS)
        assert await heartbeat_at(on_own_postgres) > since, "no heartbeat since the server came back"
        assert not [name for name, task in tasks.items() if task is None or task.done()]
        await play(table, strategy, 4)
    assert not bot_warnings(caplog), [f"{r.name}: {r.getMessage()}" for r in bot_warnings(caplog)]
    assert await logged_moves(on_own_postgres) == len(table.played) == 9


async def test_a_press_during_a_longer_outage_is_refused_privately_and_played_after(
    on_own_postgres, pg_own_server, fake_discord, real_bot, monkeypatch, caplog
):
    fake = fake_discord
    table, strategy = await seated(fake, monkeypatch)
    await play(table, strategy, 2)
    (player,) = table.waiting()
    menu = Menu(await table.moves_of(player))
    board = table.board().content
    assert menu.moves(), f"no move on the first screen of {player.name}'s menu"
    label = strategy[player](menu.moves(), menu.message.content)

    with caplog.at_level(logging.WARNING):
        await asyncio.to_thread(pg_own_server.halt)
        try:
            began = time.monotonic()
            done = await press(player, menu, label)
            assert time.monotonic() - began >= postgres.OUTAGE_WAIT - postgres.RETRY_MOST  # it waited first
            assert said_privately(done, player) == [REFUSED], [m.content for m in done.messages]
            assert table.waiting() == [player] and table.board().content == board  # nothing was played
        finally:
            await asyncio.to_thread(pg_own_server.resume)
    warned = bot_warnings(caplog)
    assert [r.name for r in warned] == ["bot.store.postgres"], [f"{r.name}: {r.getMessage()}" for r in warned]
    assert not warned[0].exc_info and "storage fault in a move" in warned[0].getMessage()

    await table.choose(player, await table.moves_of(player), strategy[player])  # played now
    await play(table, strategy, 2)
    assert await logged_moves(on_own_postgres) == len(table.played) == 5
