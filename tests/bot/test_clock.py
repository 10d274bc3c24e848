"""The clock's deadlines and its scheduler: set when a seat is waited on, cleared when it moves,
shown as Discord timestamps, acted on once with the game's default (or a stand-in's move), never
on a paused table, rebuilt from the database after a restart, one broken table never stopping the
others. Time is a number the tests move. A game's own scenarios are in its own clock tests beside this file."""

import asyncio
import contextlib
import dataclasses
import logging

import pytest

from bot.clock.scheduler import (
    CLOCK,
    DAY,
    HOUR,
    MINUTE,
    Clock,
    ClockSettings,
    format_duration,
    new_table_pace,
    parse_pace,
    parse_remind,
)
from bot.store.base import TableStore
from bot.store.opening import open_store
from bot.tables.replay import replay_table
from bot.tables.service import Refused, TableService
from engine import Chance
from tests.registry import GAMES, a_game

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
        self.published, self.newly_asked, self.said, self.broken = [], [], [], broken

    def ordered_delivery(self, table_id):
        return contextlib.nullcontext()

    async def ready(self) -> None:
        pass

    async def publish(self, update, newly_asked) -> None:
        if update.table.id in self.broken:
            raise RuntimeError("the channel is gone")
        self.published.append(update)
        self.newly_asked.append(newly_asked)

    async def say(self, table, text, ping) -> None:
        self.said.append((table.id, text, list(ping)))


@dataclasses.dataclass
class World:
    store: TableStore
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
async def world(store_target):
    time = Time()
    store = await open_store(store_target, now=time)
    service = TableService(store)
    notices = Recorder()
    world = World(store, service, Clock(service, notices, now=time), notices, time)
    yield world
    await world.store.close()  # a test may have reopened it


GAME = a_game(seats=3, together=False)  # one seat moves at a time: a deadline is one player's
ALONE = a_game(seats=1)  # its one seat is waited on again after each of its moves


async def a_table(
    world: World,
    game: str = GAME,
    *,
    players=(ALICE, BOB),
    stand_ins: int = 0,
    pace: str | None = "1h",
    seed: str = "a",
    channel: int = 555,
    **settings,
):
    """`players`, then `stand_ins` stand-ins, at a started table of `game` with its clock set."""
    service = world.service
    table = await service.create(
        guild_id=1, channel_id=channel, host_id=players[0], game=game, stand_ins=len(players) - 1 + stand_ins, seed=seed
    )
    for user in players[1:]:
        await service.join(table.id, user)
    if pace or settings:
        await world.clock.configure(table.id, pace=parse_pace(pace or "none"), **settings)
    table = (await service.start(table.id, players[0])).table
    await world.clock.sync(table.id)
    return table


def waited(world: World, table) -> int:
    """The one player the table waits on."""
    (user,) = world.service.waiting_on(table)
    return user


def a_choice(service: TableService, table, user: int):
    """The move a stand-in would choose for `user`'s seat."""
    return service.game_of(table).stand_in(
        service.state_of(table), service.seat_of(table, user), Chance.seeded(f"move{table.version}")
    )


async def a_move(service: TableService, table_id: int, user: int):
    """`user` plays the move a stand-in would choose; the update."""
    return await service.act(table_id, user, a_choice(service, await service.get(table_id), user))


async def clock_moves(world: World, table_id: int) -> list:
    return [row for row in await world.store.actions(table_id, kind="move") if row.actor_id == CLOCK]


def deadlines(rows) -> dict[int, float | None]:
    return {row["user_id"]: row["deadline"] for row in rows}


# --- durations --------------------------------------------------------------------------------------


def test_a_new_table_takes_the_games_pace_unless_its_host_names_one():
    paced, unpaced = a_game(paced=True), a_game(paced=False)
    assert GAMES[paced].pace and new_table_pace(paced, None) == GAMES[paced].pace
    assert new_table_pace(paced, "none") is None and new_table_pace(paced, "2h") == 2 * HOUR
    assert new_table_pace(unpaced, None) is None and new_table_pace(unpaced, "30m") == 30 * MINUTE


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
    assert [format_duration(s) for s in (30, MINUTE, 90, 59 * MINUTE + 30, HOUR + 30 * MINUTE, DAY + 12 * HOUR)] == [
        "30s",
        "1m",
        "1m30s",
        "59m30s",
        "1h30m",
        "1d12h",
    ]
    assert format_duration(0) == "0s" and format_duration(29.6) == "30s"
    assert (
        format_duration(5 * DAY - 3) == "4d23h59m" and format_duration(12 * HOUR + 30) == "12h"
    )  # no seconds past an hour


