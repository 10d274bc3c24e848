"""A game's opening (what its set-up shows) is told at the start: publicly in the channel, each
player's dealt cards by DM to that player alone; the replay's history tells the same public lines;
the command-line demo prints no Markdown. Checked on every game from its own opening (a game's
texts: tests/bot/test_<package>_opening.py)."""

import asyncio

import pytest

from bot.cli.demo import play_demo
from bot.store.outbox import read_owed
from bot.store.sqlite import Store
from bot.tables.replay import history
from bot.tables.service import TableService
from tests.registry import GAMES, every_game

PLAYERS = [100, 101, 102]


async def started(tmp_path, game: str, players: list[int] = PLAYERS):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await service.create(guild_id=1, channel_id=1, host_id=players[0], game=game, seed="opening")
    for user in players[1:]:
        await service.join(table.id, user)
    return store, service, await service.start(table.id, players[0])


@pytest.mark.parametrize("key", every_game())
async def test_the_start_tells_the_opening_publicly_and_each_private_part_to_its_player(tmp_path, key):
    game = GAMES[key]
    store, service, update = await started(tmp_path, key, [100 + n for n in range(game.min_seats)])
    try:
        events = game.opening(service.state_of(update.table))
        public = [event.text for event in events if event.to is None]
        private = {
            user: [event.text for event in events if event.to == seat] for seat, user in enumerate(update.table.seats)
        }
        secret = {text for texts in private.values() for text in texts}
        told = await read_owed(store, update.table.id)
        assert all(text in update.public and text in told.public for text in public)
        for user, texts in private.items():
            assert update.private.get(user, []) == texts and told.private.get(user, []) == texts
        assert not secret & set(told.public)

        log = await store.actions(update.table.id)
        start = next(entry for entry in history(game, update.table, log) if entry.row.kind == "start")
        assert all(text in start.texts for text in public) and not secret & set(start.texts)
    finally:
        await store.close()


@pytest.mark.parametrize("key", every_game())
def test_the_demo_prints_no_markdown(key):
    printed: list[str] = []
    asyncio.run(play_demo(key, GAMES[key].min_seats, 2, out=printed.append))
    lines = "\n".join(printed).split("\n")
    assert not [line for line in lines if "**" in line or "`" in line]
