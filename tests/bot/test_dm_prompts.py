"""DM prompts without Discord (bot/prompts.py): a prompt is remembered across restarts, stays good
while the seat is asked the same, and once done says why: the player's own move (wherever they
made it), the clock's, a moderator's skip, the seat gone, the table closed; a rollback marks as
facing a new decision only the players whom the position asks something else."""

from bot.clock import CLOCK
from bot.moderation import Moderation
from bot.prompts import Live, Prompts, Settled

MOD = 900
HUMANS = [100, 101, 102]
DM_CHANNEL = 7000


async def voting(service):
    """Ostrakon, three players and two stand-ins: a stand-in asks, and the three vote at once."""
    table = await service.create(guild_id=1, channel_id=1, host_id=HUMANS[0], game="ostrakon", seed="six-2",
                                 stand_ins=4)
    for user in HUMANS[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, HUMANS[0])).table
    assert service.waiting_on(table) == HUMANS
    return table


def stone(service, table, user, n=0):
    return service.menu(table, table.seats.index(user)).choices[n]


async def prompted(prompts, table, user, message_id):
    assert await prompts.remember(prompts.prompt_for(table, user, DM_CHANNEL, message_id)) is None
    return (await prompts.of(table.id))[user]


async def test_a_prompt_is_remembered_across_restarts_and_a_newer_one_replaces_it(service):
    table = await voting(service)
    prompts = Prompts(service)
    first = await prompted(prompts, table, HUMANS[0], 1)
    after_restart = Prompts(service)
    assert await after_restart.of(table.id) == {HUMANS[0]: first}
    newer = after_restart.prompt_for(table, HUMANS[0], DM_CHANNEL, 2)
    assert await after_restart.remember(newer) == first  # the old one is told to say so
    await after_restart.forget(table.id, HUMANS[0], 1)  # the replaced message: nothing to forget
    assert await Prompts(service).of(table.id) == {HUMANS[0]: newer}
    await after_restart.forget(table.id, HUMANS[0], 2)
    assert await Prompts(service).of(table.id) == {}


async def test_other_votes_keep_a_prompt_and_its_own_answer_anywhere_settles_it(service):
    table = await voting(service)
    prompts = Prompts(service)
    mine, theirs = [await prompted(prompts, table, user, n) for n, user in enumerate(HUMANS[:2], 1)]
    chosen = stone(service, table, HUMANS[1], 1)
    table = (await service.act(table.id, HUMANS[1], chosen.action)).table  # from "My hand", say
    assert await prompts.fate(table, mine) is Live.STILL  # a secret vote stays open while others vote
    assert await prompts.fate(table, theirs) == Settled("you", chosen.label)


async def test_the_clock_and_a_skip_are_told_with_the_move_they_played(service):
    table = await voting(service)
    prompts = Prompts(service)
    first, second = [await prompted(prompts, table, user, n) for n, user in enumerate(HUMANS[:2], 1)]
    async with service.table_lock(table.id):
        update = await service.play_fallback(await service.get(table.id), 0, CLOCK, "clock")
    fate = await prompts.fate(update.table, first)
    assert fate.by == "clock" and fate.label in [c.label for c in service.menus.get(table.id, table.version, 0).choices]
    update = await Moderation(service).skip(table.id, MOD, moderator=True)
    assert (await prompts.fate(update.table, second)).by == "skip"


async def test_a_seat_that_changed_hands_or_a_closed_table_settles_it(service):
    table = await voting(service)
    prompts = Prompts(service)
    first, second = [await prompted(prompts, table, user, n) for n, user in enumerate(HUMANS[:2], 1)]
    update = await service.kick(table.id, HUMANS[0], moderator=True, actor_id=MOD)
    assert await prompts.fate(update.table, first) == Settled("stand-in")
    update = await service.end(table.id, MOD, moderator=True)
    assert await prompts.fate(update.table, second) == Settled("closed")


async def test_a_rollback_the_stand_ins_replay_the_same_asks_nobody_anew(service):
    table = await voting(service)
    prompts = Prompts(service)
    kept = [await prompted(prompts, table, user, n) for n, user in enumerate(HUMANS, 1)]
    update = await Moderation(service).rollback(table.id, MOD, 1, moderator=True)  # a stand-in's vote
    assert update.table.version > table.version and service.waiting_on(update.table) == HUMANS
    assert update.fresh == set()  # so nobody is prompted again ...
    for prompt in kept:  # ... and each prompt gets new buttons in place
        assert await prompts.fate(update.table, prompt) is Live.AGAIN


async def test_a_rollback_asks_again_only_the_player_whose_move_it_took_back(service):
    table = await voting(service)
    prompts = Prompts(service)
    voter, other = HUMANS[0], HUMANS[1]
    table = (await service.act(table.id, voter, stone(service, table, voter).action)).table
    theirs = await prompted(prompts, table, other, 2)
    update = await Moderation(service).rollback(table.id, MOD, 1, moderator=True)
    assert update.fresh == {voter} and voter in service.waiting_on(update.table)
    assert update.public == [f"↩️ <@{MOD}> took back the last 1 move: the game goes on from the position before it."]
    assert await prompts.fate(update.table, theirs) is Live.AGAIN
