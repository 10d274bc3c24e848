"""Rebuild a table's game from its seed and its action log, and compare it with the stored state.

The log holds every versioned save of a table, one row each, so a row's `seq` is the table's
version after it. Set-up runs at the "start" row with the table's set-up chance; each "move" row
goes back through the referee with the chance the table had for that seq. Other rows (joins,
kicks, the end) do not touch the game. A correct store replays to exactly its stored state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from engine import GAMES, Game, RuleError, referee

from .service import chance_for
from .store import ActionRecord, Store, TableRecord


class ReplayError(Exception):
    """The log cannot be replayed (a move before the start, a move the rules refuse...)."""


def rebuild(game: Game, table: TableRecord, log: list[ActionRecord]) -> BaseModel | None:
    """The game state after every row of `log` (None if the table never started)."""
    state = None
    for row in log:
        if row.kind == "start":
            options = game.Options.model_validate(table.options)
            state = game.setup(row.action["seats"], options, chance_for(table, "setup"))
        elif row.kind == "move":
            if state is None:
                raise ReplayError(f"table {table.id}: a move at seq {row.seq} before the start")
            try:
                state = referee.play(game, state, row.seat, row.action, chance_for(table, row.seq)).state
            except RuleError as error:
                raise ReplayError(f"table {table.id}: the move at seq {row.seq} is refused: {error}") from None
    return state


@dataclass
class Replay:
    table: TableRecord
    state: BaseModel | None  # the replayed state
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check(game: Game, table: TableRecord, log: list[ActionRecord]) -> Replay:
    """Replay `log` and list every way the table disagrees with it."""
    problems = []
    seqs = [row.seq for row in log]
    if seqs != list(range(1, len(log) + 1)):
        problems.append("the log's seq numbers are not 1, 2, 3...")
    if len(log) != table.version:
        problems.append(f"the table is at version {table.version} but its log has {len(log)} rows")
    try:
        state = rebuild(game, table, log)
    except ReplayError as error:
        return Replay(table, None, problems + [str(error)])
    if state is None:
        if table.state is not None:
            problems.append("the table has a state but its log never starts it")
    elif table.state is None:
        problems.append("the log starts the game but the table has no state")
    elif game.State.model_validate_json(table.state) != state:
        problems.append("replaying the log does not give the stored state")
    return Replay(table, state, problems)


async def replay_table(store: Store, table_id: int, games: dict[str, Game] = GAMES) -> Replay:
    table = await store.get_table(table_id)
    if table is None:
        raise ReplayError(f"there is no table {table_id}")
    return check(games[table.game], table, await store.actions(table_id))
