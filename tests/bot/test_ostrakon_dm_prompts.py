"""Ostrakon's DM prompts when a rollback takes back a stand-in's stone: the stand-ins vote the same
again, so the humans' prompts get new buttons and nobody is asked anew (the prompts of any game:
tests/bot/test_dm_prompts.py)."""

from bot.tables.moderation import Moderation
from bot.tables.prompts import Live, Prompts

from .test_dm_prompts import MOD, prompted

HUMANS = [100, 101, 102]


async def voting(service):
    """Ostrakon, three players and two stand-ins: a stand-in asks, and the three vote at once."""
    table = await service.create(
        guild_id=1, channel_id=1, host_id=HUMANS[0], game="ostrakon", seed="six-2", stand_ins=4
    )
    for user in HUMANS[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, HUMANS[0])).table
    assert service.waiting_on(table) == HUMANS
    return table


async def test_a_rollback_the_stand_ins_replay_the_same_asks_nobody_anew(service):
    table = await voting(service)
    prompts = Prompts(service)
    kept = [await prompted(prompts, table, user, n) for n, user in enumerate(HUMANS, 1)]
    update = await Moderation(service).rollback(table.id, MOD, 1, moderator=True)  # a stand-in's vote
    assert update.table.version > table.version and service.waiting_on(update.table) == HUMANS
    assert update.newly_asked == set()  # so nobody is prompted again ...
    for prompt in kept:  # ... and each prompt gets new buttons in place
        assert await prompts.fate(update.table, prompt) is Live.AGAIN
