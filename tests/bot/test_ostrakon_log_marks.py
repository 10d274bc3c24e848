"""`/table log` at an Ostrakon table: a moderator's skip, the clock's moves and a stand-in's are
marked, a secret vote has a line only when played for its seat, and the clock's hand-offs of a seat
are told (the marks of tests/bot/test_log_marks.py)."""

from bot.clock.scheduler import CLOCK
from bot.tables.moderation import Moderation
from tests.registry import GAMES

from .test_clock import ALICE, BOB, CAROL, world  # noqa: F401
from .test_log_marks import MOD, first_lines
from .test_ostrakon_clock import ostrakon


async def test_the_log_marks_a_skip_and_the_stand_ins_moves(world):
    service = world.service
    table = await ostrakon(world, pace=None)
    names = GAMES["ostrakon"].view(service.state_of(table), None)["names"]
    await Moderation(service).skip(table.id, MOD, moderator=True)  # Bob's question
    log = await world.store.actions(table.id)
    lines = await first_lines(world, table)
    skip = next(r for r in log if r.kind == "skip")
    asked = next(r for r in log if r.seq > skip.seq and r.kind == "move")
    assert asked.actor_id == MOD and lines[asked.seq][0].startswith(f"⏭️ (skipped by <@{MOD}>) ")
    # the stand-ins' secret votes have no line; a stand-in's public move is marked
    stand_ins = [r for r in log if r.kind == "move" and r.actor_id is None]
    assert stand_ins and all(lines[r.seq] == [] or lines[r.seq][0].startswith("🤖 (stand-in) ") for r in stand_ins)

    await service.act(table.id, ALICE, {"kind": "vote", "stone": "white"})
    await Moderation(service).skip(table.id, MOD, moderator=True)  # Bob's vote
    log = await world.store.actions(table.id)
    vote = [r for r in log if r.kind == "move" and r.actor_id == MOD][-1]
    alice = next(r for r in log if r.kind == "move" and r.actor_id == ALICE)
    lines = await first_lines(world, table)
    assert lines[vote.seq][0].startswith(f"⏭️ (skipped by <@{MOD}>) ") and not lines[alice.seq][0].startswith(
        ("⏭️", "🤖")
    )
    # a move without public events has a line only when it was played for a player: it names the seat
    quiet = await first_lines(world, table, quiet=True)
    assert quiet[vote.seq] == [f"⏭️ (skipped by <@{MOD}>) a hidden move for {names[1]}"]
    assert quiet[alice.seq] == [] and all(quiet[r.seq] == [] for r in stand_ins)


async def test_the_log_marks_the_clocks_moves_and_tells_its_hand_offs(world):
    table = await ostrakon(world, misses=2)
    names = GAMES["ostrakon"].view(world.service.state_of(table), None)["names"]
    for _ in range(2):  # Bob's question, then his vote: two missed deadlines, and a stand-in
        world.time.t = min(r["deadline"] for r in await world.clock.deadlines(table.id))
        await world.clock.tick()
        if ALICE in world.service.waiting_on(await world.service.get(table.id)):
            await world.service.act(table.id, ALICE, {"kind": "vote", "stone": "white"})
            await world.clock.sync(table.id)
    await world.clock.back(table.id, BOB)
    log = await world.store.actions(table.id)
    lines = await first_lines(world, table)
    question, vote = [r for r in log if r.kind == "move" and r.actor_id == CLOCK]
    assert lines[question.seq][0].startswith("⏰ (clock) ") and lines[vote.seq][0].startswith("⏰ (clock) ")
    assert (await first_lines(world, table, quiet=True))[vote.seq] == [f"⏰ (clock) a hidden move for {names[1]}"]
    (away,) = [r for r in log if r.kind == "away"]
    assert lines[away.seq] == [f"🤖 <@{BOB}> missed 2 deadlines in a row: a stand-in plays seat 2."]
    (back,) = [r for r in log if r.kind == "back"]
    assert lines[back.seq] == [f"👋 <@{BOB}> is back and plays seat 2 again."]
    assert not any(
        text.startswith(("⏰", "🤖 (stand-in)", "⏭️")) for r in log if r.actor_id == ALICE for text in lines[r.seq]
    )


async def test_a_substitute_is_told_in_the_log(world):
    table = await ostrakon(world, misses=1)
    world.time.t = min(r["deadline"] for r in await world.clock.deadlines(table.id))
    await world.clock.tick()
    await world.clock.substitute(table.id, CAROL)
    log = await world.store.actions(table.id)
    lines = await first_lines(world, table)
    (away,) = [r for r in log if r.kind == "away"]
    (sub,) = [r for r in log if r.kind == "substitute"]
    assert lines[away.seq] == [f"🤖 <@{BOB}> missed a deadline: a stand-in plays seat 2."]
    assert lines[sub.seq] == [f"🔁 <@{CAROL}> takes over seat 2 from a stand-in."]
