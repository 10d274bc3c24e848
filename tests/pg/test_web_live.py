"""The tables' pages with several processes on one PostgreSQL database (docs/web.md, "Several
processes"): process B, which does not own a table, serves its page from the database, never from a
copy it kept, and B's live viewers get the event when process A commits a move (NOTIFY
table_changed, sent in A's save), as A's own viewers do. A save notifies only once committed."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.store.changes import CHANNEL
from bot.store.errors import StaleVersion
from bot.store.opening import open_store
from bot.tables.ownership import Ownership
from bot.tables.service import TableService
from engine import Chance
from tests.registry import every_game
from tests.web.helpers import LINKS, Stream, page_state, played, serving, within

pytestmark = pytest.mark.stores("postgres")
SHARD_0 = Ownership(frozenset({0}), 2)  # the table's server (guild 1) is on shard 0: A's
SHARD_1 = Ownership(frozenset({1}), 2)


@pytest.fixture
async def processes(store_target):
    """Two processes' stores and services on one database: A owns shard 0, B shard 1."""
    a, b = await open_store(store_target), await open_store(store_target)
    try:
        yield TableService(a, ownership=SHARD_0), TableService(b, ownership=SHARD_1)
    finally:
        await a.close()
        await b.close()


async def test_a_process_that_does_not_own_a_table_serves_it_live(processes):
    a, b = processes
    await a.store.share_changes()  # as A's own web server does when it starts
    table = await played(a, every_game()[0], 2)
    assert a.ownership.owns(table.guild_id) and not b.ownership.owns(table.guild_id)
    token = LINKS.token(table.id)
    async with serving(b) as on_b, serving(a) as on_a:
        version, state, _ = page_state(await (await on_b.get(f"/t/{token}")).text())
        assert version == table.version
        readers = [Stream(await client.get(f"/t/{token}/events", params={"since": state})) for client in (on_b, on_a)]
        for reader in readers:
            assert (await within(reader.block(), "the opening"))["retry"] == "3000"
        moved = await one_move(a, table)
        events = [await within(reader.event(), "A's move") for reader in readers]
        page_on_b = await (await on_b.get(f"/t/{token}")).text()
        for reader in readers:
            reader.response.close()
    assert [json.loads(event["data"])["version"] for event in events] == [moved.version] * 2
    assert events[0]["data"] == events[1]["data"]  # both processes render the same public page
    assert page_state(page_on_b)[0] == moved.version  # read from the database, not from B's memory
    assert not b.store.remembers(table.id)  # B keeps no copy of another process's table


async def test_a_save_notifies_only_once_it_commits_and_only_when_shared(processes):
    a, _ = processes
    game = every_game()[0]
    first, second, third = [
        await a.create(guild_id=1, channel_id=channel, host_id=1000, game=game, seed="n") for channel in (3, 4, 5)
    ]
    listener = await a.store.connect()
    heard: list[str] = []
    try:
        await listener.add_listener(CHANNEL, lambda *args: heard.append(args[-1]))
        await a.join(first.id, 1001)  # not shared yet: told to nobody else
        await a.store.share_changes()
        with pytest.raises(StaleVersion):  # a save that commits nothing tells nothing
            await a.store.save(first, {"seats": [1000, 1002]}, ("join", None, 1002, {}))
        await a.join(second.id, 1001)
        await a.join(third.id, 1001)

        async def both() -> None:
            while len(heard) < 2:
                await listener.execute("SELECT 1")  # notifications come between its statements
                await asyncio.sleep(0.01)

        await within(both(), "two notifications")
    finally:
        await listener.close()
    # in the order of the commits: none came for the first table's join or the refused save
    assert [payload.split(" ")[0] for payload in heard[:2]] == [str(second.id), str(third.id)]


async def test_a_viewer_still_gets_the_change_made_while_its_process_was_not_listening(processes):
    a, b = processes
    await a.store.share_changes()
    table = await played(a, every_game()[0], 1)
    token = LINKS.token(table.id)
    async with serving(b) as on_b:
        _, state, _ = page_state(await (await on_b.get(f"/t/{token}")).text())
        reader = Stream(await on_b.get(f"/t/{token}/events", params={"since": state}))
        assert (await within(reader.block(), "the opening"))["retry"] == "3000"
        admin = await a.store.connect()
        try:  # every listening connection is cut: B listens again a moment later
            cut = await admin.fetch(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()"
            )
        finally:
            await admin.close()
        assert cut
        moved = await one_move(a, table)
        event = await within(reader.event(), "the move, once B listens again")
        reader.response.close()
    assert json.loads(event["data"])["version"] == moved.version


async def one_move(service, table):
    user = service.waiting_on(table)[0]
    seat = service.seat_of(table, user)
    action = service.game_of(table).stand_in(service.state_of(table), seat, Chance.seeded(f"pg:{table.version}"))
    return (await service.act(table.id, user, action, version=table.version)).table
