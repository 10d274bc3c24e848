"""bot.replay: a table's seed and log rebuild its state, and any disagreement is reported."""
import json

from bot import replay
from bot.service import TableService
from bot.store import Store
from engine import GAMES, Chance

PLAYERS = [100, 101, 102, 103, 104]


async def played_table(service: TableService, moves: int):
    table = await service.create(guild_id=1, channel_id=1, host_id=PLAYERS[0], game="ostrakon", seed="replay")
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, PLAYERS[0])).table
    game = GAMES["ostrakon"]
    for n in range(moves):
        user = service.waiting_on(table)[0]
        action = game.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(n)))
        table = (await service.act(table.id, user, action)).table
    return table


async def test_a_log_replays_to_the_stored_state_and_tampering_shows(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await played_table(service, 30)
    result = await replay.replay_table(store, table.id)
    assert result.ok and result.state == service.state_of(table)

    log = await store.actions(table.id)
    other = json.loads(table.state)
    other["day"] += 1
    changed = table.model_copy(update={"state": json.dumps(other)})
    assert replay.check(GAMES["ostrakon"], changed, log).problems == ["replaying the log does not give the stored state"]
    assert "version" in replay.check(GAMES["ostrakon"], table, log[:-1]).problems[0]
    moves = [row for row in log if row.kind == "move"]
    swapped = [row if row is not moves[0] else row.model_copy(update={"seat": (row.seat + 1) % 5}) for row in log]
    assert any("refused" in problem or "stored state" in problem
               for problem in replay.check(GAMES["ostrakon"], table, swapped).problems)
    await store.close()


async def test_a_table_in_the_lobby_replays_to_nothing(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await service.create(guild_id=1, channel_id=1, host_id=PLAYERS[0], game="ostrakon", seed="lobby")
    await service.join(table.id, PLAYERS[1])
    result = await replay.replay_table(store, table.id)
    assert result.ok and result.state is None
    await store.close()
