"""Ratings change only when a game finishes: a moderator's `/table end` of an unfinished game
changes none, and a rollback after the finish lets the game go on and derives the ratings of its
server and game again without it (then with it, once it finishes again)."""

import pytest

from bot.ratings import ratings, stats
from bot.tables.gate import Caller, Gate, Need
from bot.tables.moderation import Moderation
from bot.tables.refusals import Refused
from engine import Chance
from tests.registry import GAMES

from .test_ratings import ALICE, BOB, DUEL, GUILD, MODEL, by_the_rule, finish, snapshot, stored, winning_seats

MOD = 900


def rated(service, table, current: dict) -> dict:
    """`current` after `table`'s finished duel is rated (openskill, held to the result)."""
    won = winning_seats(service, table)
    teams = by_the_rule([[current[user]] for user in table.seats], [1 if seat in won else 2 for seat in range(2)])
    return {**current, **{user: team[0] for user, team in zip(table.seats, teams)}}


def as_stored(expected: dict, games: dict[int, int]) -> dict:
    return {
        user: (pytest.approx(r.mu, abs=1e-12), pytest.approx(r.sigma, abs=1e-12), games[user])
        for user, r in expected.items()
    }


async def test_an_unfinished_game_ended_by_a_moderator_changes_no_rating(service):
    await finish(service, DUEL, [ALICE, BOB], "before")
    before = await snapshot(service.store)
    table = await service.create(guild_id=GUILD, channel_id=77, host_id=ALICE, game=DUEL, seed="ended")
    await service.join(table.id, BOB)
    table = (await service.start(table.id, ALICE)).table
    for n in range(20):
        user = service.waiting_on(table)[0]
        action = GAMES[DUEL].stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(f"e{n}"))
        table = (await service.act(table.id, user, action)).table
    assert table.status == "running"
    ended = (await service.end(table.id, MOD, moderator=True)).table
    assert ended.status == "ended"
    assert await snapshot(service.store) == before


async def test_a_rollback_after_the_finish_derives_the_ratings_again(service):
    store, moderation = service.store, Moderation(service)
    first = await finish(service, DUEL, [ALICE, BOB], "first", channel=1)
    second = await finish(service, DUEL, [BOB, ALICE], "second", channel=2)
    await stats.tally(store)
    fresh = {ALICE: MODEL.rating(), BOB: MODEL.rating()}
    assert await stored(store, game=DUEL) == as_stored(
        rated(service, second, rated(service, first, fresh)), {ALICE: 2, BOB: 2}
    )

    # the first game goes on: as if it had never finished, the second is rated from the start
    update = await moderation.rollback(first.id, MOD, 1, moderator=True)
    assert update.table.status == "running"
    assert await stored(store, game=DUEL) == as_stored(rated(service, second, fresh), {ALICE: 1, BOB: 1})
    assert {row[0] for row in await store.query("SELECT table_id FROM rated_games")} == {second.id}
    assert {row[0] for row in await store.query("SELECT table_id FROM finished_games")} == {second.id}

    # finished again, it is rated after the second
    table = update.table
    n = 0
    while table.status == "running":
        user = service.waiting_on(table)[0]
        action = GAMES[DUEL].stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(f"a{n}"))
        table = (await service.act(table.id, user, action)).table
        n += 1
    assert await stored(store, game=DUEL) == as_stored(
        rated(service, table, rated(service, second, fresh)), {ALICE: 2, BOB: 2}
    )
    figures = await snapshot(store)
    await ratings.rebuild_all(store)
    assert await snapshot(store) == figures


async def test_a_finished_game_goes_on_only_while_its_channel_has_no_other_table(service):
    moderation, gate = Moderation(service), Gate(service)
    table = await finish(service, DUEL, [ALICE, BOB], "busy", channel=5)
    moderator = Caller(MOD, GUILD, 5, moderator=True)
    assert (await gate.here(moderator, Need.ROLL_BACK)).table.id == table.id  # the channel's finished game
    with pytest.raises(Refused, match="no table"):
        await gate.here(moderator, Need.MODERATE)  # no other moderator command reaches it
    with pytest.raises(Refused, match="Only a moderator"):
        await gate.here(Caller(ALICE, GUILD, 5), Need.ROLL_BACK)
    figures = await snapshot(service.store)
    await service.create(guild_id=GUILD, channel_id=5, host_id=ALICE, game=DUEL)
    assert (await gate.here(moderator, Need.ROLL_BACK)).table.id != table.id  # the open table comes first
    with pytest.raises(Refused, match="another table open"):
        await moderation.rollback(table.id, MOD, 1, moderator=True)
    assert (await service.get(table.id)).status == "finished"
    assert await snapshot(service.store) == figures
