"""The clock and the players: reminders ping only the players waited on, at the table's interval,
capped, then one stalled notice; missed deadlines hand a seat to a stand-in, and the player comes
back or a substitute takes the seat; vacations pause a player's pings and deadlines within limits."""
import pytest

from bot.clock import DAY, HOUR, MINUTE, ClockSettings
from bot.gate import Caller, Gate
from bot.service import Refused

from .test_clock import ALICE, BOB, CAROL, T0, World, clock_moves, deadlines, ostrakon, world  # noqa: F401

DAVE = 103
ASK = {"kind": "ask", "question": "Sea or hills?", "white": "Sea", "black": "Hills"}


def pings(world: World) -> list[list[int]]:
    return [ping for _, _, ping in world.notices.said]


def test_reminders_come_at_half_the_pace_or_daily_unless_set():
    assert ClockSettings(pace=HOUR).interval == 30 * MINUTE and ClockSettings().interval == DAY
    assert ClockSettings(pace=HOUR, remind=6 * HOUR).interval == 6 * HOUR
    assert ClockSettings(pace=HOUR, remind=0).interval is None


# --- reminders ----------------------------------------------------------------------------------------

async def test_reminders_ping_only_the_waited_players_then_one_stalled_notice(world):
    table = await ostrakon(world, pace=None, remind=HOUR, reminders=2)
    await world.clock.tick(at=T0 + HOUR - 1)
    assert world.notices.said == []
    await world.clock.tick(at=T0 + HOUR)
    await world.clock.tick(at=T0 + HOUR + 59 * MINUTE)
    await world.clock.tick(at=T0 + 2 * HOUR)
    assert pings(world) == [[BOB], [BOB]]  # Bob is the speaker: Alice is not pinged
    first = world.notices.said[0][1]
    assert first.startswith(f"🔔 Reminder: the table is waiting on <@{BOB}>.") and f"<@{ALICE}>" not in first

    await world.clock.tick(at=T0 + 3 * HOUR)
    (_, stalled, ping) = world.notices.said[-1]
    assert stalled.startswith("💤 This table is stalled") and f"<@{BOB}>" in stalled and ping == []
    assert "and 2 reminders went unanswered" in stalled
    for hours in (4, 5, 48, 24 * 10):
        await world.clock.tick(at=T0 + hours * HOUR)
    assert len(world.notices.said) == 3  # no ping spam after the notice

    # Someone moves: the reminders start over, for whoever the table waits on now.
    world.time.t = T0 + 10 * DAY
    await world.service.act(table.id, BOB, ASK)
    await world.clock.sync(table.id)
    await world.clock.tick(at=T0 + 10 * DAY + HOUR)
    assert pings(world)[-1] == [ALICE, BOB]


async def test_reminders_skip_players_on_vacation_and_can_be_turned_off(world):
    table = await ostrakon(world, pace=None, remind=HOUR)
    world.time.t = T0 + MINUTE
    await world.service.act(table.id, BOB, ASK)  # both vote now
    await world.clock.sync(table.id)  # as the publisher does when it posts the board
    await world.clock.vacation(table.id, ALICE, 2)
    await world.clock.tick(at=T0 + MINUTE + HOUR)
    assert pings(world) == [[BOB]]
    await world.clock.configure(table.id, remind=0)
    await world.clock.tick(at=T0 + 10 * DAY)
    assert pings(world) == [[BOB]]


# --- missed deadlines, stand-ins, coming back, substitutes ------------------------------------------

async def next_deadline(world: World, table_id: int) -> None:
    """Move time to the table's next deadline and let the clock act."""
    world.time.t = min(row["deadline"] for row in await world.clock.deadlines(table_id))
    await world.clock.tick()


async def test_a_seat_goes_to_a_stand_in_after_missed_deadlines_and_its_player_comes_back(world):
    table = await ostrakon(world, misses=2)
    await next_deadline(world, table.id)  # Bob's question: one miss
    world.time.t += MINUTE
    await world.service.act(table.id, ALICE, {"kind": "vote", "stone": "white"})  # Alice votes herself
    await next_deadline(world, table.id)  # Bob's vote: a second miss in a row
    table = await world.service.get(table.id)
    assert table.seats[1] is None and table.seats[0] == ALICE
    told = world.notices.published[-1]
    assert f"🤖 <@{BOB}> missed 2 deadlines in a row: a stand-in plays their seat" in "\n".join(told.public)
    (away,) = await world.store.actions(table.id, kind="away")
    assert away.seat == 1 and away.action == {"user": BOB, "misses": 2} and away.actor_id is None  # the clock
    assert BOB not in [row["user_id"] for row in await world.clock.deadlines(table.id)]

    update = await world.clock.back(table.id, BOB)
    assert update.table.seats[1] == BOB and update.public == [f"👋 <@{BOB}> is back and plays their seat again."]
    with pytest.raises(Refused, match="already playing"):
        await world.clock.back(table.id, BOB)
    # Back at the table, his count starts again: one more miss does not send him away.
    while not [row for row in await clock_moves(world, table.id) if row.seat == 1 and row.seq > update.table.version]:
        await next_deadline(world, table.id)
    assert (await world.service.get(table.id)).seats[1] == BOB


