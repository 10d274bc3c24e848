"""DM prompts without Discord (bot/tables/prompts.py): a prompt is remembered across restarts, stays good
while the seat is asked the same, and once done says why: the player's own move (wherever they
made it), the clock's, a moderator's skip, the seat gone, the table closed; a rollback marks as
facing a new decision only the players whom the position asks something else. Checked on a game
that asks several players at once (a game's own scenarios: tests/bot/test_<package>_dm_prompts.py)."""

from bot.clock.scheduler import CLOCK
from bot.tables.moderation import Moderation
from bot.tables.prompts import Live, Prompts, Settled
from engine import Chance
from tests.registry import GAMES, a_game

MOD = 900
DM_CHANNEL = 7000
GAME = a_game(together=True)  # a position asks several players at once


async def asked_at_once(service):
    """A table of humans, played by the stand-ins' choices until several of them are asked at once;
    returns it and two of them."""
    game = GAMES[GAME]
    users = [100 + n for n in range(max(2, game.min_seats))]
    table = await service.create(guild_id=1, channel_id=1, host_id=users[0], game=GAME, seed="prompts")
    for user in users[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, users[0])).table
    chance = Chance.seeded("prompts")
    while len(waiting := service.waiting_on(table)) < 2:
        state, seat = service.state_of(table), service.seat_of(table, waiting[0])
        table = (await service.act(table.id, waiting[0], game.stand_in(state, seat, chance))).table
    return table, waiting[:2]


def choice(service, table, user, n=0):
    """A move on the player's menu."""
    return service.menu(table, table.seats.index(user)).choices[n]


async def prompted(prompts, table, user, message_id):
    assert await prompts.remember(prompts.prompt_for(table, user, DM_CHANNEL, message_id)) is None
    return (await prompts.of(table.id))[user]


async def test_a_prompt_is_remembered_across_restarts_and_a_newer_one_replaces_it(service):
    table, humans = await asked_at_once(service)
    prompts = Prompts(service)
    first = await prompted(prompts, table, humans[0], 1)
    after_restart = Prompts(service)
    assert await after_restart.of(table.id) == {humans[0]: first}
    newer = after_restart.prompt_for(table, humans[0], DM_CHANNEL, 2)
    assert await after_restart.remember(newer) == first  # the old one is told to say so
    await after_restart.forget(table.id, humans[0], 1)  # the replaced message: nothing to forget
    assert await Prompts(service).of(table.id) == {humans[0]: newer}
    await after_restart.forget(table.id, humans[0], 2)
    assert await Prompts(service).of(table.id) == {}


async def test_others_moves_keep_a_prompt_and_its_own_answer_anywhere_settles_it(service):
    table, humans = await asked_at_once(service)
    prompts = Prompts(service)
    mine, theirs = [await prompted(prompts, table, user, n) for n, user in enumerate(humans, 1)]
    chosen = choice(service, table, humans[1], 1)
    table = (await service.act(table.id, humans[1], chosen.action)).table  # from "My hand", say
    assert await prompts.fate(table, mine) is Live.STILL  # still asked while the others choose
    assert await prompts.fate(table, theirs) == Settled("you", chosen.label)


async def test_the_clock_and_a_skip_are_told_with_the_move_they_played(service):
    table, humans = await asked_at_once(service)
    prompts = Prompts(service)
    first, second = [await prompted(prompts, table, user, n) for n, user in enumerate(humans, 1)]
    seat = table.seats.index(humans[0])
    async with service.table_lock(table.id):
        update = await service.play_fallback(await service.get(table.id), seat, CLOCK, "clock")
    fate = await prompts.fate(update.table, first)
    assert fate.by == "clock" and fate.label in [
        c.label for c in service.menus.get(table.id, table.version, seat).choices
    ]
    update = await Moderation(service).skip(table.id, MOD, moderator=True)
    assert (await prompts.fate(update.table, second)).by == "skip"


async def test_a_seat_that_changed_hands_or_a_closed_table_settles_it(service):
    table, humans = await asked_at_once(service)
    prompts = Prompts(service)
    first, second = [await prompted(prompts, table, user, n) for n, user in enumerate(humans, 1)]
    update = await service.kick(table.id, humans[0], moderator=True, actor_id=MOD)
    assert await prompts.fate(update.table, first) == Settled("stand-in")
    update = await service.end(table.id, MOD, moderator=True)
    assert await prompts.fate(update.table, second) == Settled("closed")


async def test_a_rollback_asks_again_only_the_player_whose_move_it_took_back(service):
    table, humans = await asked_at_once(service)
    prompts = Prompts(service)
    voter, other = humans
    table = (await service.act(table.id, voter, choice(service, table, voter).action)).table
    theirs = await prompted(prompts, table, other, 2)
    update = await Moderation(service).rollback(table.id, MOD, 1, moderator=True)
    assert update.newly_asked == {voter} and voter in service.waiting_on(update.table)
    assert update.public == [f"↩️ <@{MOD}> took back the last 1 move: the game goes on from the position before it."]
    assert await prompts.fate(update.table, theirs) is Live.AGAIN
