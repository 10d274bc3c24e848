"""The gate's LOOK_BACK (`/table status`): anyone in a channel may look at its open table, or, with
none open, at its last game if that finished (its final board is public); never at a game a
moderator ended or a lobby closed, nor from another channel or server. The e2e side:
tests/e2e/test_status_after_the_end_e2e.py."""

import pytest

from bot.tables.gate import Caller, Gate, Need
from bot.tables.refusals import Refused

from .test_ratings import ALICE, BOB, DUEL, GUILD, OTHER_GUILD, finish

STRANGER, CHANNEL = 666, 5


async def test_anyone_may_look_back_at_the_channels_finished_game_and_only_there(service):
    gate = Gate(service)
    table = await finish(service, DUEL, [ALICE, BOB], "look-back", channel=CHANNEL)
    assert table.status == "finished"
    passed = await gate.here(Caller(STRANGER, GUILD, CHANNEL), Need.LOOK_BACK)
    assert passed.table.id == table.id and passed.seat is None
    assert (await gate.here(Caller(ALICE, GUILD, CHANNEL), Need.LOOK_BACK)).seat == 0
    for caller, need in (
        (Caller(STRANGER, GUILD, CHANNEL), Need.LOOK),  # the other commands still find no table
        (Caller(STRANGER, GUILD, CHANNEL + 1), Need.LOOK_BACK),  # another channel
        (Caller(STRANGER, OTHER_GUILD, CHANNEL), Need.LOOK_BACK),  # another server's channel of that id
        (Caller(STRANGER, None, CHANNEL), Need.LOOK_BACK),  # a DM
    ):
        with pytest.raises(Refused, match="no table"):
            await gate.here(caller, need)

    lobby = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, game=DUEL)
    assert (await gate.here(Caller(STRANGER, GUILD, CHANNEL), Need.LOOK_BACK)).table.id == lobby.id  # it comes first
    await service.end(lobby.id, BOB, moderator=False)  # closed, the channel's last table: nothing to look at
    with pytest.raises(Refused, match="no table"):
        await gate.here(Caller(STRANGER, GUILD, CHANNEL), Need.LOOK_BACK)
