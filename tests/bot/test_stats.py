"""bot.ratings.stats: games played and won per member and per server, counted once per finished table. (Who
is credited with a seat several members played: a game's own stats tests.)"""

from bot.ratings import stats
from engine import Chance
from tests.registry import GAMES, a_game, every_game

ALICE, BOB, CAROL = 100, 101, 102
GAME = a_game(seats=2)  # two members, or one and a stand-in


async def play_out(service, guild, channel, players, seed, game=GAME, stand_ins=0, hand_over=None, after=1):
    """A game to its end, every move by the stand-in's choice. `hand_over(table)`, if given, is
    awaited once, as soon as seat 1 has made `after` moves."""
    table = await service.create(
        guild_id=guild, channel_id=channel, host_id=players[0], game=game, seed=seed, stand_ins=stand_ins
    )
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
        action = GAMES[game].stand_in(
            service.state_of(table), service.seat_of(table, user), Chance.seeded(f"{seed}{n}")
        )
        table = (await service.act(table.id, user, action)).table
        n += 1
    winners = {table.seats[seat] for seat in GAMES[game].outcome(service.state_of(table)).winners}
    return table, winners


async def test_members_and_the_server_are_counted_per_game(service):
    store = service.store
    expected: dict[int, list[int]] = {ALICE: [0, 0], BOB: [0, 0], CAROL: [0, 0]}  # played, won
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
    expected[ALICE][1] += GAMES[GAME].outcome(service.state_of(solo)).winners == (0,)
    await play_out(service, 2, 30, [ALICE, BOB], "elsewhere")  # another server
    ended = await service.create(guild_id=1, channel_id=40, host_id=ALICE, game=GAME)
    await service.join(ended.id, BOB)
    await service.start(ended.id, ALICE)
    await service.end(ended.id, 900, moderator=True)  # abandoned: not a game played

    for user, (played, won) in expected.items():
        assert await stats.member_stats(store, 1, user) == [stats.GameLine(GAME, played, won)]
    server = await stats.server_stats(store, 1)
    assert server.finished == 4 and server.per_game == [(GAME, 4)]
    wins = {user: won for user, (_, won) in expected.items() if won}
    assert dict(server.top_winners) == wins
    assert [w for _, w in server.top_winners] == sorted(wins.values(), reverse=True)
    assert (await stats.server_stats(store, 2)).finished == 1
    assert await stats.member_stats(store, 3, ALICE) == []


async def test_tally_counts_each_finished_table_once(service):
    await play_out(service, 1, 1, [ALICE, BOB], "a")
    await play_out(service, 1, 2, [ALICE, BOB], "b")
    assert await stats.tally(service.store) == 2
    assert await stats.tally(service.store) == 0


def test_texts():
    first, second = every_game()[:2]
    lines = [stats.GameLine(first, 3, 1), stats.GameLine(second, 1, 0)]
    text = stats.member_text("alice", lines)
    assert f"**{GAMES[first].title}**: 3 played, 1 won" in text and "In all: 4 played, 1 won." in text
    assert "has not finished a game" in stats.member_text("bob", [])
    server = stats.ServerStats(4, [(first, 3), (second, 1)], [(ALICE, 2), (BOB, 1)])
    text = stats.server_text("Agora", server)
    assert "4 tables finished" in text and f"{GAMES[first].title} 3 · {GAMES[second].title} 1" in text
    assert f"1. <@{ALICE}> (2 wins), 2. <@{BOB}> (1 win)" in text
    assert "No game has finished" in stats.server_text("Agora", stats.ServerStats(0, [], []))
