"""The hand-over queue on a real PostgreSQL server (bot/discord_app/handovers.py): a press offered
to a shard is taken once, by a process of that shard, in order, with its age on the database's
clock; one nobody took is withdrawn by its receiver; a notification tells the owner. And discord.py
still reads interactions through the parser the receiver wraps."""

from __future__ import annotations

import asyncio
import inspect

import discord
import pytest

from bot.discord_app.handovers import channel_of, offer, take, withdraw
from bot.store.opening import open_store
from bot.tables.ownership import Ownership

pytestmark = pytest.mark.stores("postgres")
SHARD_1 = Ownership(frozenset({1}), 2)
SHARD_0 = Ownership(frozenset({0}), 2)


@pytest.fixture
async def store(store_target):
    store = await open_store(store_target)
    yield store
    await store.close()


async def test_a_press_is_taken_once_by_its_shard_in_order(store):
    first = await store.in_transaction(lambda db: offer(db, 1, '{"n": 1}'))
    await store.in_transaction(lambda db: offer(db, 1, '{"n": 2}'))
    await store.in_transaction(lambda db: offer(db, 0, '{"n": 0}'))
    taken = await store.in_transaction(lambda db: take(db, SHARD_1))
    assert [text for text, _ in taken] == ['{"n": 1}', '{"n": 2}']
    assert all(0 <= age < 5 for _, age in taken)
    assert await store.in_transaction(lambda db: take(db, SHARD_1)) == []  # taken once
    assert not await store.in_transaction(lambda db: withdraw(db, first))  # too late to take it back
    assert [text for text, _ in await store.in_transaction(lambda db: take(db, SHARD_0))] == ['{"n": 0}']


async def test_a_press_nobody_took_is_withdrawn_and_never_run(store):
    handover = await store.in_transaction(lambda db: offer(db, 1, "{}"))
    assert await store.in_transaction(lambda db: withdraw(db, handover))
    assert await store.in_transaction(lambda db: take(db, SHARD_1)) == []


async def test_two_takers_at_once_share_the_presses_without_doubles(store_target, store):
    for n in range(40):
        await store.in_transaction(lambda db, n=n: offer(db, 1, f'{{"n": {n}}}'))
    other = await open_store(store_target)
    try:
        a, b = await asyncio.gather(
            store.in_transaction(lambda db: take(db, SHARD_1)), other.in_transaction(lambda db: take(db, SHARD_1))
        )
    finally:
        await other.close()
    assert sorted(text for text, _ in a + b) == sorted(f'{{"n": {n}}}' for n in range(40))


async def test_the_owner_is_notified_when_the_offer_commits(store):
    listener = await store.connect()
    heard = asyncio.Event()
    try:
        await listener.add_listener(channel_of(1), lambda *_: heard.set())
        await store.in_transaction(lambda db: offer(db, 1, "{}"))
        await asyncio.wait_for(heard.wait(), 5)
    finally:
        await listener.close()


def test_discord_py_still_parses_interactions_through_the_wrapped_dict():
    """Handovers.install replaces parsers["INTERACTION_CREATE"] of the client's connection state;
    that works only while the gateway looks parsers up in that same dict, event by event."""
    source = inspect.getsource(discord.gateway.DiscordWebSocket)
    assert "ws._discord_parsers = client._connection.parsers" in source
    assert "func = self._discord_parsers[event]" in source
    state = discord.Client(intents=discord.Intents.none())._connection
    assert state.parsers["INTERACTION_CREATE"].__func__ is type(state).parse_interaction_create
