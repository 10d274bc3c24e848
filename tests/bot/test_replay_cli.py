"""`python -m bot replay TABLE [--db PATH]`: a finished table replayed from its log and printed."""

import json
import sqlite3

from bot.cli.terminal import plain
from bot.store.sqlite import Store
from bot.tables.moderation import Moderation
from bot.tables.service import TableService
from engine import Chance
from tests.registry import GAMES, a_game

from .test_cli import run_cli

MOD = 900
GAME = a_game(seats=2, secret=True)  # two players, each told something the replay must not print


async def finished_with_a_rollback(path) -> tuple[int, list[str], list[str]]:
    """A two-player game played to its end, with a rollback on the way; returns its id, every
    private text sent and every move's public text."""
    store = await Store.open(path)
    service = TableService(store)
    table = await service.create(guild_id=1, channel_id=1, host_id=100, game=GAME, seed="cli")
    await service.join(table.id, 101)
    update = await service.start(table.id, 100)
    private, public, n = [], list(update.public), 0
    table = update.table
    while table.status == "running":
        if n == 10:
            update = await Moderation(service).rollback(table.id, MOD, 3, moderator=True)
        else:
            user = service.waiting_on(table)[0]
            action = GAMES[GAME].stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(n)))
            update = await service.act(table.id, user, action)
        private += [text for texts in update.private.values() for text in texts]
        public += update.public if n != 10 else []  # the log tells a rollback in its own words
        table, n = update.table, n + 1
    await store.close()
    return table.id, private, public


async def test_a_finished_table_prints_its_public_history_then_its_outcome(tmp_path):
    db = tmp_path / "bot.sqlite3"
    table_id, private, public = await finished_with_a_rollback(db)
    result = run_cli("replay", str(table_id), "--db", str(db), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"Table {table_id}: {GAMES[GAME].title}, finished, " + lines[0].split(", ")[-1]
    assert any(line.startswith("#") and "rolled back the last 3 moves" in line for line in lines)
    assert any("🏆 Winner" in line for line in lines)
    assert lines[-1] == "The replay gives exactly the stored state."
    body = "\n".join(lines)
    for text in public[2:]:  # every public event after the start's greeting and hint, as a terminal shows it
        assert plain(text) in body
    assert "**" not in body  # no Markdown
    assert private and not [text for text in private if plain(text) in body]


async def test_a_missing_table_a_missing_file_and_a_changed_state_are_told(tmp_path):
    db = tmp_path / "bot.sqlite3"
    table_id, _, _ = await finished_with_a_rollback(db)
    missing = run_cli("replay", "999", "--db", str(db), cwd=tmp_path)
    assert missing.returncode == 2 and "There is no table 999" in missing.stdout
    nofile = run_cli("replay", "1", "--db", str(tmp_path / "nope.sqlite3"), cwd=tmp_path)
    assert nofile.returncode == 2 and "There is no database" in nofile.stdout
    assert not (tmp_path / "nope.sqlite3").exists()

    with sqlite3.connect(db) as connection:
        state = json.loads(connection.execute("SELECT state FROM tables WHERE id = ?", (table_id,)).fetchone()[0])
        state["turn"] = state.get("turn", 0) + 1
        connection.execute("UPDATE tables SET state = ? WHERE id = ?", (json.dumps(state), table_id))
    changed = run_cli("replay", str(table_id), "--db", str(db), cwd=tmp_path)
    assert changed.returncode == 1 and "Problem: replaying the log does not give the stored state" in changed.stdout


def test_help_lists_replay(tmp_path):
    assert "replay" in run_cli("--help", cwd=tmp_path).stdout
