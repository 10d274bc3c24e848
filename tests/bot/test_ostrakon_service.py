"""Ostrakon through the TableService: acting and its refusals, secret votes cast at once, and a
restart that keeps a question (the service's lobby and moderation: tests/bot/test_service.py)."""

import asyncio

import pytest

from bot.store.sqlite import Store
from bot.tables.service import Refused, StaleBoard, TableService
from engine import IllegalAction, NotYourTurn

from .test_gate import players
from .test_service import CHANNEL, lobby

KEY = "ostrakon"
PLAYERS = players(KEY)
HOST = PLAYERS[0]


async def speaker_user(service, table_id):
    (user,) = service.waiting_on(await service.get(table_id))
    return user


async def test_act_refusals_change_nothing(service):
    table = await lobby(service, PLAYERS, KEY)
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
        await service.act(
            table.id, speaker, {"kind": "ask", "question": "Q?", "white": "a", "black": "b"}, version=table.version - 1
        )
    after = await service.get(table.id)
    assert after.version == table.version and after.state == table.state


async def test_votes_are_private_until_revealed(service):
    table = await lobby(service, PLAYERS, KEY)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    await service.act(
        table.id, speaker, {"kind": "ask", "question": "Tea or coffee?", "white": "Tea", "black": "Coffee"}
    )
    update = await service.act(table.id, speaker, {"kind": "vote", "stone": "black"})
    assert update.private[speaker] == ["You voted ⚫ Coffee."]
    assert not any("Coffee" in text for text in update.public)
    public = await service.view_for(table.id, None)
    assert public["voted"] == [service.seat_of(update.table, speaker)] and "votes" not in public


async def test_simultaneous_votes_all_apply(service):
    table = await lobby(service, PLAYERS, KEY)
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
    table = await lobby(service, PLAYERS, KEY)
    table = (await service.start(table.id, HOST)).table
    speaker = await speaker_user(service, table.id)
    await service.act(
        table.id, speaker, {"kind": "ask", "question": "Summer or winter?", "white": "Summer", "black": "Winter"}
    )
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
