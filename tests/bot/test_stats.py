"""bot.stats: games played and won per member and per server, counted once per finished table."""

from bot import stats
from bot.moderation import Moderation
from engine import GAMES, Chance

ALICE, BOB, CAROL = 100, 101, 102
MOD = 900


async def play_out(service, guild, channel, players, seed, game="grudgematch", stand_ins=0, hand_over=None, after=1):
    """A game to its end, every move by the stand-in's choice. `hand_over(table)`, if given, is
    awaited once, as soon as seat 1 has made `after` moves."""
    table = await service.create(guild_id=guild, channel_id=channel, host_id=players[0], game=game, seed=seed,
                                 stand_ins=stand_ins)
    for user in players[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, players[0])).table
    n = 0
    while table.status == "running":
        moved = [row for row in await service.store.actions(table.id, kind="move") if row.seat == 1]
        if hand_over is not None and len(moved) >= after:
            await hand_over(table)
            table, hand_over = await service.get(table.id), None
            continue
        user = service.waiting_on(table)[0]
        action = GAMES[game].stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(f"{seed}{n}"))
        table = (await service.act(table.id, user, action)).table
        n += 1
    winners = {table.seats[seat] for seat in GAMES[game].outcome(service.state_of(table)).winners}
    return table, winners


async def test_members_and_the_server_are_counted_per_game(service):
    store = service.store
    expected: dict[int, list[int]] = {ALICE: [0, 0], BOB: [0, 0], CAROL: [0, 0]}  # played, won (grudgematch)
    tables = []
    for n, players in enumerate([[ALICE, BOB], [BOB, ALICE], [ALICE, CAROL]]):
        table, winners = await play_out(service, 1, 10 + n, players, f"g{n}")
        tables.append(table)
        for user in players:
            expected[user][0] += 1
            expected[user][1] += user in winners
    await stats.record(store, tables[0])  # as the publisher does at a finish; the others are caught up
    await stats.record(store, tables[0])  # twice is harmless
    solo, _ = await play_out(service, 1, 20, [ALICE], "solo", stand_ins=1)  # against a stand-in: one record
    expected[ALICE][0] += 1
    expected[ALICE][1] += GAMES["grudgematch"].outcome(service.state_of(solo)).winners == (0,)
    await play_out(service, 2, 30, [ALICE, BOB], "elsewhere")  # another server
    ended = await service.create(guild_id=1, channel_id=40, host_id=ALICE, game="grudgematch")
    await service.join(ended.id, BOB)
    await service.start(ended.id, ALICE)
    await service.end(ended.id, 900, moderator=True)  # abandoned: not a game played

    for user, (played, won) in expected.items():
        assert await stats.member_stats(store, 1, user) == [stats.GameLine("grudgematch", played, won)]
    server = await stats.server_stats(store, 1)
    assert server.finished == 4 and server.per_game == [("grudgematch", 4)]
    wins = {user: won for user, (_, won) in expected.items() if won}
    assert dict(server.top_winners) == wins
    assert [w for _, w in server.top_winners] == sorted(wins.values(), reverse=True)
    assert (await stats.server_stats(store, 2)).finished == 1
    assert await stats.member_stats(store, 3, ALICE) == []


async def results(store, table_id):
    return dict(await store.query("SELECT user_id, won FROM game_results WHERE table_id = ?", (table_id,)))


async def test_a_seat_played_by_several_members_is_credited_by_the_third_rule(service):
    """Bob makes seat 1's first move and hands it over: to Carol, who plays every other move of it
    (only she has the seat's result), or to a stand-in (Bob, the only human who moved for it, has
    it). Counted when published or caught up by the tally: the same rule either way."""
    store, moderation = service.store, Moderation(service)

    async def to_carol(table):
        await moderation.replace(table.id, MOD, CAROL, moderator=True, player_id=BOB)

    async def to_a_stand_in(table):
        await service.kick(table.id, BOB, moderator=True, actor_id=MOD)

    replaced, replaced_winners = await play_out(service, 1, 1, [ALICE, BOB], "r", hand_over=to_carol)
    kicked, kicked_winners = await play_out(service, 1, 2, [ALICE, BOB], "k", hand_over=to_a_stand_in)
    assert replaced.seats == [ALICE, CAROL] and kicked.seats == [ALICE, None]
    await stats.record(store, replaced)  # the publisher's count; the other is the tally's
    assert await stats.tally(store) == 1
    assert await results(store, replaced.id) == {ALICE: ALICE in replaced_winners, CAROL: CAROL in replaced_winners}
    seat_won = 1 in GAMES["grudgematch"].outcome(service.state_of(kicked)).winners
    assert await results(store, kicked.id) == {ALICE: ALICE in kicked_winners, BOB: seat_won}
    assert [line.played for line in await stats.member_stats(store, 1, BOB)] == [1]

    # Handed over later, with a third of the seat's moves made: Bob and Carol both have its result.
    shared, shared_winners = await play_out(service, 1, 3, [ALICE, BOB], "s", hand_over=to_carol, after=50)
    moves = [row.actor_id for row in await store.actions(shared.id, kind="move") if row.seat == 1]
    assert moves.count(BOB) == 50 and 50 * 3 >= len(moves) and (len(moves) - 50) * 3 >= len(moves)  # the premise (this seed's game)
    seat_won = 1 in GAMES["grudgematch"].outcome(service.state_of(shared)).winners
    assert await results(store, shared.id) == {}  # not counted until the tally
    await stats.tally(store)
    assert await results(store, shared.id) == {ALICE: ALICE in shared_winners, BOB: seat_won, CAROL: seat_won}


async def test_tally_counts_each_finished_table_once(service):
    await play_out(service, 1, 1, [ALICE, BOB], "a")
    await play_out(service, 1, 2, [ALICE, BOB], "b")
    assert await stats.tally(service.store) == 2
    assert await stats.tally(service.store) == 0


def test_texts():
    lines = [stats.GameLine("grudgematch", 3, 1), stats.GameLine("ostrakon", 1, 0)]
    text = stats.member_text("alice", lines)
    assert "**Philosophy Grudgematch**: 3 played, 1 won" in text and "In all: 4 played, 1 won." in text
    assert "has not finished a game" in stats.member_text("bob", [])
    server = stats.ServerStats(4, [("grudgematch", 3), ("ostrakon", 1)], [(ALICE, 2), (BOB, 1)])
    text = stats.server_text("Agora", server)
    assert "4 tables finished" in text and "Philosophy Grudgematch 3 · Ostrakon 1" in text
    assert f"1. <@{ALICE}> (2 wins), 2. <@{BOB}> (1 win)" in text
    assert "No game has finished" in stats.server_text("Agora", stats.ServerStats(0, [], []))
