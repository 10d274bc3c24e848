"""`python -m bot replay TABLE`: a table replayed from its log, its public history and outcome printed.

It reads both the replay (history, check) and the end-of-game summary (the outcome line), so it
lives above both of them: the summary itself counts the moves the replay keeps.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Callable

from bot.cli.terminal import plain
from bot.games import games as registered
from bot.ratings.summary import outcome_line
from bot.store.opening import is_database_url, open_store
from bot.store.pgsql import shown
from bot.tables.replay import check, history, kept_moves
from bot.tables.seats import seat_history
from engine import AnyGame


async def print_replay(
    db_path: str | Path,
    table_id: int,
    out: Callable[[str], object] = print,
    games: Mapping[str, AnyGame] | None = None,
) -> int:
    """Replay a table from its log and print its public history, then the outcome. 0 if the
    replay gives the stored state, 1 if not (each disagreement is printed), 2 if there is no such
    table. Its game is looked up in `games`, else in the bot's registry."""
    games = registered() if games is None else games
    if not is_database_url(str(db_path)) and not Path(db_path).is_file():
        out(f"There is no database at {db_path}.")
        return 2
    store = await open_store(db_path)
    try:
        table = await store.get_table(table_id)
        if table is None:
            out(f"There is no table {table_id} in {shown(str(db_path))}.")
            return 2
        game, log = games[table.game], await store.actions(table_id)
    finally:
        await store.close()
    out(f"Table {table.id}: {game.title}, {table.status}, {len(log)} log rows.")
    result = check(game, table, log)
    if result.state is not None or not result.problems:
        for entry in history(game, table, log):
            for text in entry.texts:
                out(f"#{entry.row.seq} {plain(text)}")
    if result.state is not None:
        outcome = game.outcome(result.state)
        moves = len(kept_moves(table, log))
        out(plain(outcome_line(game, table, result.state, outcome, moves, seat_history(table, log))))
    for problem in result.problems:
        out(f"Problem: {problem}")
    if result.ok:
        out("The replay gives exactly the stored state.")
    return 0 if result.ok else 1
