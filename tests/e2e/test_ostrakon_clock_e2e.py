"""Ostrakon under the clock: a missed question gets a canned one, the voters' stones by DM and
reminders that start over for both voters once the question is asked (the clock itself:
test_clock_e2e.py, whose helpers run its tick).

Every table here is dealt from seed "a": Alice and Bob sit with three stand-ins and Bob is the
first speaker, so the table first waits on him alone.
"""

from __future__ import annotations

import time

from .ostrakon_table import OstrakonTable, Question
from .test_clock_e2e import DAY, DUE, HOUR, TIMED_OUT, due, seeded, since, tick, waiting_line  # noqa: F401 (a fixture)
from .test_clock_e2e import open_table as clock_table  # the generic one; this file's is Ostrakon's


async def open_table(fake, **clock) -> tuple[OstrakonTable, object, object]:
    """Alice and Bob at an Ostrakon table filled with stand-ins: Bob speaks first."""
    table, alice, bob = await clock_table(fake, lambda players: OstrakonTable(fake, players), 4, **clock)
    assert table.waiting() == [bob]
    return table, alice, bob


async def test_a_missed_deadline_plays_the_default_and_says_so(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake)
    line = waiting_line(table)
    assert line == f"⏳ Waiting on {bob.mention} · ⏰ <t:{due(table)}:R>."
    assert abs(due(table) - (time.time() + HOUR)) < 60

    seen = len(fake.channel.messages())
    await tick(fake, real_bot, due(table) - 1)  # not yet: only the reminder of half the pace
    (reminder,) = fake.channel.messages()[seen:]
    assert reminder.content.startswith(f"🔔 Reminder: the table is waiting on {bob.mention} · ⏰ <t:{due(table)}:R>.")
    seen += 1
    await tick(fake, real_bot, due(table) + 1)
    told = since(fake, seen)
    assert told.startswith(TIMED_OUT.format(bob.mention)) and " asks: " in told  # a canned question
    assert sorted(table.waiting(), key=[alice, bob].index) == [alice, bob]
    board = table.board()
    assert sorted(board.extra["allowed_mentions"]["users"]) == sorted([alice.id, bob.id])
    assert len(set(DUE.findall(waiting_line(table)))) == 1  # both have the hour from the tick
    # Bob learns by DM what was played for him, and gets his stones for the vote like Alice.
    notice = next(m for m in bob.dms() if "Your time ran out" in m.content)
    assert "**Ask the question**" in notice.content
    phase, question = table.phase()
    assert phase == "vote"
    await table.vote(bob, "black", question, by_dm=True)
    await table.vote(alice, "white", question, by_dm=True)


async def test_reminders_ping_only_the_waited_players_then_one_stalled_notice(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake, pace="none", remind="1h", reminders=2)
    assert "⏰" not in waiting_line(table)  # no pace, no deadline
    started = time.time()
    seen = len(fake.channel.messages())
    for at in (started + HOUR + 5, started + 2 * HOUR + 10, started + 3 * HOUR + 15, started + 4 * HOUR, started + DAY):
        await tick(fake, real_bot, at)
    sent = fake.channel.messages()[seen:]
    assert [m.content.split(":")[0] for m in sent] == ["🔔 Reminder", "🔔 Reminder", "💤 This table is stalled"]
    assert [m.extra["allowed_mentions"]["users"] for m in sent] == [[bob.id], [bob.id], []]
    assert all(alice.mention not in m.content for m in sent)  # she is not the one the table waits on

    # Bob asks: the reminders start over, for both voters now.
    await table.ask(bob, Question.numbered(1), by_form=False)
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, time.time() + HOUR + 5)
    (reminder,) = fake.channel.messages()[seen:]
    assert sorted(reminder.extra["allowed_mentions"]["users"]) == sorted([alice.id, bob.id])
