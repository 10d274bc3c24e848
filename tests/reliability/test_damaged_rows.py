"""A damaged table row is reported and skipped: the bot starts, and every other table plays on."""

import logging

import pytest

from bot.store.opening import open_store
from bot.tables.service import Refused, TableService
from engine import Chance
from tests.registry import a_game

PLAYERS = [100, 101, 102, 103, 104]
GAME = a_game(seats=len(PLAYERS), together=False)  # one seat to move: the good table's next move


async def running_table(service: TableService, channel: int):
    table = await service.create(guild_id=1, channel_id=channel, host_id=PLAYERS[0], game=GAME, seed=f"s{channel}")
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, PLAYERS[0])).table


async def test_start_up_skips_a_damaged_row_with_a_log_line(store_target, caplog):
    store = await open_store(store_target)
    service = TableService(store)
    good, bad_seats, bad_state, bad_options = [await running_table(service, c) for c in (1, 2, 3, 4)]
    await store.transaction(
        [
            ("UPDATE tables SET seats = '[100, oops' WHERE id = ?", (bad_seats.id,)),
            ("UPDATE tables SET state = '{\"names\": 3' WHERE id = ?", (bad_state.id,)),
            ("UPDATE tables SET options = '\"not a dict\"' WHERE id = ?", (bad_options.id,)),
        ]
    )
    await store.close()

    caplog.set_level(logging.ERROR)
    store = await open_store(store_target)
    service = TableService(store)
    listed = await service.open_tables()
    # the rows themselves are readable for the good table and the one with a damaged game state
    # (states are parsed only when a table is used)
    assert [t.id for t in listed] == [good.id, bad_state.id]
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert f"table {bad_seats.id}" in logged and f"table {bad_options.id}" in logged

    for damaged in (bad_seats, bad_options, bad_state):
        with pytest.raises(Refused, match="could not be read"):
            await service.view_for(damaged.id, PLAYERS[0])
    with pytest.raises(Refused, match="could not be read"):
        await service.table_in(bad_seats.channel_id)

    # the good table plays on
    table = await service.get(good.id)
    (player,) = service.waiting_on(table)
    state, seat = service.state_of(table), service.seat_of(table, player)
    update = await service.act(good.id, player, service.game_of(table).stand_in(state, seat, Chance.seeded("on")))
    assert update.table.version == good.version + 1
    await store.close()
