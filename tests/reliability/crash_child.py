"""The player process of the crash test: plays many tables through TableService until killed.

After each acknowledged call (the service returned) it appends one JSON line to its ack file with
a plain `os.write`, so every line written is in the file even if SIGKILL comes a moment later. On
start it picks up the tables left open by the process before it (they must all load) and plays
on; a finished or half-made table makes way for a new one in the same channel. The database is a
SQLite file or a PostgreSQL URL (bot.store.opening.open_store opens either).
"""

from __future__ import annotations

import asyncio
import json
import os
from random import Random

from bot.store.opening import open_store
from bot.tables.service import TableService
from engine import Chance, RuleError, referee
from tests.registry import GAMES

CHANNELS = 12


def play(target: str, ack_path: str, run: int, seconds: float = 60.0) -> None:
    asyncio.run(_play(target, ack_path, run, seconds))


class Acks:
    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, **fields) -> None:
        os.write(self._fd, (json.dumps(fields) + "\n").encode())


async def _play(target: str, ack_path: str, run: int, seconds: float) -> None:
    acks = Acks(ack_path)
    store = await open_store(target)
    service = TableService(store)
    left_open = {table.channel_id: table for table in await service.open_tables()}
    for table in left_open.values():  # every table the last process left must load
        if table.state is not None:
            service.state_of(table)
        if table.status == "running":  # as the bot's clock does at start-up: stand-ins owe nothing
            update = await service.resume(table.id)
            if update is not None:
                left_open[table.channel_id] = update.table
    await asyncio.wait_for(
        asyncio.gather(
            *(
                _channel(service, acks, channel, left_open.get(channel), Random(f"{run}:{channel}"))
                for channel in range(1, CHANNELS + 1)
            )
        ),
        timeout=seconds,
    )


async def _channel(service: TableService, acks: Acks, channel: int, table, driver: Random) -> None:
    games = sorted(GAMES)
    while True:
        if table is None or not table.open:
            table = await _new_table(service, acks, channel, GAMES[games[driver.randrange(len(games))]], driver)
        elif table.status == "lobby":  # the last process died while seating players
            update = await service.end(table.id, table.host_id)
            acks.write(t=table.id, first=update.table.version, v=update.table.version, k="end")
            table = None
            continue
        table = await _move(service, acks, table, driver)


async def _new_table(service: TableService, acks: Acks, channel: int, game, driver: Random):
    seats = driver.randint(game.min_seats, min(game.max_seats, game.min_seats + 2))
    stand_ins = min(driver.choice([0, 0, 1]), seats - 1)
    users = [channel * 100 + seat + 1 for seat in range(seats - stand_ins)]
    # seated as stand-ins first: each player who joins takes a stand-in's seat
    table = await service.create(
        guild_id=1,
        channel_id=channel,
        host_id=users[0],
        game=game.key,
        stand_ins=seats - 1,
        seed=f"crash:{channel}:{driver.random()}",
    )
    for user in users[1:]:
        table = await service.join(table.id, user)
        acks.write(t=table.id, first=table.version, v=table.version, k="join")
    update = await service.start(table.id, users[0])
    acks.write(t=table.id, first=table.version + 1, v=update.table.version, k="start")
    return update.table


async def _move(service: TableService, acks: Acks, table, driver: Random):
    """One call: mostly sensible moves, some random legal ones, some refused ones."""
    game = service.game_of(table)
    waiting = service.waiting_on(table)
    if not waiting:
        return await service.get(table.id)
    user = driver.choice(waiting)
    seat = service.seat_of(table, user)
    state = service.state_of(table)
    roll = driver.random()
    chance = Chance.seeded(str(driver.random()))
    if roll < 0.7:
        action = game.stand_in(state, seat, chance)
    else:
        legal = game.legal_actions(state, seat)
        action = driver.choice(legal) if legal else game.stand_in(state, seat, chance)
    version = table.version if roll < 0.95 else table.version - 1  # now and then a stale board
    try:
        update = await service.act(table.id, user, action, version=version)
    except RuleError:
        return await service.get(table.id)
    acks.write(
        t=table.id,
        first=table.version + 1,
        v=update.table.version,
        k="move",
        s=seat,
        a=referee.parse_action(game, action).model_dump(mode="json"),
    )
    return update.table
