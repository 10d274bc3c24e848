"""A moderator's skip at an Ostrakon table: after the question, the voters who have not voted yet
are played for at once (the generic moderation: test_moderation.py)."""

from bot.tables import replay
from tests.registry import GAMES

from .test_moderation import MOD, log_of, moderation, started  # noqa: F401 (a fixture)

FIVE = [100, 101, 102, 103, 104]


async def test_skip_plays_the_default_move_for_every_seat_waited_on(service, moderation):
    table = await started(service, "ostrakon", FIVE)
    game = GAMES["ostrakon"]
    speaker = service.waiting_on(table)[0]
    table = (
        await service.act(
            table.id, speaker, {"kind": "ask", "question": "Sea or hills?", "white": "Sea", "black": "Hills"}
        )
    ).table
    voters = service.waiting_on(table)
    assert len(voters) == 5
    state = service.state_of(table)
    first = game.legal_actions(state, service.seat_of(table, voters[0]))[0]
    table = (await service.act(table.id, voters[0], first)).table
    late = service.waiting_on(table)
    update = await moderation.skip(table.id, MOD, moderator=True)
    assert f"<@{MOD}> skipped" in update.public[0] and all(f"<@{user}>" in update.public[0] for user in late)
    assert set(service.waiting_on(update.table)) != set(late)  # the vote is over: the next decision is asked
    assert update.was_waiting == late
    assert set(update.private) >= set(late)  # each skipped voter is told privately what was played for them
    rows = await log_of(service, table.id)
    note = next(row for row in rows if row.kind == "skip")
    assert note.actor_id == MOD and note.action["users"] == late
    skipped_moves = [row for row in rows if row.seq > note.seq and row.kind == "move"][: len(late)]
    assert [row.actor_id for row in skipped_moves] == [MOD] * len(late)
    assert [table.seats[row.seat] for row in skipped_moves] == late
    assert replay.check(game, update.table, rows).ok
