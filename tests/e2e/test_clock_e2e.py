"""The clock against the real bot: deadlines on the board as Discord timestamps, a seat handed to a
stand-in after missed deadlines and taken back (or by a substitute), vacations, the pace, and a
restart in the middle. A game's own moments under the clock are in test_<game>_clock_e2e.py,
with the helpers here.

Time: the bot's scheduler runs for real, but nothing is due for an hour; the tests run its tick
at the time they want (`bot.clock.scheduler.tick(at=...)`) instead of waiting.

Every table here is dealt from seed "a", of a game whose positions wait on one seat at a time:
Alice hosts, Bob joins (with stand-ins for the seats the game needs besides), and whoever the
table first waits on is the one who is late.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.registry import GAMES, a_game

from .game_table import MENTION, GameTable, first, seeded_tables

HOUR, DAY = 3600, 86400
DUE = re.compile(r"<t:(\d+):R>")
TIMED_OUT = "⏰ Time ran out for {}: the clock moves for them."


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    seeded_tables(monkeypatch, "a")


async def open_table(fake, make_table, stand_ins: int, **clock) -> tuple[object, object, object]:
    """Alice opens the table `make_table(players)` plays, with `pace` (and other `/table clock`
    settings), Bob joins, Alice starts."""
    alice, bob = fake.add_users("alice", "bob")
    table = make_table([alice, bob])
    lobby = await table.open(alice, stand_ins=stand_ins, pace=clock.pop("pace", "1h"))
    await bob.click(lobby, "Join")
    if clock:
        changed = await alice.slash("table clock", **clock)
        assert changed.reply.content.startswith(f"⏰ {alice.mention} changed the table's clock:"), changed.reply.content
    await alice.click(lobby, "Start")
    return table, alice, bob


def one_at_a_time() -> tuple[str, int]:
    """A game of two whose positions wait on one seat at a time, and the stand-ins it needs besides."""
    game = a_game(seats=2, together=False)
    return game, max(0, GAMES[game].min_seats - 2)


async def late_table(fake, **clock) -> tuple[GameTable, object]:
    """A table of `one_at_a_time`'s game, and the player it waits on first (the one who is late)."""
    game, stand_ins = one_at_a_time()
    table, _, _ = await open_table(fake, lambda players: GameTable(fake, game, players), stand_ins, **clock)
    (late,) = table.waiting()
    return table, late


def waiting_line(table) -> str:
    for message in reversed(table.fake.channel.messages()):
        lines = [line for line in message.content.splitlines() if line.startswith("⏳ Waiting on")]
        if lines:
            return lines[-1]
    raise AssertionError("no waiting line in the channel")


def due(table) -> int:
    """The earliest deadline the board's waiting line shows (in whole seconds: the deadline itself
    may be up to a second later)."""
    return min(int(when) for when in DUE.findall(waiting_line(table)))


def since(fake, count: int) -> str:
    return "\n".join(message.content for message in fake.channel.messages()[count:])


async def tick(fake, bot, at: float) -> None:
    await bot.client.clock.tick(at=at)
    await fake.settle()
    fake.raise_new_violations()


async def test_after_missed_deadlines_a_stand_in_plays_until_the_player_comes_back(fake_discord, real_bot):
    fake = fake_discord
    table, late = await late_table(fake, misses=2)
    await tick(fake, real_bot, due(table) + 1)  # a first miss
    await table.play_until(lambda: late in table.waiting(), lambda user: first)  # the others play on
    assert table.waiting() == [late]
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, due(table) + 1)  # a second miss in a row
    told = since(fake, seen)
    assert TIMED_OUT.format(late.mention) in told
    assert f"🤖 {late.mention} missed 2 deadlines in a row: a stand-in plays their seat" in told
    assert late not in table.waiting()

    back = await late.slash("table back")
    assert back.reply.ephemeral and back.reply.content == "✅ You have your seat again."
    assert f"👋 {late.mention} is back and plays their seat again." in fake.channel.messages()[-1].content
    assert "Your seat at" in late.last_dm().content
    again = await late.slash("table back")
    assert again.reply.content == "🚫 You are already playing at this table."


async def test_a_substitute_takes_the_seat_of_an_absent_player(fake_discord, real_bot):
    fake = fake_discord
    table, late = await late_table(fake, misses=1)
    host = table.players[0]
    seat = (await real_bot.client.service.table_in(fake.channel.id)).seats.index(late.id) + 1
    carol = fake.add_user("carol")
    refused = await carol.slash("table join")
    assert refused.reply.content == "🚫 This table has already started, and no seat is waiting for a substitute."
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, due(table) + 1)  # one miss is enough at this table
    assert f"🤖 {late.mention} missed a deadline: a stand-in plays their seat" in since(fake, seen)

    joined = await carol.slash("table join")
    assert joined.reply.ephemeral and joined.reply.content == "✅ You took the seat."
    assert any(
        f"🔁 {carol.mention} takes over the seat of {late.mention}." in m.content for m in fake.channel.messages()
    )
    assert "Your seat at" in carol.last_dm().content
    gone = await late.slash("table back")
    assert gone.reply.content == f"🚫 {carol.mention} has taken your seat since."

    # The log marks the clock's move and tells the hand-off; the summary names the late one with Carol.
    log = (await host.slash("table log")).reply.content
    assert "⏰ (clock) " in log and f"🔁 {carol.mention} takes over seat {seat} from a stand-in." in log
    await fake.add_user("mod", moderator=True).slash("table end")
    summary = fake.channel.messages()[-1].content
    assert re.search(
        rf"🔁 \S+ seat was held by {re.escape(late.mention)} \(1 move\) → 🤖 stand-in \(\d+ moves?\) → "
        rf"{re.escape(carol.mention)} \(0 moves\)\.",
        summary,
    ), summary
    # Away when the game ended, they held a seat: they may call the rematch.
    rematch = await late.click(fake.channel.messages()[-1], "Rematch")
    assert not rematch.reply.ephemeral and GAMES[table.game].title in rematch.reply.content


