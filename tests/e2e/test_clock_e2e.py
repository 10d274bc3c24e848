"""The clock against the real bot: deadlines on the board as Discord timestamps, the default move
at a missed deadline, reminders to the waited players only and then one stalled notice, a seat
handed to a stand-in and taken back (or by a substitute), vacations, and a restart in the middle.

Time: the bot's scheduler runs for real, but nothing is due for an hour; the tests run its tick
at the time they want (`bot.clock.tick(at=...)`) instead of waiting.

Every table here is dealt from seed "a": Alice and Bob sit with three stand-ins and Bob is the
first speaker, so the table first waits on him alone.
"""
from __future__ import annotations

import re
import time
import types

import pytest

from .ostrakon_table import MENTION, OstrakonTable, Question

HOUR, DAY = 3600, 86400
DUE = re.compile(r"<t:(\d+):R>")
TIMED_OUT = "⏰ Time ran out for {}: the clock moves for them."


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    from bot import service

    monkeypatch.setattr(service, "secrets", types.SimpleNamespace(token_hex=lambda size: "a"))


async def open_table(fake, **clock) -> tuple[OstrakonTable, object, object]:
    """Alice opens an Ostrakon table with `pace` (and other `/table clock` settings), Bob joins,
    Alice starts."""
    alice, bob = fake.add_users("alice", "bob")
    table = OstrakonTable(fake, [alice, bob])
    lobby = await table.open(alice, stand_ins=4, pace=clock.pop("pace", "1h"))
    await bob.click(lobby, "Join")
    if clock:
        changed = await alice.slash("table clock", **clock)
        assert changed.reply.content.startswith(f"⏰ {alice.mention} changed the table's clock:"), changed.reply.content
    await alice.click(lobby, "Start")
    assert table.waiting() == [bob]
    return table, alice, bob


def waiting_line(table: OstrakonTable) -> str:
    for message in reversed(table.fake.channel.messages()):
        lines = [line for line in message.content.splitlines() if line.startswith("⏳ Waiting on")]
        if lines:
            return lines[-1]
    raise AssertionError("no waiting line in the channel")


def due(table: OstrakonTable) -> int:
    """The earliest deadline the board's waiting line shows (in whole seconds: the deadline itself
    may be up to a second later)."""
    return min(int(when) for when in DUE.findall(waiting_line(table)))


def since(fake, count: int) -> str:
    return "\n".join(message.content for message in fake.channel.messages()[count:])


async def tick(fake, bot, at: float) -> None:
    await bot.client.clock.tick(at=at)
    await fake.settle()
    fake.raise_new_violations()


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


async def test_after_missed_deadlines_a_stand_in_plays_until_the_player_comes_back(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake, misses=2)
    await tick(fake, real_bot, due(table) + 1)  # Bob misses his question
    phase, question = table.phase()
    await table.vote(alice, "white", question, by_dm=True)  # Alice votes; Bob misses his vote too
    assert table.waiting() == [bob]
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, due(table) + 1)
    told = since(fake, seen)
    assert TIMED_OUT.format(bob.mention) in told
    assert f"🤖 {bob.mention} missed 2 deadlines in a row: a stand-in plays their seat" in told
    assert bob not in table.waiting()

    back = await bob.slash("table back")
    assert back.reply.ephemeral and back.reply.content == "✅ You have your seat again."
    assert f"👋 {bob.mention} is back and plays their seat again." in fake.channel.messages()[-1].content
    assert "Your seat at" in bob.last_dm().content
    again = await bob.slash("table back")
    assert again.reply.content == "🚫 You are already playing at this table."


async def test_a_substitute_takes_the_seat_of_an_absent_player(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake, misses=1)
    carol = fake.add_user("carol")
    refused = await carol.slash("table join")
    assert refused.reply.content == "🚫 This table has already started, and no seat is waiting for a substitute."
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, due(table) + 1)  # one miss is enough at this table
    assert f"🤖 {bob.mention} missed a deadline: a stand-in plays their seat" in since(fake, seen)

    joined = await carol.slash("table join")
    assert joined.reply.ephemeral and joined.reply.content == "✅ You took the seat."
    assert any(f"🔁 {carol.mention} takes over the seat of {bob.mention}." in m.content for m in fake.channel.messages())
    assert "Your seat at" in carol.last_dm().content
    late = await bob.slash("table back")
    assert late.reply.content == f"🚫 {carol.mention} has taken your seat since."

    # The log marks the clock's move and tells the hand-off; the summary names Bob with Carol.
    log = (await alice.slash("table log")).reply.content
    assert "⏰ (clock) " in log and f"🔁 {carol.mention} takes over seat 2 from a stand-in." in log
    await fake.add_user("mod", moderator=True).slash("table end")
    summary = fake.channel.messages()[-1].content
    assert re.search(rf"🔁 \S+ seat was held by {re.escape(bob.mention)} \(1 move\) → 🤖 stand-in \(\d+ moves?\) → "
                     rf"{re.escape(carol.mention)} \(0 moves\)\.", summary), summary
    # Bob, away when the game ended, held a seat: he may call the rematch.
    rematch = await bob.click(fake.channel.messages()[-1], "Rematch")
    assert not rematch.reply.ephemeral and "Ostrakon" in rematch.reply.content