def test_the_clock_settings_read_in_the_singular_and_the_plural():
    one = ClockSettings(pace=MINUTE, misses=1, vacation_days=1).describe()
    assert "🔔 Reminders: every 30s (auto)" in one  # half of a 1-minute pace
    assert "after 1 missed deadline\n" in one and "up to 1 day per player" in one
    many = ClockSettings(pace=2 * DAY, misses=3).describe()
    assert "every 1d (auto)" in many and "after 3 missed deadlines in a row" in many and "up to 7 days" in many
    assert "🤖 A stand-in takes the seat: never" in ClockSettings(misses=0).describe()


# --- deadlines ----------------------------------------------------------------------------------------


async def test_a_deadline_is_set_when_a_seat_is_waited_on_and_cleared_when_it_moves(world):
    table = await a_table(world)
    player = waited(world, table)
    assert deadlines(await world.clock.deadlines(table.id)) == {player: T0 + HOUR}
    line = await world.clock.waiting_line(table, [player])
    assert line == f"⏳ Waiting on <@{player}> · ⏰ <t:{int(T0 + HOUR)}:R>."

    world.time.t = T0 + 10 * MINUTE  # the player moves: whoever is waited on next has an hour from now
    table = (await a_move(world.service, table.id, player)).table
    await world.clock.sync(table.id)
    assert deadlines(await world.clock.deadlines(table.id)) == {waited(world, table): T0 + 70 * MINUTE}


async def test_without_a_pace_nothing_is_played_for_anyone(world):
    table = await a_table(world, pace=None)
    player = waited(world, table)
    assert deadlines(await world.clock.deadlines(table.id)) == {player: None}
    assert await world.clock.waiting_line(table, [player]) == f"⏳ Waiting on <@{player}>."
    await world.clock.tick(at=T0 + 30 * DAY)
    assert await clock_moves(world, table.id) == [] and world.notices.published == []


async def test_a_refused_default_falls_back_to_a_stand_in_move(world):
    rules, chosen = GAMES[GAME], []

    def stand_in(state, seat, chance):
        action = rules.stand_in(state, seat, chance)
        chosen.append((seat, action.model_dump()))
        return action

    broken = dataclasses.replace(rules, default_action=lambda state, seat, chance: {"kind": "shrug"}, stand_in=stand_in)
    table = await a_table(world)
    seat = table.seats.index(waited(world, table))
    world = world.restart(games={GAME: broken})
    await world.clock.tick(at=T0 + HOUR)
    (move,) = await clock_moves(world, table.id)
    assert chosen[0] == (seat, move.action)  # the stand-in's move, for the seat whose time ran out


async def test_when_nothing_can_be_played_the_deadline_is_dropped_not_retried(world, caplog):
    refuses = dataclasses.replace(
        GAMES[GAME],
        default_action=lambda s, seat, c: {"kind": "shrug"},
        stand_in=lambda s, seat, c: {"kind": "shrug"},
        legal_actions=lambda s, seat: [],
    )
    table = await a_table(world)
    player = waited(world, table)
    world = world.restart(games={GAME: refuses})
    with caplog.at_level(logging.WARNING):
        await world.clock.tick(at=T0 + HOUR)
    assert f"cannot move for seat {table.seats.index(player)}" in caplog.text
    assert deadlines(await world.clock.deadlines(table.id)) == {player: None}
    caplog.clear()
    await world.clock.tick(at=T0 + 2 * HOUR)
    assert "cannot move" not in caplog.text and await clock_moves(world, table.id) == []


