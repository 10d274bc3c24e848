"""Who is credited with a Philosophy Grudgematch seat several members played: a seed whose seat 1
makes enough moves that a hand-over after the first or the fiftieth splits it as the third rule says
(the generic stats: test_stats.py)."""

from functools import partial

from bot.ratings import stats
from bot.tables.moderation import Moderation
from tests.registry import GAMES

from .test_stats import ALICE, BOB, CAROL, play_out

MOD = 900
play_a_grudgematch = partial(play_out, game="grudgematch")


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

    replaced, replaced_winners = await play_a_grudgematch(service, 1, 1, [ALICE, BOB], "r", hand_over=to_carol)
    kicked, kicked_winners = await play_a_grudgematch(service, 1, 2, [ALICE, BOB], "k", hand_over=to_a_stand_in)
    assert replaced.seats == [ALICE, CAROL] and kicked.seats == [ALICE, None]
    await stats.record(store, replaced)  # the publisher's count; the other is the tally's
    assert await stats.tally(store) == 1
    assert await results(store, replaced.id) == {ALICE: ALICE in replaced_winners, CAROL: CAROL in replaced_winners}
    seat_won = 1 in GAMES["grudgematch"].outcome(service.state_of(kicked)).winners
    assert await results(store, kicked.id) == {ALICE: ALICE in kicked_winners, BOB: seat_won}
    assert [line.played for line in await stats.member_stats(store, 1, BOB)] == [1]

    # Handed over later, with a third of the seat's moves made: Bob and Carol both have its result.
    shared, shared_winners = await play_a_grudgematch(service, 1, 3, [ALICE, BOB], "s", hand_over=to_carol, after=50)
    moves = [row.actor_id for row in await store.actions(shared.id, kind="move") if row.seat == 1]
    assert (
        moves.count(BOB) == 50 and 50 * 3 >= len(moves) and (len(moves) - 50) * 3 >= len(moves)
    )  # the premise (this seed's game)
    seat_won = 1 in GAMES["grudgematch"].outcome(service.state_of(shared)).winners
    assert await results(store, shared.id) == {}  # not counted until the tally
    await stats.tally(store)
    assert await results(store, shared.id) == {ALICE: ALICE in shared_winners, BOB: seat_won, CAROL: seat_won}
