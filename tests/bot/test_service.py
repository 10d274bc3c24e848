"""TableService and the store: lobby rules, acting, concurrency, stale versions and restarts."""
import asyncio

import pytest

from bot.service import Refused, StaleBoard, TableService
from bot.store import Store
from engine import GAMES, IllegalAction, NotYourTurn

HOST, CHANNEL = 100, 555
PLAYERS = [HOST, 101, 102, 103, 104]


async def lobby(service, players=PLAYERS, **kwargs):
    table = await service.create(guild_id=1, channel_id=CHANNEL, host_id=players[0], game="ostrakon", seed="s", **kwargs)
    for user in players[1:]:
        table = await service.join(table.id, user)
    return table


async def speaker_user(service, table_id):
    (user,) = service.waiting_on(await service.get(table_id))
    return user


async def test_lobby_rules(service):
    table = await lobby(service, PLAYERS[:3])
    with pytest.raises(Refused, match="already at this table"):
        await service.join(table.id, 101)
    with pytest.raises(Refused, match="needs 5 to 12"):
        await service.start(table.id, HOST)
    await service.join(table.id, 103)
    await service.join(table.id, 104)
    with pytest.raises(Refused, match="Only the host or a moderator"):
        await service.start(table.id, 101)
    with pytest.raises(Refused, match="already has a table"):
        await service.create(guild_id=1, channel_id=CHANNEL, host_id=200, game="ostrakon")
    update = await service.start(table.id, 101, moderator=True)
    assert update.table.status == "running"
    with pytest.raises(Refused, match="already started"):
        await service.join(table.id, 105)


async def test_bad_game_and_options_are_refused(service):
    with pytest.raises(Refused, match="no game called"):
        await service.create(guild_id=1, channel_id=1, host_id=HOST, game="chess")
    with pytest.raises(Refused, match="option"):
        await service.create(guild_id=1, channel_id=1, host_id=HOST, game="ostrakon", options={"special_days": "maybe"})


async def test_host_leaving_passes_the_table_on_and_last_one_out_closes_it(service):
    table = await lobby(service, PLAYERS[:2])
    table = (await service.leave(table.id, HOST)).table
    assert table.host_id == 101 and table.seats == [101]
    table = (await service.leave(table.id, 101, closing=True)).table
    assert table.status == "ended"


async def test_only_moderators_end_running_tables_and_kick(service):
    table = await lobby(service)
    await service.start(table.id, HOST)
    with pytest.raises(Refused, match=r"Only a moderator \(Manage Channels here, or the server.s moderator role\) can end this table"):
        await service.end(table.id, HOST)
    with pytest.raises(Refused, match=r"Only a moderator \(.*\) can remove a player"):
        await service.kick(table.id, 101, moderator=False)
    update = await service.kick(table.id, 101, moderator=True)
    assert update.table.seats[1] is None  # a stand-in sits there now
    update = await service.end(table.id, 999, moderator=True)
    assert update.table.status == "ended"


async def test_act_refusals_change_nothing(service):
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    other = next(u for u in PLAYERS if u != speaker)
    with pytest.raises(NotYourTurn):
        await service.act(table.id, other, {"kind": "vote", "stone": "white"})
    with pytest.raises(Refused, match="not playing"):
        await service.act(table.id, 999, {"kind": "vote", "stone": "white"})
    with pytest.raises(IllegalAction, match="Write a question"):
        await service.act(table.id, speaker, {"kind": "ask", "question": " ", "white": "a", "black": "b"})
    with pytest.raises(StaleBoard, match="board has changed"):
        await service.act(table.id, speaker, {"kind": "ask", "question": "Q?", "white": "a", "black": "b"}, version=table.version - 1)
    after = await service.get(table.id)
    assert after.version == table.version and after.state == table.state


async def test_votes_are_private_until_revealed(service):
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    await service.act(table.id, speaker, {"kind": "ask", "question": "Tea or coffee?", "white": "Tea", "black": "Coffee"})
    update = await service.act(table.id, speaker, {"kind": "vote", "stone": "black"})
    assert update.private[speaker] == ["You voted ⚫ Coffee."]
    assert not any("Coffee" in text for text in update.public)
    public = await service.view_for(table.id, None)
    assert public["voted"] == [service.seat_of(update.table, speaker)] and "votes" not in public


async def test_simultaneous_votes_all_apply(service):
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    await service.act(table.id, speaker, {"kind": "ask", "question": "Cats or dogs?", "white": "Cats", "black": "Dogs"})
    voters = [u for u in PLAYERS if u != speaker]
    await asyncio.gather(*(service.act(table.id, u, {"kind": "vote", "stone": "white"}) for u in voters))
    view = await service.view_for(table.id, None)
    assert sorted(view["voted"]) == sorted(service.seat_of(table, u) for u in voters)


async def test_a_second_service_on_the_same_file_sees_everything(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    service = TableService(store)
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    await service.act(table.id, speaker, {"kind": "ask", "question": "Summer or winter?", "white": "Summer", "black": "Winter"})
    before = await service.get(table.id)
    await store.close()

    store = await Store.open(path)
    again = TableService(store)
    after = await again.table_in(CHANNEL)
    assert after == before
    assert (await again.view_for(table.id, None))["question"]["text"] == "Summer or winter?"
    moves = await store.actions(table.id, kind="move")
    assert [m.action["kind"] for m in moves] == ["ask"]
    await store.close()


async def test_stand_ins_fill_seats_and_play_their_turns(service):
    table = await service.create(guild_id=1, channel_id=CHANNEL, host_id=HOST, game="ostrakon", stand_ins=4, seed="x")
    update = await service.start(table.id, HOST)
    # the stand-ins play until the table waits on the one human
    assert service.waiting_on(update.table) == [HOST]


async def test_a_corrupt_row_is_reported_not_fatal(service):
    table = await lobby(service)
    table = (await service.start(table.id, HOST)).table
    await service.store._db.execute("UPDATE tables SET state = '{broken', version = version + 1 WHERE id = ?", (table.id,))
    with pytest.raises(Refused, match="could not be read"):
        await service.view_for(table.id, HOST)


async def test_a_moderator_can_close_a_table_whose_row_cannot_be_read(service):
    table = await lobby(service)
    await service.start(table.id, HOST)
    await service.store.run_job(lambda db: db.execute("UPDATE tables SET seats = '[broken' WHERE id = ?", (table.id,)))
    service.store._records.clear()
    with pytest.raises(Refused, match="could not be read"):
        await service.table_in(CHANNEL)
    with pytest.raises(Refused, match="Only a moderator"):
        await service.end_damaged(CHANNEL, moderator=False)
    assert await service.end_damaged(CHANNEL, moderator=True)
    assert await service.table_in(CHANNEL) is None
    fresh = await service.create(guild_id=1, channel_id=CHANNEL, host_id=HOST, game="ostrakon")
    assert fresh.status == "lobby"
    assert not await service.end_damaged(CHANNEL, moderator=True)  # a readable table is not "damaged"