async def test_on_vacation_no_pings_and_no_moves_for_the_player(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake)
    deadline = due(table)
    away = await bob.slash("table vacation", days=2)
    assert away.reply.ephemeral and away.reply.content == "✅ Have a good rest! Vacation left at this table: 5d."
    notice = fake.channel.messages()[-1]
    assert notice.content.startswith(f"🏖️ {bob.mention} is on vacation until <t:")
    assert notice.extra["allowed_mentions"] == {"parse": []}  # told, not pinged
    # the board's waiting line, edited in place, says so: no stale deadline
    assert "🏖️ on vacation until" in waiting_line(table) and "⏰" not in waiting_line(table)

    seen = len(fake.channel.messages())
    for at in (deadline + 1, deadline + HOUR, deadline + DAY):
        await tick(fake, real_bot, at)
    assert fake.channel.messages()[seen:] == []  # no move for him, no reminder

    too_long = await bob.slash("table vacation", days=8)
    assert too_long.reply.content.startswith("🚫 This table allows 7 days of vacation per player")
    back = await bob.slash("table vacation", days=0)
    assert back.reply.content.startswith("✅ Welcome back!")
    assert fake.channel.messages()[-1].content == f"👋 {bob.mention} is back from vacation."
    assert "🏖️" not in waiting_line(table) and abs(due(table) - (deadline + 0)) <= 2  # the hour he had left
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, time.time() + HOUR + 60)  # the hour he had left is over
    assert since(fake, seen).startswith(TIMED_OUT.format(bob.mention))


async def test_a_restart_in_the_middle_neither_loses_a_deadline_nor_acts_twice(fake_discord, real_bot):
    fake = fake_discord
    table, alice, bob = await open_table(fake)
    deadline = due(table)
    await real_bot.restart()
    await tick(fake, real_bot, deadline + 1)  # the new bot's queue comes from the database
    await real_bot.restart()
    for at in (deadline + 1, deadline + 2, deadline + HOUR - 1):
        await tick(fake, real_bot, at)
    timed_out = [m for m in fake.channel.messages() if TIMED_OUT.format(bob.mention) in m.content]
    assert len(timed_out) == 1
    bot = real_bot.client
    record = await bot.service.table_in(fake.channel.id)
    moves = [row for row in await bot.store.actions(record.id, kind="move") if row.actor_id == 0]
    assert [(row.seat, row.action["kind"]) for row in moves] == [(1, "ask")]


async def test_the_pace_is_set_by_the_host_in_the_lobby_and_by_moderators(fake_discord, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    mod = fake.add_user("mod", moderator=True)
    bad = await alice.slash("table new", game="ostrakon", stand_ins=4, pace="soon")
    assert bad.reply.content.startswith("🚫 Write the pace as none, or a time such as 30m")
    table = OstrakonTable(fake, [alice, bob])
    lobby = await table.open(alice, stand_ins=4, pace="2d")
    assert "⏰ 2d per move" in lobby.content
    await bob.click(lobby, "Join")
    await alice.slash("table pace", pace="1d12h")
    assert "⏰ 1d12h per move" in lobby.content  # the lobby shows the pace as it is now
    await alice.slash("table pace", pace="2d")
    refused = await bob.slash("table pace", pace="1h")
    assert refused.reply.content == "🚫 Only the host or a moderator can change the table's clock."
    shown = await bob.slash("table clock")
    assert shown.reply.ephemeral and shown.reply.content.startswith("⏰ Pace: 2d per move\n🔔 Reminders: every 1d (auto)")
    await alice.click(lobby, "Start")
    assert abs(due(table) - (time.time() + 2 * DAY)) < 60
    late = await alice.slash("table pace", pace="1h")
    assert late.reply.content.startswith("🚫 Only a moderator (Manage Channels here, or the server's moderator role) "
                                         "can change the table's clock.")
    changed = await mod.slash("table pace", pace="30m")
    assert changed.reply.content == f"⏰ {mod.mention} set the pace: 30m per move. Deadlines start again from now."
    assert abs(due(table) - (time.time() + 30 * 60)) < 60  # the board shows the new deadline at once
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, time.time() + 31 * 60)
    assert since(fake, seen).startswith(TIMED_OUT.format(bob.mention))
    assert MENTION.findall(waiting_line(table))
