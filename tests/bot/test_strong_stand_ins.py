"""Strong stand-ins at a table (bot/tables/stand_ins.py): the seats the host filled at
`level:strong` play the game's search, chosen off the event loop and seeded by the table's seed and
version; every other stand-in seat (an absent player's) plays the easy stand-in."""

import asyncio
import threading
from dataclasses import replace

from bot.ratings import stats
from bot.store.records import TableRecord
from bot.tables.moderation import Moderation
from bot.tables.replay import check
from bot.tables.service import TableService, chance_for
from bot.text import lobby_text
from engine import Chance, referee
from tests.registry import GAMES, a_game

ALICE, BOB, CAROL, MOD = 100, 101, 102, 900
GAME = a_game(seats=3, searches=True)  # a game whose strong level is a search of its own


async def new_table(service, level="strong", stand_ins=2, seed="strong") -> TableRecord:
    return await service.create(
        guild_id=1, channel_id=7, host_id=ALICE, game=GAME, stand_ins=stand_ins, seed=seed, level=level
    )


async def test_the_lobby_keeps_the_strong_seats_as_players_come_and_go(service):
    table = await new_table(service)
    assert table.strong_seats == [1, 2]
    assert lobby_text(GAMES[GAME], table).count("🤖 strong stand-in") == 2
    table = await service.join(table.id, BOB)  # takes the first stand-in's seat
    assert (table.seats, table.strong_seats) == ([ALICE, BOB, None], [2])
    table = (await service.leave(table.id, ALICE)).table  # the seats after Alice's move up
    assert (table.seats, table.strong_seats) == ([BOB, None], [1])
    assert [table.level(0), table.level(1)] == [None, "strong"]
    easy = await service.create(guild_id=1, channel_id=8, host_id=CAROL, game=GAME, stand_ins=1)
    assert easy.strong_seats == [] and easy.level(1) == "easy"
    assert "🤖 stand-in" in lobby_text(GAMES[GAME], easy) and "strong" not in lobby_text(GAMES[GAME], easy)


async def play_to_the_end(service, table_id: int) -> TableRecord:
    """Every member's move by the game's stand-in, until the game is over."""
    table = await service.get(table_id)
    for n in range(2000):
        if table.status != "running":
            return table
        user = service.waiting_on(table)[0]
        seat = service.seat_of(table, user)
        move = GAMES[GAME].stand_in(service.state_of(table), seat, Chance.seeded(f"member:{n}"))
        table = (await service.act(table_id, user, move)).table
    raise AssertionError("the game did not end")


async def test_strong_seats_search_and_an_absent_player_s_seat_plays_easy(service):
    game = GAMES[GAME]
    table = await new_table(service)
    start = await service.start(table.id, ALICE)
    names = game.view(service.state_of(start.table), None)["names"]
    assert f"🤖 Stand-ins: {names[1]} (strong), {names[2]} (strong)." in start.public
    # a member takes the second strong seat, then leaves it to a stand-in: an absent player's, easy
    await Moderation(service).replace(table.id, MOD, BOB, moderator=True, seat=2)
    await service.kick(table.id, BOB, moderator=True, actor_id=MOD)
    table = await play_to_the_end(service, table.id)
    assert [table.level(seat) for seat in range(3)] == [None, "strong", "easy"]

    log = await service.store.actions(table.id)
    state, differs, checked = None, 0, {1: 0, 2: 0}
    for row in log:
        if row.kind == "start":
            state = game.setup(row.action["seats"], game.Options(), chance_for(table, "setup"))
        if row.kind != "move":
            continue
        if row.actor_id is None:  # a stand-in's move, chosen with the table's seed and version
            chance = chance_for(table, f"{row.seq}:stand-in")
            expected = (game.strong if row.seat == 1 else game.stand_in)(state, row.seat, chance)
            assert referee.parse_action(game, row.action) == expected, f"seq {row.seq}, seat {row.seat}"
            easy = game.stand_in(state, row.seat, chance_for(table, f"{row.seq}:stand-in"))
            differs += row.seat == 1 and easy != expected
            checked[row.seat] += 1
        state = referee.play(game, state, row.seat, row.action, chance_for(table, row.seq)).state
    assert checked[1] and checked[2]
    assert differs, "the strong seat never played other than the easy stand-in would have: the test tells nothing"
    assert check(game, table, log).problems == []  # the replay gives the stored game


