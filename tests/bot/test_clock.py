"""The clock's deadlines and its scheduler: set when a seat is waited on, cleared when it moves,
shown as Discord timestamps, acted on once with the game's default (or a stand-in's move), never
on a paused table, rebuilt from the database after a restart, one broken table never stopping the
others. Time is a number the tests move."""
import asyncio
import contextlib
import dataclasses
import logging

import pytest

from bot.clock import CLOCK, DAY, HOUR, MINUTE, Clock, ClockSettings, format_duration, new_table_pace, parse_pace, parse_remind
from bot.replay import replay_table
from bot.service import Refused, TableService
from bot.store import Store
from engine import GAMES

ALICE, BOB, CAROL = 100, 101, 102
T0 = 1_700_000_000.0


class Time:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


class Recorder:
    """The clock's notices, kept for the test to read."""

    def __init__(self, broken: set[int] = frozenset()) -> None:
        self.published, self.fresh, self.said, self.broken = [], [], [], broken

    def ordered_delivery(self, table_id):
        return contextlib.nullcontext()

    async def ready(self) -> None:
        pass

    async def publish(self, update, fresh) -> None:
        if update.table.id in self.broken:
            raise RuntimeError("the channel is gone")
        self.published.append(update)
        self.fresh.append(fresh)

    async def say(self, table, text, ping) -> None:
        self.said.append((table.id, text, list(ping)))


@dataclasses.dataclass
class World:
    store: Store
    service: TableService
    clock: Clock
    notices: Recorder
    time: Time

    def restart(self, games=GAMES, notices=None) -> "World":
        """A new service and clock on the same database, as after a restart."""
        service = TableService(self.store, games)
        notices = notices or Recorder()
        return World(self.store, service, Clock(service, notices, now=self.time), notices, self.time)


@pytest.fixture
async def world(tmp_path):
    time = Time()
    store = await Store.open(tmp_path / "bot.sqlite3", now=time)
    service = TableService(store)
    notices = Recorder()
    world = World(store, service, Clock(service, notices, now=time), notices, time)
    yield world
    await world.store.close()  # a test may have reopened it


async def ostrakon(world: World, *, pace: str | None = "1h", seed: str = "a", channel: int = 555, **settings):
    """Alice, Bob and three stand-ins; with seed "a" Bob speaks first, so the table waits on him."""
    service = world.service
    table = await service.create(guild_id=1, channel_id=channel, host_id=ALICE, game="ostrakon", stand_ins=4, seed=seed)
    await service.join(table.id, BOB)
    if pace or settings:
        await world.clock.configure(table.id, pace=parse_pace(pace or "none"), **settings)
    table = (await service.start(table.id, ALICE)).table
    await world.clock.sync(table.id)
    return table


async def clock_moves(world: World, table_id: int) -> list:
    return [row for row in await world.store.actions(table_id, kind="move") if row.actor_id == CLOCK]


def deadlines(rows) -> dict[int, float | None]:
    return {row["user_id"]: row["deadline"] for row in rows}


# --- durations --------------------------------------------------------------------------------------

def test_a_new_table_takes_the_games_pace_unless_its_host_names_one():
    assert new_table_pace("grudgematch", None) == DAY  # tackle and block prompts need a deadline
    assert new_table_pace("grudgematch", "none") is None and new_table_pace("grudgematch", "2h") == 2 * HOUR
    assert new_table_pace("ostrakon", None) is None and new_table_pace("ostrakon", "30m") == 30 * MINUTE


def test_paces_read_and_write_as_players_type_them():
    assert parse_pace("none") is None and parse_pace("off") is None
    assert parse_pace("30m") == 30 * MINUTE and parse_pace("12h") == 12 * HOUR and parse_pace(" 2 D ") == 2 * DAY
    assert parse_pace("1d12h") == 36 * HOUR and format_duration(36 * HOUR) == "1d12h"
    assert format_duration(90 * MINUTE) == "1h30m" and format_duration(2 * DAY) == "2d"
    for bad in ("5s", "soon", "31d", "0m", "12"):
        with pytest.raises(Refused):
            parse_pace(bad)
    assert parse_remind("auto") is None and parse_remind("off") == 0 and parse_remind("6h") == 6 * HOUR


