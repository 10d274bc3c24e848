"""The web page shows nothing a seat hides, for every game: a second table with the same public
history but every secret dealt again (`Game.shuffle_secrets`, as tests/reliability/test_leaks.py
uses it) gets the same page, the same picture, the same record answer, the same live event and the
same replay steps (pages and pictures), byte for byte. That each step is the board as it was then,
not a later one, is tests/web/test_steps.py's."""

from __future__ import annotations

import shutil

import pytest

from bot.store.sqlite import Store
from bot.tables.service import TableService
from engine import Chance
from tests.registry import GAMES, every_game, games_with

from .helpers import LINKS, Stream, played, serving, within

MOVES = 6
TRIES = 10  # deals tried until one differs from the table's own


async def answers(service: TableService, table_id: int) -> list[tuple[int, bytes]]:
    """The page, its picture and the record answer, then every step of the replay and its picture
    (and the 404 past the last)."""
    token = LINKS.token(table_id)
    steps = [f"/t/{token}/step/{n}{picture}" for n in range(MOVES + 2) for picture in ("", "/board.jpg")]
    async with serving(service) as client:
        found = []
        for path in (f"/t/{token}", f"/t/{token}/board.jpg", f"/t/{token}/record.json", *steps):
            answer = await client.get(path)
            found.append((answer.status, await answer.read()))
        async with client.get(f"/t/{token}/events") as answer:  # the table now, as its first event
            stream = Stream(answer)
            await within(stream.event(), "the table's event")
            found.append((answer.status, b"".join(stream.raw)))
    return found


@pytest.mark.parametrize("key", every_game())
async def test_secrets_dealt_otherwise_change_nothing_on_the_web(key, tmp_path):
    game = GAMES[key]
    first = tmp_path / "first.sqlite3"
    store = await Store.open(first)
    try:
        service = TableService(store)
        table = await played(service, key, MOVES, seed=f"secrets:{key}")
        state = service.state_of(table)
        mine = await answers(service, table.id)
    finally:
        await store.close()
    assert table.status == "running", f"{key} ended within {MOVES} moves: play fewer"
    steps_then = 3 + 2 * (MOVES + 1)
    assert [status for status, _ in mine] == [200, 200, 409] + [200] * 2 * (MOVES + 1) + [404] * 2 + [200]
    assert b"event: table" in mine[steps_then + 2][1]
    dealt = next(
        (
            other
            for n in range(TRIES)
            if (other := game.shuffle_secrets(state, Chance.seeded(f"web:{key}:{n}"), keep=None)) != state
        ),
        state,
    )
    if key in games_with(secret=True):
        assert dealt != state, f"{key} hides something, but no deal of its secrets differs"
    second = tmp_path / "second.sqlite3"
    shutil.copy(first, second)  # the same rows and log: the same public history
    store = await Store.open(second)
    try:
        await store.run_job(
            lambda db: db.execute("UPDATE tables SET state = ? WHERE id = ?", dealt.model_dump_json(), table.id)
        )
        service = TableService(store)
        shadow = await service.get(table.id)
        assert game.State.model_validate_json(shadow.state or "") == dealt
        assert await answers(service, table.id) == mine
    finally:
        await store.close()
