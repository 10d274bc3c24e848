"""A table's public log on its page is kept as the table's log grows (bot/web/public.py, `Told`;
bot/tables/replay.py, `History`): each new row is replayed once, and the lines are the same as a
history read from the whole log at once, through moves, a rollback and a take-back."""

from __future__ import annotations

import bot.tables.replay
from bot.tables.moderation import Moderation
from bot.web.public import PublicTables
from engine import referee
from tests.registry import every_game

from .helpers import one_move, played

MOD = 99


async def fresh_lines(service, table):
    """The log as a reader that never saw the table before reads it: the whole log replayed at once."""
    return (await PublicTables(service).read(table)).log


async def test_each_change_replays_only_the_new_rows_and_reads_as_the_whole_log(service, monkeypatch):
    key = every_game()[0]
    table = await played(service, key, 2, seed="story")
    tables = PublicTables(service)
    assert (await tables.read(table)).log == await fresh_lines(service, table)
    played_rows: list[int] = []
    real = referee.play

    def counting(game, state, seat, action, chance):
        played_rows.append(seat)
        return real(game, state, seat, action, chance)

    monkeypatch.setattr(bot.tables.replay.referee, "play", counting)
    for number in range(4):
        before = table.version
        table = await one_move(service, table, f"story:{number}")
        played_rows.clear()
        lines = (await tables.read(table)).log
        assert len(played_rows) == table.version - before  # the new rows only, each once
        monkeypatch.setattr(bot.tables.replay.referee, "play", real)
        assert lines == await fresh_lines(service, table)
        monkeypatch.setattr(bot.tables.replay.referee, "play", counting)

    monkeypatch.setattr(bot.tables.replay.referee, "play", real)
    table = (await Moderation(service).rollback(table.id, MOD, 2, moderator=True)).table
    lines = (await tables.read(table)).log
    assert lines == await fresh_lines(service, table)
    assert "rolled back the last 2 moves" in lines[-1].text
    table = await one_move(service, table, "story:after")
    assert (await tables.read(table)).log == await fresh_lines(service, table)


async def test_an_older_version_read_late_is_read_from_its_own_log(service):
    key = every_game()[0]
    old = await played(service, key, 2, seed="late")
    tables = PublicTables(service)
    new = await one_move(service, old, "late:1")
    newer_lines = (await tables.read(new)).log
    older_lines = (await tables.read(old)).log
    assert older_lines == newer_lines[: len(older_lines)] and len(older_lines) < len(newer_lines)