def test_every_duration_reads_as_players_write_times():
    assert [format_duration(s) for s in (30, MINUTE, 90, 59 * MINUTE + 30, HOUR + 30 * MINUTE, DAY + 12 * HOUR)] == \
        ["30s", "1m", "1m30s", "59m30s", "1h30m", "1d12h"]
    assert format_duration(0) == "0s" and format_duration(29.6) == "30s"
    assert format_duration(5 * DAY - 3) == "4d23h59m" and format_duration(12 * HOUR + 30) == "12h"  # no seconds past an hour


def test_the_clock_settings_read_in_the_singular_and_the_plural():
    one = ClockSettings(pace=MINUTE, misses=1, vacation_days=1).describe()
    assert "🔔 Reminders: every 30s (auto)" in one  # half of a 1-minute pace
    assert "after 1 missed deadline\n" in one and "up to 1 day per player" in one
    many = ClockSettings(pace=2 * DAY, misses=3).describe()
    assert "every 1d (auto)" in many and "after 3 missed deadlines in a row" in many and "up to 7 days" in many
    assert "🤖 A stand-in takes the seat: never" in ClockSettings(misses=0).describe()


# --- deadlines ----------------------------------------------------------------------------------------

async def test_a_deadline_is_set_when_a_seat_is_waited_on_and_cleared_when_it_moves(world):
    table = await ostrakon(world)
    assert world.service.waiting_on(table) == [BOB]
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + HOUR}
    line = await world.clock.waiting_line(table, [BOB])
    assert line == f"⏳ Waiting on <@{BOB}> · ⏰ <t:{int(T0 + HOUR)}:R>."

    world.time.t = T0 + 10 * MINUTE  # Bob asks: now both vote, each with an hour from now
    update = await world.service.act(table.id, BOB, {"kind": "ask", "question": "Sea or hills?", "white": "Sea",
                                                     "black": "Hills"})
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: T0 + 70 * MINUTE, BOB: T0 + 70 * MINUTE}

    world.time.t = T0 + 20 * MINUTE  # Alice votes: her deadline goes, Bob's stays as it was
    await world.service.act(update.table.id, ALICE, {"kind": "vote", "stone": "white"})
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + 70 * MINUTE}


async def test_without_a_pace_nothing_is_played_for_anyone(world):
    table = await ostrakon(world, pace=None)
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: None}
    assert await world.clock.waiting_line(table, [BOB]) == f"⏳ Waiting on <@{BOB}>."
    await world.clock.tick(at=T0 + 30 * DAY)
    assert await clock_moves(world, table.id) == [] and world.notices.published == []


async def test_at_the_deadline_the_default_is_played_logged_and_announced(world):
    table = await ostrakon(world)
    await world.clock.tick(at=T0 + HOUR - 1)
    assert world.notices.published == []

    await world.clock.tick(at=T0 + HOUR)
    (update,) = world.notices.published
    assert update.public[0] == f"⏰ Time ran out for <@{BOB}>: the clock moves for them."
    assert any("asks:" in text for text in update.public[1:])  # the game's own event: the canned question
    assert update.private[BOB][0].startswith("⏰ Your time ran out") and "**Ask the question**" in update.private[BOB][0]
    assert update.was_waiting == [BOB] and world.notices.fresh == [(BOB,)]  # his vote is a new call to him
    (move,) = await clock_moves(world, table.id)
    assert move.seat == 1 and move.action["kind"] == "ask"
    assert (await replay_table(world.store, table.id)).ok  # a normal logged move: the log replays
    # The vote that follows waits on both, an hour from the tick.
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: T0 + 2 * HOUR, BOB: T0 + 2 * HOUR}


async def test_a_refused_default_falls_back_to_a_stand_in_move(world):
    ostrakon_game = GAMES["ostrakon"]
    broken = dataclasses.replace(ostrakon_game, default_action=lambda state, seat, chance: {"kind": "shrug"})
    table = await ostrakon(world)
    world = world.restart(games={"ostrakon": broken})
    await world.clock.tick(at=T0 + HOUR)
    (move,) = await clock_moves(world, table.id)
    assert move.action["kind"] == "ask"  # the stand-in's canned question


