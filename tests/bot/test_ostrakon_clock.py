"""The clock at an Ostrakon table: the speaker's deadline, then every voter's at once, and the canned
question the clock asks when the speaker's time runs out (the generic clock: test_clock.py)."""

from bot.clock.scheduler import HOUR, MINUTE
from bot.tables.replay import replay_table

from .test_clock import ALICE, BOB, T0, World, a_table, clock_moves, deadlines, world  # noqa: F401 (a fixture)


async def ostrakon(world: World, **options):
    """Alice, Bob and three stand-ins (`options` as a_table's); with seed "a" (the default) Bob speaks
    first, so the table waits on him."""
    return await a_table(world, "ostrakon", stand_ins=3, **options)


async def test_the_speakers_deadline_then_every_voters_each_cleared_by_their_vote(world):
    table = await ostrakon(world)
    assert world.service.waiting_on(table) == [BOB]
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + HOUR}
    line = await world.clock.waiting_line(table, [BOB])
    assert line == f"⏳ Waiting on <@{BOB}> · ⏰ <t:{int(T0 + HOUR)}:R>."

    world.time.t = T0 + 10 * MINUTE  # Bob asks: now both vote, each with an hour from now
    update = await world.service.act(
        table.id, BOB, {"kind": "ask", "question": "Sea or hills?", "white": "Sea", "black": "Hills"}
    )
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: T0 + 70 * MINUTE, BOB: T0 + 70 * MINUTE}

    world.time.t = T0 + 20 * MINUTE  # Alice votes: her deadline goes, Bob's stays as it was
    await world.service.act(update.table.id, ALICE, {"kind": "vote", "stone": "white"})
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + 70 * MINUTE}


async def test_at_the_deadline_the_default_is_played_logged_and_announced(world):
    table = await ostrakon(world)
    await world.clock.tick(at=T0 + HOUR - 1)
    assert world.notices.published == []

    world.time.t = T0 + HOUR
    await world.clock.tick(at=T0 + HOUR)
    (update,) = world.notices.published
    assert update.public[0] == f"⏰ Time ran out for <@{BOB}>: the clock moves for them."
    assert any("asks:" in text for text in update.public[1:])  # the game's own event: the canned question
    assert (
        update.private[BOB][0].startswith("⏰ Your time ran out") and "**Ask the question**" in update.private[BOB][0]
    )
    assert update.was_waiting == [BOB] and world.notices.newly_asked == [(BOB,)]  # his vote is a new call to him
    (move,) = await clock_moves(world, table.id)
    assert move.seat == 1 and move.action["kind"] == "ask"
    assert (await replay_table(world.store, table.id)).ok  # a normal logged move: the log replays
    # The vote that follows waits on both, an hour from the tick.
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: T0 + 2 * HOUR, BOB: T0 + 2 * HOUR}
