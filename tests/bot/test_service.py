"""TableService and the store: lobby rules, moderators, stand-ins and unreadable rows (acting,
concurrency, stale versions and restarts, on a game's own moves: tests/bot/test_<package>_service.py)."""

import pytest

from bot.tables.service import Refused, TableService
from tests.registry import GAMES, every_game

from .test_gate import players

CHANNEL = 555
GAME = next(key for key in every_game() if GAMES[key].min_seats > 1)  # a lobby can be short of players
PLAYERS = players(GAME)  # as many as it takes to start
HOST = PLAYERS[0]


async def lobby(service: TableService, players=PLAYERS, game=GAME, **kwargs):
    table = await service.create(guild_id=1, channel_id=CHANNEL, host_id=players[0], game=game, seed="s", **kwargs)
    for user in players[1:]:
        table = await service.join(table.id, user)
    return table


def a_yes_or_no_option() -> tuple[str, str]:
    """A game and one of its options that takes yes or no."""
    return next(
        (key, name)
        for key in every_game()
        for name, field in GAMES[key].Options.model_fields.items()
        if field.annotation is bool
    )


async def test_lobby_rules(service):
    game = GAMES[GAME]
    table = await lobby(service, PLAYERS[:-1])
    with pytest.raises(Refused, match="already at this table"):
        await service.join(table.id, HOST)
    with pytest.raises(Refused, match=f"needs {game.min_seats} to {game.max_seats}"):
        await service.start(table.id, HOST)
    await service.join(table.id, PLAYERS[-1])
    with pytest.raises(Refused, match="Only the host or a moderator"):
        await service.start(table.id, PLAYERS[1])
    with pytest.raises(Refused, match="already has a table"):
        await service.create(guild_id=1, channel_id=CHANNEL, host_id=200, game=GAME)
    update = await service.start(table.id, PLAYERS[1], moderator=True)
    assert update.table.status == "running"
    with pytest.raises(Refused, match="already started"):
        await service.join(table.id, PLAYERS[-1] + 1)


async def test_bad_game_and_options_are_refused(service):
    with pytest.raises(Refused, match="no game called"):
        await service.create(guild_id=1, channel_id=1, host_id=HOST, game="chess")
    key, option = a_yes_or_no_option()
    with pytest.raises(Refused, match="option"):
        await service.create(guild_id=1, channel_id=1, host_id=HOST, game=key, options={option: "maybe"})


async def test_host_leaving_passes_the_table_on_and_last_one_out_closes_it(service):
    table = await lobby(service, PLAYERS[:2])
    table = (await service.leave(table.id, HOST)).table
    assert table.host_id == PLAYERS[1] and table.seats == [PLAYERS[1]]
    table = (await service.leave(table.id, PLAYERS[1], closing=True)).table
    assert table.status == "ended"


async def test_only_moderators_end_running_tables_and_kick(service):
    table = await lobby(service)
    await service.start(table.id, HOST)
    with pytest.raises(
        Refused, match=r"Only a moderator \(Manage Channels here, or the server.s moderator role\) can end this table"
    ):
        await service.end(table.id, HOST)
    with pytest.raises(Refused, match=r"Only a moderator \(.*\) can remove a player"):
        await service.kick(table.id, PLAYERS[1], moderator=False)
    update = await service.kick(table.id, PLAYERS[1], moderator=True)
    assert update.table.seats[1] is None  # a stand-in sits there now
    update = await service.end(table.id, 999, moderator=True)
    assert update.table.status == "ended"


async def test_stand_ins_fill_seats_and_play_their_turns(service):
    table = await service.create(
        guild_id=1, channel_id=CHANNEL, host_id=HOST, game=GAME, stand_ins=GAMES[GAME].min_seats - 1, seed="x"
    )
    update = await service.start(table.id, HOST)
    # the stand-ins play until the table waits on the one human
    assert service.waiting_on(update.table) == [HOST]


async def test_a_corrupt_row_is_reported_not_fatal(service):
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    await service.store.transaction(
        [("UPDATE tables SET state = '{broken', version = version + 1 WHERE id = ?", (table.id,))]
    )
    with pytest.raises(Refused, match="could not be read"):
        await service.view_for(table.id, HOST)


async def test_a_moderator_can_close_a_table_whose_row_cannot_be_read(service):
    table = await lobby(service)
    await service.start(table.id, HOST)
    await service.store.transaction([("UPDATE tables SET seats = '[broken' WHERE id = ?", (table.id,))])
    service.store._records.clear()
    with pytest.raises(Refused, match="could not be read"):
        await service.table_in(CHANNEL)
    with pytest.raises(Refused, match="Only a moderator"):
        await service.end_damaged(CHANNEL, moderator=False)
    assert await service.end_damaged(CHANNEL, moderator=True)
    assert await service.table_in(CHANNEL) is None
    fresh = await service.create(guild_id=1, channel_id=CHANNEL, host_id=HOST, game=GAME)
    assert fresh.status == "lobby"
    assert not await service.end_damaged(CHANNEL, moderator=True)  # a readable table is not "damaged"