async def test_when_nothing_can_be_played_the_deadline_is_dropped_not_retried(world, caplog):
    refuses = dataclasses.replace(GAMES["ostrakon"], default_action=lambda s, seat, c: {"kind": "shrug"},
                                  stand_in=lambda s, seat, c: {"kind": "shrug"})
    table = await ostrakon(world)
    world = world.restart(games={"ostrakon": refuses})
    with caplog.at_level(logging.WARNING):
        await world.clock.tick(at=T0 + HOUR)
    assert "cannot move for seat 1" in caplog.text
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: None}
    caplog.clear()
    await world.clock.tick(at=T0 + 2 * HOUR)
    assert "cannot move" not in caplog.text and await clock_moves(world, table.id) == []


async def test_a_paused_table_is_left_alone_and_its_deadlines_start_again_on_resume(world):
    table = await ostrakon(world)
    paused = await world.store.save(table, {"status": "paused"}, ("pause", None, 999, {}))
    await world.clock.tick(at=T0 + 2 * DAY)
    assert await clock_moves(world, table.id) == [] and await world.clock.deadlines(table.id) == []
    world.time.t = T0 + 3 * DAY
    await world.store.save(paused, {"status": "running"}, ("resume", None, 999, {}))
    await world.clock.tick()
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + 3 * DAY + HOUR}


async def test_a_new_pace_starts_the_deadlines_again_from_now(world):
    table = await ostrakon(world)
    world.time.t = T0 + 30 * MINUTE
    with pytest.raises(Refused, match="Only a moderator .* can change the table.s clock"):
        await world.clock.change(table.id, ALICE, moderator=False, pace=2 * HOUR)  # the host, but it has begun
    settings = await world.clock.change(table.id, CAROL, moderator=True, pace=2 * HOUR)
    assert settings.pace == 2 * HOUR and (await world.clock.settings(table.id)).pace == 2 * HOUR
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: T0 + 30 * MINUTE + 2 * HOUR}
    await world.clock.change(table.id, CAROL, moderator=True, pace=None)
    assert deadlines(await world.clock.deadlines(table.id)) == {BOB: None}


async def test_the_host_sets_the_clock_in_the_lobby_and_nobody_else_does(world):
    table = await world.service.create(guild_id=1, channel_id=9, host_id=ALICE, game="ostrakon", stand_ins=4)
    with pytest.raises(Refused, match="Only the host"):
        await world.clock.change(table.id, BOB, moderator=False, pace=HOUR)
    assert (await world.clock.change(table.id, ALICE, moderator=False, pace=HOUR, misses=2)).misses == 2
    assert (await world.clock.settings(table.id)).pace == HOUR


# --- never twice ------------------------------------------------------------------------------------

async def test_two_ticks_at_once_act_once(world):
    table = await ostrakon(world)
    other = Recorder()
    second = Clock(world.service, other, now=world.time)  # a second scheduler by mistake, on the same service
    await asyncio.gather(world.clock.tick(at=T0 + HOUR), second.tick(at=T0 + HOUR), world.clock.tick(at=T0 + HOUR))
    # Bob is waited on again at once (his vote), yet his missed question is played for once.
    assert len(await clock_moves(world, table.id)) == 1
    assert len(world.notices.published) + len(other.published) == 1


async def test_a_move_committed_before_a_crash_is_not_played_again_after_the_restart(world):
    table = await ostrakon(world)
    (row,) = await world.clock.deadlines(table.id)
    # The clock played its move, then the process died before it touched its own rows.
    assert await world.clock._play_for(table.id, row["seat"], row["user_id"], row["since_version"], 3) is not None
    assert await world.clock.deadlines(table.id) == [row]  # still the old deadline, due at T0 + 1h

    after = world.restart()
    await after.clock.tick(at=T0 + HOUR)
    assert len(await clock_moves(after, table.id)) == 1 and after.notices.published == []
    assert await after.clock._play_for(table.id, row["seat"], row["user_id"], row["since_version"], 3) is None


async def test_the_scheduler_rebuilds_its_queue_from_the_database(world, tmp_path):
    table = await ostrakon(world)
    await world.store.close()
    store = await Store.open(tmp_path / "bot.sqlite3", now=world.time)
    service = TableService(store)
    notices = Recorder()
    clock = Clock(service, notices, now=world.time)
    await clock.tick(at=T0 + HOUR)  # no sync, no state in memory: all from the database
    assert [update.public[0] for update in notices.published] == [f"⏰ Time ran out for <@{BOB}>: the clock moves for them."]
    world.store = store  # closed by the fixture


