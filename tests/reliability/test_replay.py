"""bot.tables.replay: a table's seed and log rebuild its state, and any disagreement is reported."""

from bot.store.sqlite import Store
from bot.tables import replay
from bot.tables.service import TableService
from engine import Chance
from tests.registry import GAMES, a_game

PLAYERS = [100, 101, 102, 103, 104]
GAME = a_game(seats=len(PLAYERS))  # any game that seats them all: stand-ins play it


async def played_table(service: TableService, moves: int) -> list:
    """The table as each of `moves` stand-in moves left it, from its start."""
    table = await service.create(guild_id=1, channel_id=1, host_id=PLAYERS[0], game=GAME, seed="replay")
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    tables = [(await service.start(table.id, PLAYERS[0])).table]
    game = GAMES[GAME]
    for n in range(moves):
        table = tables[-1]
        user = service.waiting_on(table)[0]
        action = game.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(n)))
        tables.append((await service.act(table.id, user, action)).table)
    return tables


async def test_a_log_replays_to_the_stored_state_and_tampering_shows(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    *_, earlier, table = await played_table(service, 30)
    result = await replay.replay_table(store, table.id)
    assert result.ok and result.state == service.state_of(table)

    log = await store.actions(table.id)
    changed = table.model_copy(update={"state": earlier.state})  # a true state, but not the log's last
    assert replay.check(GAMES[GAME], changed, log).problems == ["replaying the log does not give the stored state"]
    assert "version" in replay.check(GAMES[GAME], table, log[:-1]).problems[0]
    moves = [row for row in log if row.kind == "move"]
    swapped = [
        row if row is not moves[0] else row.model_copy(update={"seat": (row.seat + 1) % len(PLAYERS)}) for row in log
    ]
    assert any(
        "refused" in problem or "stored state" in problem
        for problem in replay.check(GAMES[GAME], table, swapped).problems
    )
    await store.close()


async def test_a_table_in_the_lobby_replays_to_nothing(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store)
    table = await service.create(guild_id=1, channel_id=1, host_id=PLAYERS[0], game=GAME, seed="lobby")
    await service.join(table.id, PLAYERS[1])
    result = await replay.replay_table(store, table.id)
    assert result.ok and result.state is None
    await store.close()
