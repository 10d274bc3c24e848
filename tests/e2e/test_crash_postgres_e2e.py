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

import contextlib
import os
import time
from random import Random

import pytest

from tests.registry import GAMES

from .bot_database import BotDatabase
from .conftest import assert_pings_only_named_users
from .crash_kills import KillSwitch
from .crash_players import Crashed, Players
from .fakediscord.process import BotProcess
from .test_crash_announcements_e2e import MOVES_BEFORE_KILL, SEED, CrashRun

KILLS = int(os.environ.get("ANNOUNCE_KILLS_POSTGRES", "4"))


@pytest.mark.stores("postgres")
async def test_sigkill_while_publishing_on_postgres_loses_and_doubles_nothing(fake_discord, tmp_path, store_target):
    fake = fake_discord
    fake.settle_quiet, fake.settle_timeout = 0.02, 30.0
    started = time.monotonic()
    chance = Random(SEED)
    database = BotDatabase(store_target)
    assert database.url == store_target
    bot = BotProcess(fake, tmp_path, db_path=tmp_path / "bot.sqlite3", database_url=database.url, owes=database.owes)
    switch = KillSwitch(fake, bot, chance)
    run = CrashRun(fake, tmp_path, database, bot, switch, Players(fake, bot, chance, on_move_sent=switch.move_sent))
    players = run.players
    try:
        await bot.start()
        countdown = chance.randint(*MOVES_BEFORE_KILL)
        while len(run.killed) < KILLS:
            for game in GAMES:  # a game that ended makes way for a new table of it, in a new channel
                if not any(table.game == game for table in players.running()):
                    with switch.held():
                        await players.open(game)
            if switch.armed is None and countdown <= 0:
                switch.arm()
                countdown = chance.randint(*MOVES_BEFORE_KILL)
            with contextlib.suppress(Crashed):
                await players.step(chance.choice(players.running()))
                countdown -= 1
            if not bot.running:
                await run.recover()
        switch.disarm()
        await fake.settle()
        await run.check("at the end")
    finally:
        await bot.stop()
        database.close()
    print(f"\n(PostgreSQL) {run.report()}; {time.monotonic() - started:.0f} s")
    if run.problems:
        pytest.fail(run.failure(), pytrace=False)
    assert_pings_only_named_users(fake)
    assert not (tmp_path / "bot.sqlite3").exists(), "the bot ran on the SQLite file, not on PostgreSQL"
    assert sum(bool(k.owed) for k in run.killed) >= len(run.killed) // 2, (
        f"most kills should land between a commit and the end of its publishing: {run.report()}"
    )
