"""The clock and the players at an Ostrakon table, where a question makes every voter wait at once:
reminders ping the speaker, then all the voters, skipping those on vacation; a voter's misses in a
row hand the seat to a stand-in until the player comes back, a vote between misses keeps it; a
deadline that starts during a vacation waits for the return (the generic part: test_clock_players.py)."""

import pytest

from bot.clock.scheduler import DAY, HOUR, MINUTE
from bot.tables.service import Refused

from .test_clock import ALICE, BOB, T0, World, clock_moves, deadlines, world  # noqa: F401 (a fixture)
from .test_clock_players import next_deadline
from .test_ostrakon_clock import ostrakon

ASK = {"kind": "ask", "question": "Sea or hills?", "white": "Sea", "black": "Hills"}


def pings(world: World) -> list[list[int]]:
    return [ping for _, _, ping in world.notices.said]


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


async def test_a_deadline_that_starts_during_a_vacation_waits_for_the_return(world):
    table = await ostrakon(world)
    world.time.t = T0 + MINUTE
    until, _ = await world.clock.vacation(table.id, ALICE, 1)
    await world.service.act(table.id, BOB, ASK)  # now Alice is waited on too
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: until + HOUR, BOB: T0 + MINUTE + HOUR}