async def test_a_player_who_moves_between_misses_keeps_their_seat(world):
    table = await ostrakon(world, misses=2)
    await next_deadline(world, table.id)  # Bob misses his question
    world.time.t += MINUTE
    await world.service.act(table.id, BOB, {"kind": "vote", "stone": "black"})  # then votes himself
    start = (await world.service.get(table.id)).version
    while not [row for row in await clock_moves(world, table.id) if row.seat == 1 and row.seq > start]:
        await next_deadline(world, table.id)
    assert (await world.service.get(table.id)).seats[1] == BOB


async def test_a_substitute_takes_an_absent_players_seat_but_never_a_stand_ins_from_the_start(world):
    table = await ostrakon(world, misses=1)
    with pytest.raises(Refused, match="no seat is waiting for a substitute"):
        await world.clock.substitute(table.id, CAROL)  # three stand-ins sit here since the start
    with pytest.raises(Refused, match="No seat waits for you"):
        await world.clock.back(table.id, CAROL)
    await next_deadline(world, table.id)  # Bob misses once: a stand-in takes over at once
    update = await world.clock.substitute(table.id, CAROL)
    assert update.table.seats[1] == CAROL and update.public == [f"🔁 <@{CAROL}> takes over the seat of <@{BOB}>."]
    assert (await world.store.actions(table.id, kind="substitute"))[0].action == {"from": BOB, "to": CAROL}
    with pytest.raises(Refused, match=f"<@{CAROL}> has taken your seat since"):
        await world.clock.back(table.id, BOB)
    with pytest.raises(Refused, match="no seat is waiting"):
        await world.clock.substitute(table.id, DAVE)
    with pytest.raises(Refused, match="already playing"):
        await world.clock.substitute(table.id, ALICE)


async def test_everyone_who_held_a_seat_may_call_a_rematch_and_nobody_else(world):
    table = await ostrakon(world, misses=1, channel=556)
    await next_deadline(world, table.id)  # Bob misses once: a stand-in takes over
    await world.clock.substitute(table.id, CAROL)
    await world.service.end(table.id, 900, moderator=True)
    gate = Gate(world.service)
    for user in (ALICE, BOB, CAROL):  # Bob, away when the game ended, held Carol's seat before her
        passed = await gate.press(Caller(user, 1, 556), f"pt:rematch:{table.id}")
        assert passed.table.id == table.id
    with pytest.raises(Refused, match="Only the players of that game"):
        await gate.press(Caller(DAVE, 1, 556), f"pt:rematch:{table.id}")


# --- vacation -----------------------------------------------------------------------------------------

async def test_on_vacation_no_pings_and_the_clock_waits_with_the_time_left(world):
    table = await ostrakon(world)  # Bob's deadline: T0 + 1h
    world.time.t = T0 + 30 * MINUTE
    until, left = await world.clock.vacation(table.id, BOB, 2)
    assert until == T0 + 30 * MINUTE + 2 * DAY and left == 5 * DAY
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: until + 30 * MINUTE}
    line = await world.clock.waiting_line(await world.service.get(table.id), [BOB])
    assert line == f"⏳ Waiting on <@{BOB}> (🏖️ on vacation until <t:{int(until)}:R>)."

    for at in (T0 + HOUR, T0 + DAY, until - 1):
        await world.clock.tick(at=at)
    assert await clock_moves(world, table.id) == [] and world.notices.said == []  # no move, no reminder
    await world.clock.tick(at=until + 29 * MINUTE)  # back, with the half hour he had left
    assert await clock_moves(world, table.id) == []
    await world.clock.tick(at=until + 30 * MINUTE)
    assert len(await clock_moves(world, table.id)) == 1


async def test_coming_back_early_gives_the_days_back_and_the_deadline_its_time(world):
    table = await ostrakon(world)
    world.time.t = T0 + 10 * MINUTE
    await world.clock.vacation(table.id, BOB, 3)
    world.time.t = T0 + DAY
    until, left = await world.clock.vacation(table.id, BOB, 0)
    assert until is None and left == 7 * DAY - (DAY - 10 * MINUTE)
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + DAY + 50 * MINUTE}


async def test_vacations_stay_within_the_tables_limit(world):
    table = await ostrakon(world, vacation_days=7)
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


async def test_a_deadline_that_starts_during_a_vacation_waits_for_the_return(world):
    table = await ostrakon(world)
    world.time.t = T0 + MINUTE
    until, _ = await world.clock.vacation(table.id, ALICE, 1)
    await world.service.act(table.id, BOB, ASK)  # now Alice is waited on too
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: until + HOUR, BOB: T0 + MINUTE + HOUR}
