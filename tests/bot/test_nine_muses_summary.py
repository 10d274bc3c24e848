"""A Nine Muses summary: each seat's hand told under its name (tests/bot/test_summary.py), and the
seats that changed hands through the clock (bot/tables/seats.py): a player handed to a stand-in after a
missed deadline, a substitute taking the seat, a game the stand-ins finished."""

from bot.clock.scheduler import HOUR
from bot.ratings import stats
from bot.ratings.summary import summary_lines
from bot.tables.seats import seat_history
from engine import Chance
from tests.registry import GAMES

from .test_clock import ALICE, BOB, CAROL, World, world  # noqa: F401
from .test_summary import ENDINGS, assert_each_seat_told, service  # noqa: F401

MUSES = GAMES["nine-muses"]


@ENDINGS
async def test_the_public_summary_tells_each_seats_hand(service, moves):
    await assert_each_seat_told(
        service, "nine-muses", moves, lambda view: [f"Cards in hand: {', '.join(view['hand'])}"] if view["hand"] else []
    )


async def nine_muses(world: World, channel: int):
    """Alice (Thales) and Bob (Sappho); an hour a move, and a stand-in after one missed deadline."""
    service = world.service
    table = await service.create(
        guild_id=1, channel_id=channel, host_id=ALICE, game="nine-muses", stand_ins=1, seed="seats"
    )
    await service.join(table.id, BOB)
    await world.clock.configure(table.id, pace=HOUR, misses=1)
    table = (await service.start(table.id, ALICE)).table
    await world.clock.sync(table.id)
    return table


async def move(world: World, table_id: int, user: int) -> None:
    table = await world.service.get(table_id)
    state = world.service.state_of(table)
    action = MUSES.stand_in(state, world.service.seat_of(table, user), Chance.seeded(f"{table.version}"))
    await world.service.act(table_id, user, action)
    await world.clock.sync(table_id)


async def miss(world: World, table_id: int) -> None:
    """The next deadline passes: the clock moves, and hands the seat to a stand-in."""
    world.time.t = min(row["deadline"] for row in await world.clock.deadlines(table_id))
    await world.clock.tick()


async def summary(world: World, table_id: int) -> tuple[list[str], object]:
    table = await world.service.get(table_id)
    log = await world.store.actions(table_id)
    return summary_lines(MUSES, table, world.service.state_of(table), log), table


async def test_the_summary_names_who_held_a_seat_before_its_substitute(world):
    table = await nine_muses(world, 1)
    bob_moves = 0
    while (waiting := world.service.waiting_on(await world.service.get(table.id))) != [BOB] or bob_moves < 2:
        bob_moves += waiting == [BOB]
        await move(world, table.id, waiting[0])
    await miss(world, table.id)  # Bob's third move is the clock's, then a stand-in plays Sappho
    assert (await world.service.get(table.id)).seats == [ALICE, None]
    while not [row for row in await world.store.actions(table.id, kind="move") if row.actor_id is None]:
        await move(world, table.id, ALICE)  # until the stand-in has played Sappho once
    await world.clock.substitute(table.id, CAROL)
    while waiting := world.service.waiting_on(await world.service.get(table.id)):
        await move(world, table.id, waiting[0])

    lines, table = await summary(world, table.id)
    assert table.status == "finished" and table.seats == [ALICE, CAROL]
    (sappho,) = [line for line in lines if line.startswith("🔁")]
    history = seat_history(table, await world.store.actions(table.id))[1]
    stand_in, carol = history.stints[1].moves, history.stints[2].moves
    assert stand_in >= 1 and carol > 3 + stand_in  # the premise: Carol played most of it
    assert sappho == (
        f"🔁 Sappho's seat was held by <@{BOB}> (3 moves) → 🤖 stand-in ({stand_in} move"
        f"{'s' if stand_in > 1 else ''}) → <@{CAROL}> ({carol} moves); its result counts for "
        + (f"<@{BOB}> and <@{CAROL}>." if 3 * 3 >= 3 + stand_in + carol else f"<@{CAROL}>.")
    )


async def test_a_game_the_stand_ins_finished_names_and_credits_its_players(world):
    table = await nine_muses(world, 2)
    for _ in range(4):  # two rounds played by Alice and Bob
        await move(world, table.id, world.service.waiting_on(await world.service.get(table.id))[0])
    await miss(world, table.id)
    await miss(world, table.id)  # both away: the stand-ins play the game to its end

    lines, table = await summary(world, table.id)
    assert table.status == "finished" and table.seats == [None, None]
    winners = MUSES.outcome(world.service.state_of(table)).winners
    winner_line = next(line for line in lines if line.startswith("🏆"))
    assert "🤖 stand-in" not in winner_line
    names = {0: f"<@{ALICE}> (Thales)", 1: f"<@{BOB}> (Sappho)"}
    assert all(names[seat] in winner_line for seat in winners)
    handed = [line for line in lines if line.startswith("🔁")]
    assert handed[0].startswith(f"🔁 Thales' seat was held by <@{ALICE}> (3 moves) → 🤖 stand-in (")
    assert handed[1].startswith(f"🔁 Sappho's seat was held by <@{BOB}> (3 moves) → 🤖 stand-in (")
    assert handed[0].endswith(f"its result counts for <@{ALICE}>.")  # the only human who moved for it

    await stats.record(world.store, table)
    for user, seat in ((ALICE, 0), (BOB, 1)):
        assert await stats.member_stats(world.store, 1, user) == [stats.GameLine("nine-muses", 1, int(seat in winners))]
