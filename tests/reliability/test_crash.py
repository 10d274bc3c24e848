"""Crash test: a process playing many tables is killed with SIGKILL at random moments, again and again.

After every kill: each action acknowledged before it is in the log, every table loads, replaying
each table's log from its seed gives exactly its stored state, and the next process plays on; a
table left waiting on a stand-in (killed between a move and the stand-ins' replies) has moved on
by the next check: none stalls. `CRASH_KILLS=100` (`make soak`) kills it a hundred times.
The player processes are forked from a server that has already imported everything, so a restart
costs milliseconds and the test stays near half a minute.

It runs on both stores (tests/stores.py): the SQLite file, and a PostgreSQL database whose client
processes die with their connections open mid-transaction; PostgreSQL with fewer kills
(`CRASH_KILLS_POSTGRES`, a third of CRASH_KILLS by default), to keep the run short.
"""

import asyncio
import json
import multiprocessing
import os
import time
from pathlib import Path
from random import Random

from bot.store.opening import open_store
from bot.tables import replay
from bot.tables.service import TableService
from tests.registry import GAMES

from . import crash_child

KILLS = int(os.environ.get("CRASH_KILLS", "22"))
KILLS_ON = {"sqlite": KILLS, "postgres": int(os.environ.get("CRASH_KILLS_POSTGRES", str(max(3, KILLS // 3))))}
FIRST_ACK_TIMEOUT = 20.0


def read_acks(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines()]


def wait_for_acks(path: Path, count: int, process) -> None:
    deadline = time.monotonic() + FIRST_ACK_TIMEOUT
    while time.monotonic() < deadline and process.is_alive():
        if path.exists() and path.read_text().count("\n") >= count:
            return
        time.sleep(0.005)
    raise AssertionError(f"the player process acknowledged nothing (alive: {process.is_alive()})")


class Checker:
    """Checks the database against every acknowledgement so far; replays only tables that moved."""

    def __init__(self, db: Path | str) -> None:
        self.db = db
        self.checked: dict[int, int] = {}  # table id -> version last replayed
        self.owed: dict[int, int] = {}  # table id -> version at which it waited on a stand-in

    async def check(self, acks: list[dict]) -> int:
        store = await open_store(self.db)
        try:
            service = TableService(store)
            logs: dict[int, dict[int, object]] = {}
            for ack in acks:
                if ack["t"] not in logs:
                    logs[ack["t"]] = {row.seq: row for row in await store.actions(ack["t"])}
                log = logs[ack["t"]]
                assert ack["v"] in log, f"acknowledged version {ack['v']} of table {ack['t']} is not in the log"
                row = log[ack["first"]]
                assert row.kind == ack["k"], (ack, row)
                if ack["k"] == "move":
                    assert (row.seat, row.action) == (ack["s"], ack["a"]), (ack, row)
            replayed = 0
            owed: dict[int, int] = {}
            for table_id in await store.table_ids(("lobby", "running", "paused", "finished", "ended")):
                table = await service.get(table_id)  # every table loads
                if table.state is not None:
                    service.state_of(table)
                if table.status == "running" and service.stand_ins_due(table):
                    # the last process died before the stand-ins replied: the one before it did
                    # not leave this table waiting too (it moved on at its start-up)
                    assert self.owed.get(table_id) != table.version, f"table {table_id} stalled on a stand-in"
                    owed[table_id] = table.version
                if self.checked.get(table_id) == table.version:
                    continue
                result = replay.check(GAMES[table.game], table, await store.actions(table_id))
                assert result.ok, (table_id, result.problems)
                self.checked[table_id] = table.version
                replayed += 1
            self.owed = owed
            return replayed
        finally:
            await store.close()


def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path, store_kind, store_target):
    kills = KILLS_ON[store_kind]
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([crash_child.__name__])
    checker = Checker(store_target)
    chance = Random(20260509)
    acks: list[dict] = []
    started = time.monotonic()
    for run in range(kills):
        ack_path = tmp_path / f"acks-{run}.jsonl"
        process = context.Process(target=crash_child.play, args=(str(store_target), str(ack_path), run))
        process.start()
        try:
            wait_for_acks(ack_path, 1, process)  # play continues after every restart
            time.sleep(chance.uniform(0.0, 0.5))
        finally:
            process.kill()
            process.join()
        assert process.exitcode == -9, "the player process stopped before it was killed"
        run_acks = read_acks(ack_path)
        assert run_acks
        acks += run_acks
        asyncio.run(checker.check(acks))
    assert len(acks) > kills * 10
    assert len({ack["t"] for ack in acks}) >= crash_child.CHANNELS
    assert time.monotonic() - started < 4 * kills