async def test_on_vacation_no_pings_and_no_moves_for_the_player(fake_discord, real_bot):
    fake = fake_discord
    table, late = await late_table(fake)
    deadline = due(table)
    away = await late.slash("table vacation", days=2)
    assert away.reply.ephemeral and away.reply.content == "✅ Have a good rest! Vacation left at this table: 5d."
    notice = fake.channel.messages()[-1]
    assert notice.content.startswith(f"🏖️ {late.mention} is on vacation until <t:")
    assert notice.extra["allowed_mentions"] == {"parse": []}  # told, not pinged
    # the board's waiting line, edited in place, says so: no stale deadline
    assert "🏖️ on vacation until" in waiting_line(table) and "⏰" not in waiting_line(table)

    seen = len(fake.channel.messages())
    for at in (deadline + 1, deadline + HOUR, deadline + DAY):
        await tick(fake, real_bot, at)
    assert fake.channel.messages()[seen:] == []  # no move for them, no reminder

    too_long = await late.slash("table vacation", days=8)
    assert too_long.reply.content.startswith("🚫 This table allows 7 days of vacation per player")
    back = await late.slash("table vacation", days=0)
    assert back.reply.content.startswith("✅ Welcome back!")
    assert fake.channel.messages()[-1].content == f"👋 {late.mention} is back from vacation."
    assert "🏖️" not in waiting_line(table) and abs(due(table) - (deadline + 0)) <= 2  # the hour they had left
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, time.time() + HOUR + 60)  # the hour they had left is over
    assert since(fake, seen).startswith(TIMED_OUT.format(late.mention))


async def test_a_restart_in_the_middle_neither_loses_a_deadline_nor_acts_twice(fake_discord, real_bot):
    fake = fake_discord
    table, late = await late_table(fake)
    bot = real_bot.client
    record = await bot.service.table_in(fake.channel.id)
    seat = record.seats.index(late.id)
    offered = {action.kind for action in bot.service.game_of(record).legal_actions(bot.service.state_of(record), seat)}
    deadline = due(table)
    await real_bot.restart()
    await tick(fake, real_bot, deadline + 1)  # the new bot's queue comes from the database
    await real_bot.restart()
    for at in (deadline + 1, deadline + 2, deadline + HOUR - 1):
        await tick(fake, real_bot, at)
    timed_out = [m for m in fake.channel.messages() if TIMED_OUT.format(late.mention) in m.content]
    assert len(timed_out) == 1
    bot = real_bot.client
    moves = [row for row in await bot.store.actions(record.id, kind="move") if row.actor_id == 0]
    assert [row.seat for row in moves] == [seat] and moves[0].action["kind"] in offered, moves


async def test_the_pace_is_set_by_the_host_in_the_lobby_and_by_moderators(fake_discord, real_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    mod = fake.add_user("mod", moderator=True)
    game, stand_ins = one_at_a_time()
    bad = await alice.slash("table new", game=game, stand_ins=stand_ins, pace="soon")
    assert bad.reply.content.startswith("🚫 Write the pace as none, or a time such as 30m")
    table = GameTable(fake, game, [alice, bob])
    lobby = await table.open(alice, stand_ins=stand_ins, pace="2d")
    assert "⏰ 2d per move" in lobby.content
    await bob.click(lobby, "Join")
    await alice.slash("table pace", pace="1d12h")
    assert "⏰ 1d12h per move" in lobby.content  # the lobby shows the pace as it is now
    await alice.slash("table pace", pace="2d")
    refused = await bob.slash("table pace", pace="1h")
    assert refused.reply.content == "🚫 Only the host or a moderator can change the table's clock."
    shown = await bob.slash("table clock")
    assert shown.reply.ephemeral and shown.reply.content.startswith(
        "⏰ Pace: 2d per move\n🔔 Reminders: every 1d (auto)"
    )
    await alice.click(lobby, "Start")
    assert abs(due(table) - (time.time() + 2 * DAY)) < 60
    late = await alice.slash("table pace", pace="1h")
    assert late.reply.content.startswith(
        "🚫 Only a moderator (Manage Channels here, or the server's moderator role) can change the table's clock."
    )
    changed = await mod.slash("table pace", pace="30m")
    assert changed.reply.content == f"⏰ {mod.mention} set the pace: 30m per move. Deadlines start again from now."
    assert abs(due(table) - (time.time() + 30 * 60)) < 60  # the board shows the new deadline at once
    (waited,) = table.waiting()
    seen = len(fake.channel.messages())
    await tick(fake, real_bot, time.time() + 31 * 60)
    assert since(fake, seen).startswith(TIMED_OUT.format(waited.mention))
    assert MENTION.findall(waiting_line(table))