async def test_a_restart_plays_the_strong_moves_a_live_run_would_have(service):
    game = GAMES[GAME]
    live = await new_table(service, seed="same")
    live = (await service.start(live.id, ALICE)).table
    owed = await service.create(
        guild_id=1, channel_id=8, host_id=ALICE, game=GAME, stand_ins=2, seed="same", level="strong"
    )
    owed = (await service.start(owed.id, ALICE)).table
    seat = service.seat_of(live, ALICE)
    move = game.stand_in(service.state_of(live), seat, Chance.seeded("alice"))
    live = (await service.act(live.id, ALICE, move)).table
    async with service.table_lock(owed.id):  # the move is saved, then the process stops: no replies
        await service.apply_move(owed, seat, ALICE, move)

    restarted = TableService(service.store)
    await restarted.resume(owed.id)
    moves = [
        [(row.seat, row.action) for row in await service.store.actions(table_id, kind="move")]
        for table_id in (live.id, owed.id)
    ]
    assert len(moves[0]) > 2 and moves[0] == moves[1]


async def test_the_search_runs_off_the_event_loop(service):
    game = GAMES[GAME]
    loop_ran = threading.Event()
    threads = []

    def waits_for_the_loop(state, seat, chance):
        threads.append(threading.current_thread())
        assert loop_ran.wait(10), "the loop did not run while the stand-in was choosing"
        return game.strong(state, seat, chance)

    async def meanwhile():
        while not threads:
            await asyncio.sleep(0.001)
        loop_ran.set()

    async def play():  # until a strong stand-in has to choose (the host may have the first move)
        watched = TableService(service.store, games={GAME: replace(game, strong=waits_for_the_loop)})
        table = (await watched.start((await new_table(watched)).id, ALICE)).table
        while not threads:
            seat = watched.seat_of(table, ALICE)
            move = game.stand_in(watched.state_of(table), seat, Chance.seeded("alice"))
            table = (await watched.act(table.id, ALICE, move)).table

    await asyncio.gather(play(), meanwhile())
    assert loop_ran.is_set() and all(thread is not threading.main_thread() for thread in threads)


async def test_stats_give_each_member_s_record_against_strong_stand_ins(service):
    won = {}
    for level, channel in (("strong", 7), ("easy", 8)):
        table = await service.create(
            guild_id=1, channel_id=channel, host_id=ALICE, game=GAME, stand_ins=1, seed=level, level=level
        )
        await service.start(table.id, ALICE)
        table = await play_to_the_end(service, table.id)
        won[level] = int(GAMES[GAME].outcome(service.state_of(table)).winners == (0,))
        rematch, _ = await Moderation(service).rematch(table, ALICE)  # the same level of stand-ins
        assert rematch.strong_seats == ([1] if level == "strong" else [])
        await service.end(rematch.id, ALICE)
    lines = await stats.member_stats(service.store, 1, ALICE)
    assert lines == [stats.GameLine(GAME, 2, won["strong"] + won["easy"], 1, won["strong"])]
    assert f"🤖 against strong stand-ins: 1 played, {won['strong']} won" in stats.member_text("alice", lines)
    assert "strong" not in stats.member_text("alice", [stats.GameLine(GAME, 2, 1)])


async def test_a_strong_search_that_fails_gives_way_to_the_easy_stand_in(service, caplog):
    game = GAMES[GAME]

    def broken(state, seat, chance):
        raise ValueError("a bug in the search")

    faulty = TableService(service.store, games={GAME: replace(game, strong=broken)})
    table = (await faulty.start((await new_table(faulty)).id, ALICE)).table
    while table.status == "running" and not [r for r in await service.store.actions(table.id, kind="move") if r.seat]:
        seat = faulty.seat_of(table, ALICE)
        move = game.stand_in(faulty.state_of(table), seat, Chance.seeded("alice"))
        table = (await faulty.act(table.id, ALICE, move)).table
    (first, *_) = [row for row in await service.store.actions(table.id, kind="move") if row.seat]
    easy = game.stand_in(
        await state_before(service, table, first.seq), first.seat, chance_for(table, f"{first.seq}:stand-in")
    )
    assert referee.parse_action(game, first.action) == easy
    assert "the strong stand-in of seat" in caplog.text and "a bug in the search" in caplog.text


async def state_before(service, table: TableRecord, seq: int):
    """The game's state just before log row `seq`, replayed from the log."""
    game = GAMES[GAME]
    state = None
    for row in await service.store.actions(table.id):
        if row.seq == seq:
            return state
        if row.kind == "start":
            state = game.setup(row.action["seats"], game.Options(), chance_for(table, "setup"))
        elif row.kind == "move":
            state = referee.play(game, state, row.seat, row.action, chance_for(table, row.seq)).state
    raise AssertionError(f"no row {seq}")