async def test_a_paused_table_is_left_alone_and_its_deadlines_start_again_on_resume(world):
    table = await a_table(world)
    player = waited(world, table)
    paused = await world.store.save(table, {"status": "paused"}, ("pause", None, 999, {}))
    await world.clock.tick(at=T0 + 2 * DAY)
    assert await clock_moves(world, table.id) == [] and await world.clock.deadlines(table.id) == []
    world.time.t = T0 + 3 * DAY
    await world.store.save(paused, {"status": "running"}, ("resume", None, 999, {}))
    await world.clock.tick()
    assert deadlines(await world.clock.deadlines(table.id)) == {player: T0 + 3 * DAY + HOUR}


async def test_a_new_pace_starts_the_deadlines_again_from_now(world):
    table = await a_table(world)
    player = waited(world, table)
    world.time.t = T0 + 30 * MINUTE
    with pytest.raises(Refused, match="Only a moderator .* can change the table.s clock"):
        await world.clock.change(table.id, ALICE, moderator=False, pace=2 * HOUR)  # the host, but it has begun
    settings = await world.clock.change(table.id, CAROL, moderator=True, pace=2 * HOUR)
    assert settings.pace == 2 * HOUR and (await world.clock.settings(table.id)).pace == 2 * HOUR
    assert deadlines(await world.clock.deadlines(table.id)) == {player: T0 + 30 * MINUTE + 2 * HOUR}
    await world.clock.change(table.id, CAROL, moderator=True, pace=None)
    assert deadlines(await world.clock.deadlines(table.id)) == {player: None}


async def test_the_host_sets_the_clock_in_the_lobby_and_nobody_else_does(world):
    table = await world.service.create(guild_id=1, channel_id=9, host_id=ALICE, game=GAME)
    with pytest.raises(Refused, match="Only the host"):
        await world.clock.change(table.id, BOB, moderator=False, pace=HOUR)
    assert (await world.clock.change(table.id, ALICE, moderator=False, pace=HOUR, misses=2)).misses == 2
    assert (await world.clock.settings(table.id)).pace == HOUR


# --- never twice ------------------------------------------------------------------------------------


async def test_two_ticks_at_once_act_once(world):
    table = await a_table(world, ALONE, players=(BOB,))
    other = Recorder()
    second = Clock(world.service, other, now=world.time)  # a second scheduler by mistake, on the same service
    world.time.t = T0 + HOUR  # the clock's own move starts Bob's next deadline from then
    await asyncio.gather(world.clock.tick(at=T0 + HOUR), second.tick(at=T0 + HOUR), world.clock.tick(at=T0 + HOUR))
    # Bob is waited on again at once (his is the only seat), yet his missed move is played for once.
    assert world.service.waiting_on(await world.service.get(table.id)) == [BOB]
    assert len(await clock_moves(world, table.id)) == 1
    assert len(world.notices.published) + len(other.published) == 1


async def test_a_move_committed_before_a_crash_is_not_played_again_after_the_restart(world):
    table = await a_table(world, ALONE, players=(BOB,))
    (row,) = await world.clock.deadlines(table.id)
    world.time.t = T0 + HOUR
    # The clock played its move, then the process died before it published anything: the move's
    # own transaction replaced the deadline it acted on.
    assert await world.clock._play_for(table.id, row["seat"], row["user_id"], row["since_version"], 3) is not None
    (new,) = await world.clock.deadlines(table.id)
    assert new["since_version"] > row["since_version"] and new["deadline"] == T0 + 2 * HOUR
    assert world.service.waiting_on(await world.service.get(table.id)) == [BOB]  # his seat is to move again

    after = world.restart()
    await after.clock.tick(at=T0 + HOUR)
    assert len(await clock_moves(after, table.id)) == 1 and after.notices.published == []
    assert await after.clock._play_for(table.id, row["seat"], row["user_id"], row["since_version"], 3) is None


async def test_the_scheduler_rebuilds_its_queue_from_the_database(world, store_target):
    table = await a_table(world)
    player = waited(world, table)
    await world.store.close()
    store = await open_store(store_target, now=world.time)
    service = TableService(store)
    notices = Recorder()
    clock = Clock(service, notices, now=world.time)
    await clock.tick(at=T0 + HOUR)  # no sync, no state in memory: all from the database
    assert [update.public[0] for update in notices.published] == [
        f"⏰ Time ran out for <@{player}>: the clock moves for them."
    ]
    world.store = store  # closed by the fixture


