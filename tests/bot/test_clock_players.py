"""The clock and the players: reminders come at half the pace; a missed deadline hands a seat to a
stand-in and a substitute takes it; vacations pause a player's pings and deadlines within limits.
(Reminders and misses while several players are waited on at once: a game's own clock tests.)"""

import pytest

from bot.clock.scheduler import DAY, HOUR, MINUTE, ClockSettings
from bot.tables.gate import Caller, Gate
from bot.tables.service import Refused
from tests.bot.pressing import press_on

from .test_clock import ALICE, BOB, CAROL, T0, World, a_table, clock_moves, deadlines, waited, world  # noqa: F401

DAVE = 103


def test_reminders_come_at_half_the_pace_or_daily_unless_set():
    assert ClockSettings(pace=HOUR).interval == 30 * MINUTE and ClockSettings().interval == DAY
    assert ClockSettings(pace=HOUR, remind=6 * HOUR).interval == 6 * HOUR
    assert ClockSettings(pace=HOUR, remind=0).interval is None


# --- missed deadlines, stand-ins, substitutes -------------------------------------------------------


async def next_deadline(world: World, table_id: int) -> None:
    """Move time to the table's next deadline and let the clock act."""
    world.time.t = min(row["deadline"] for row in await world.clock.deadlines(table_id))
    await world.clock.tick()


async def test_a_substitute_takes_an_absent_players_seat_but_never_a_stand_ins_from_the_start(world):
    table = await a_table(world, stand_ins=1, misses=1)
    player = waited(world, table)
    (other,) = {ALICE, BOB} - {player}
    with pytest.raises(Refused, match="no seat is waiting for a substitute"):
        await world.clock.substitute(table.id, CAROL)  # a stand-in sits here since the start
    with pytest.raises(Refused, match="No seat waits for you"):
        await world.clock.back(table.id, CAROL)
    await next_deadline(world, table.id)  # the player misses once: a stand-in takes over at once
    update = await world.clock.substitute(table.id, CAROL)
    assert update.table.seats[table.seats.index(player)] == CAROL
    assert update.public == [f"🔁 <@{CAROL}> takes over the seat of <@{player}>."]
    assert (await world.store.actions(table.id, kind="substitute"))[0].action == {"from": player, "to": CAROL}
    with pytest.raises(Refused, match=f"<@{CAROL}> has taken your seat since"):
        await world.clock.back(table.id, player)
    with pytest.raises(Refused, match="no seat is waiting"):
        await world.clock.substitute(table.id, DAVE)
    with pytest.raises(Refused, match="already playing"):
        await world.clock.substitute(table.id, other)


async def test_everyone_who_held_a_seat_may_call_a_rematch_and_nobody_else(world):
    table = await a_table(world, misses=1, channel=556)
    await next_deadline(world, table.id)  # the player misses once: a stand-in takes over
    await world.clock.substitute(table.id, CAROL)
    await world.service.end(table.id, 900, moderator=True)
    gate = Gate(world.service)
    for user in (ALICE, BOB, CAROL):  # the one who missed, away when the game ended, held Carol's seat before her
        passed = await press_on(gate, Caller(user, 1, 556), f"pt:rematch:{table.id}")
        assert passed.table.id == table.id
    with pytest.raises(Refused, match="Only the players of that game"):
        await press_on(gate, Caller(DAVE, 1, 556), f"pt:rematch:{table.id}")


# --- vacation -----------------------------------------------------------------------------------------


async def test_on_vacation_no_pings_and_the_clock_waits_with_the_time_left(world):
    table = await a_table(world)  # the player's deadline: T0 + 1h
    player = waited(world, table)
    world.time.t = T0 + 30 * MINUTE
    until, left = await world.clock.vacation(table.id, player, 2)
    assert until == T0 + 30 * MINUTE + 2 * DAY and left == 5 * DAY
    assert deadlines(await world.clock.deadlines(table.id)) == {player: until + 30 * MINUTE}
    line = await world.clock.waiting_line(await world.service.get(table.id), [player])
    assert line == f"⏳ Waiting on <@{player}> (🏖️ on vacation until <t:{int(until)}:R>)."

    for at in (T0 + HOUR, T0 + DAY, until - 1):
        await world.clock.tick(at=at)
    assert await clock_moves(world, table.id) == [] and world.notices.said == []  # no move, no reminder
    await world.clock.tick(at=until + 29 * MINUTE)  # back, with the half hour they had left
    assert await clock_moves(world, table.id) == []
    await world.clock.tick(at=until + 30 * MINUTE)
    assert len(await clock_moves(world, table.id)) == 1


async def test_coming_back_early_gives_the_days_back_and_the_deadline_its_time(world):
    table = await a_table(world)
    player = waited(world, table)
    world.time.t = T0 + 10 * MINUTE
    await world.clock.vacation(table.id, player, 3)
    world.time.t = T0 + DAY
    until, left = await world.clock.vacation(table.id, player, 0)
    assert until is None and left == 7 * DAY - (DAY - 10 * MINUTE)
    assert deadlines(await world.clock.deadlines(table.id)) == {player: T0 + DAY + 50 * MINUTE}


async def test_vacations_stay_within_the_tables_limit(world):
    table = await a_table(world, vacation_days=7)
    with pytest.raises(Refused, match="allows 7 days of vacation per player; you have 7d left"):
        await world.clock.vacation(table.id, BOB, 8)
    await world.clock.vacation(table.id, BOB, 2)
    world.time.t = T0 + 3 * DAY  # those two days are over and spent
    await world.clock.vacation(table.id, BOB, 5)
    with pytest.raises(Refused, match="you have 5d left"):
        await world.clock.vacation(table.id, BOB, 6)  # instead of the five: 2 + 6 > 7
    world.time.t += DAY
    with pytest.raises(Refused, match="you have 4d left"):
        await world.clock.vacation(table.id, BOB, 5)  # 2 + 1 spent: 4 left, counting the 4 booked
    _, left = await world.clock.vacation(table.id, BOB, 0)  # back after one of the five
    assert left == 4 * DAY
    with pytest.raises(Refused, match="not playing"):
        await world.clock.vacation(table.id, CAROL, 1)
    await world.clock.configure(table.id, vacation_days=1)
    await world.clock.vacation(table.id, ALICE, 1)
    world.time.t += DAY
    with pytest.raises(Refused, match="allows 1 day of vacation per player; you have none left"):
        await world.clock.vacation(table.id, ALICE, 1)