async def test_tables_changed_while_the_clock_was_away_get_their_deadlines(world):
    table = await ostrakon(world)
    world.time.t = T0 + 5 * MINUTE
    await world.service.act(table.id, BOB, {"kind": "ask", "question": "Up or down?", "white": "Up", "black": "Down"})
    world.time.t = T0 + 6 * MINUTE
    await world.restart().clock.tick()  # nobody synced the table after Bob's question
    assert deadlines(await world.clock.deadlines(table.id)) == {ALICE: T0 + 6 * MINUTE + HOUR, BOB: T0 + 6 * MINUTE + HOUR}


async def test_the_first_look_after_a_start_keeps_no_table_in_memory(world):
    """The first look after a start reads every table the clock has not seen and sets its
    deadlines, but keeps none of them in memory: the caches are for the tables people play (a
    sweep over thousands of tables filled them, and the bot's memory, with tables nobody used)."""
    tables = [await ostrakon(world, channel=600 + n) for n in range(3)]
    for table in tables:
        await world.service.act(table.id, BOB, {"kind": "ask", "question": "Up or down?", "white": "Up", "black": "Down"})
        world.store.forget(table.id)  # as after a restart: nothing of it in memory
    after = world.restart()
    await after.clock.tick()
    for table in tables:
        assert set(deadlines(await after.clock.deadlines(table.id))) == {ALICE, BOB}
        assert not after.service.in_memory(table.id)
    await after.service.act(tables[0].id, ALICE, {"kind": "vote", "stone": "white"})  # played: kept
    assert after.service.in_memory(tables[0].id)


async def test_stand_ins_owed_when_the_process_stopped_are_played_at_start_up(world):
    """A move committed, then the process died before the stand-ins replied: the table waits on a
    stand-in. The restarted clock's first look plays those moves, publishes them, and the table
    waits on its humans again; a second look plays nothing more."""
    table = await ostrakon(world, pace=None)
    service = world.service
    await service.act(table.id, BOB, {"kind": "ask", "question": "Up or down?", "white": "Up", "black": "Down"})
    table = await service.get(table.id)
    for user in (ALICE, BOB):  # both humans vote, as if the process died right after the last vote
        table = (await service.apply_move(table, table.seats.index(user), user, {"kind": "vote", "stone": "white"})).table
    assert service.stand_ins_due(table) and service.waiting_on(table) == []

    after = world.restart()
    await after.clock.tick()
    (update,) = after.notices.published
    moved = await after.service.get(table.id)
    assert moved.version > table.version and not after.service.stand_ins_due(moved)
    assert update.public and after.service.waiting_on(moved)  # told in the channel; humans to move
    assert (await replay_table(world.store, table.id)).ok
    await after.clock.tick()
    assert len(after.notices.published) == 1 and (await after.service.get(table.id)).version == moved.version


async def test_one_broken_table_never_stops_the_others(world, caplog):
    first = await ostrakon(world, channel=1)
    second = await ostrakon(world, channel=2)
    third = await ostrakon(world, channel=3)
    await world.store.run_job(lambda connection: connection.execute(
        "UPDATE tables SET state = '{not json' WHERE id = ?", (third.id,)))
    world.store._records.clear()  # as after a restart: rows are read afresh
    after = world.restart(notices=Recorder(broken={first.id}))  # the first table's channel fails too
    with caplog.at_level(logging.ERROR):
        await after.clock.tick(at=T0 + HOUR)
    assert f"table {first.id}: the clock failed" in caplog.text and f"table {third.id}: the clock failed" in caplog.text
    assert [update.table.id for update in after.notices.published] == [second.id]
    assert len(await clock_moves(after, first.id)) == 1 and len(await clock_moves(after, second.id)) == 1
    # The broken ones are left alone a while, then tried again; the others go on meanwhile.
    caplog.clear()
    await after.clock.tick(at=T0 + HOUR + MINUTE)
    assert "the clock failed" not in caplog.text