async def test_a_move_sets_the_deadlines_in_its_own_transaction(world):
    table = await a_table(world)
    world.time.t = T0 + 5 * MINUTE
    table = (await a_move(world.service, table.id, waited(world, table))).table
    # nobody drew a board or synced: the move wrote them
    assert deadlines(await world.clock.deadlines(table.id)) == {waited(world, table): T0 + 5 * MINUTE + HOUR}


async def test_tables_changed_while_the_clock_was_away_get_their_deadlines(world):
    table = await a_table(world)
    world.time.t = T0 + 5 * MINUTE
    elsewhere = TableService(world.store)  # a change made with no clock about (the command line's)
    table = (await a_move(elsewhere, table.id, waited(world, table))).table
    world.time.t = T0 + 6 * MINUTE
    await world.restart().clock.tick()  # nobody synced the table after that move
    assert deadlines(await world.clock.deadlines(table.id)) == {waited(world, table): T0 + 6 * MINUTE + HOUR}


async def test_the_first_look_after_a_start_keeps_no_table_in_memory(world):
    """The first look after a start reads every table the clock has not seen and sets its
    deadlines, but keeps none of them in memory: the caches are for the tables people play (a
    sweep over thousands of tables filled them, and the bot's memory, with tables nobody used)."""
    tables = []
    for n in range(3):
        table = await a_table(world, channel=600 + n)
        tables.append((await a_move(world.service, table.id, waited(world, table))).table)
        world.store.forget(table.id)  # as after a restart: nothing of it in memory
    after = world.restart()
    await after.clock.tick()
    for table in tables:
        assert set(deadlines(await after.clock.deadlines(table.id))) == {waited(world, table)}
        assert not after.service.in_memory(table.id)
    first, player = tables[0], waited(world, tables[0])
    await after.service.act(first.id, player, a_choice(world.service, first, player))
    assert after.service.in_memory(first.id)  # played: kept


async def test_stand_ins_owed_when_the_process_stopped_are_played_at_start_up(world):
    """A move committed, then the process died before the stand-ins replied: the table waits on a
    stand-in. The restarted clock's first look plays those moves, publishes them, and the table
    waits on its humans again; a second look plays nothing more."""
    table = await a_table(world, players=(ALICE,), stand_ins=1, pace=None)
    service = world.service
    seat, action = service.seat_of(table, ALICE), a_choice(service, table, ALICE)
    table = (await service.apply_move(table, seat, ALICE, action)).table  # as if the process died right after it
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
    first = await a_table(world, channel=1)
    second = await a_table(world, channel=2)
    third = await a_table(world, channel=3)
    await world.store.transaction([("UPDATE tables SET state = '{not json' WHERE id = ?", (third.id,))])
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


async def test_a_move_wakes_the_scheduler_only_for_what_falls_due_before_its_next_look(world):
    """Each move syncs the table's deadlines (its board's waiting line); the scheduler looks at
    every table again only when something falls due before the look it has planned (at most a
    minute away), not on every move."""
    table = await a_table(world)  # an hour a move, reminders every half hour
    clock, looks = world.clock, []
    tick = clock.tick
    clock.tick = lambda at=None: looks.append(world.time()) or tick(at)
    clock.start()
    try:
        for _ in range(500):  # its first look (up to 5 s on a busy machine)
            if looks:
                break
            await asyncio.sleep(0.01)
        for _ in range(10):
            await asyncio.sleep(0.01)
        assert len(looks) == 1  # its first look, and the next one planned a minute later
        table = (await a_move(world.service, table.id, waited(world, table))).table
        rows, away = await clock.sync(table.id)
        assert deadlines(rows) == {waited(world, table): T0 + HOUR} and away == {}
        for _ in range(10):
            await asyncio.sleep(0.01)
        assert len(looks) == 1  # the new deadline is an hour away
        await clock.configure(table.id, pace=30.0)  # now due in 30 s: before the planned look
        for _ in range(500):
            if len(looks) > 1:
                break
            await asyncio.sleep(0.01)
        assert len(looks) == 2
    finally:
        await clock.stop()
