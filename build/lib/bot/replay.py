"""Rebuild a table's game from its seed and its action log, and compare it with the stored state.

The log holds every versioned save of a table, one row each, so a row's `seq` is the table's
version after it. Set-up runs at the "start" row with the table's set-up chance; each "move" row
goes back through the referee with the chance the table had for that seq. A "rollback" row
({"moves": N}) takes back the last N moves still standing: the game is played again from its
set-up without them (each kept move with its own seq's chance, so it gives the same position as
before). Other rows (joins, kicks, pauses, the end) do not touch the game. A correct store replays
to exactly its stored state; the log itself is never rewritten.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pydantic import BaseModel

from engine import GAMES, Game, RuleError, Step, referee

from .service import chance_for
from .store import ActionRecord, Store, TableRecord

MODERATOR_KINDS = ("kick", "replace", "pause", "resume", "skip", "rollback", "end")


class ReplayError(Exception):
    """The log cannot be replayed (a move before the start, a move the rules refuse...)."""


def _rolled_back(table: TableRecord, row: ActionRecord, standing: int) -> int:
    count = row.action.get("moves")
    if not isinstance(count, int) or not 0 < count <= standing:
        raise ReplayError(f"table {table.id}: the rollback at seq {row.seq} takes back {count!r} moves "
                          f"of {standing}")
    return count


def kept_moves(table: TableRecord, log: list[ActionRecord]) -> list[ActionRecord]:
    """The move rows still standing after every rollback in `log`, in order."""
    kept: list[ActionRecord] = []
    for row in log:
        if row.kind == "start":
            kept = []
        elif row.kind == "move":
            kept.append(row)
        elif row.kind == "rollback":
            del kept[len(kept) - _rolled_back(table, row, len(kept)):]
    return kept


def _play(game: Game, table: TableRecord, state: BaseModel, row: ActionRecord) -> Step:
    try:
        return referee.play(game, state, row.seat, row.action, chance_for(table, row.seq))
    except RuleError as error:
        raise ReplayError(f"table {table.id}: the move at seq {row.seq} is refused: {error}") from None


def rebuild(game: Game, table: TableRecord, log: list[ActionRecord],
            on_move: Callable[[ActionRecord, Step], None] | None = None) -> BaseModel | None:
    """The game state after every row of `log` (None if the table never started). `on_move` sees
    each move row's step once, as it was first played."""
    state = start = None
    kept: list[ActionRecord] = []
    for row in log:
        if row.kind == "start":
            options = game.Options.model_validate(table.options)
            state = start = game.setup(row.action["seats"], options, chance_for(table, "setup"))
            kept = []
        elif row.kind == "move":
            if state is None:
                raise ReplayError(f"table {table.id}: a move at seq {row.seq} before the start")
            step = _play(game, table, state, row)
            state = step.state
            kept.append(row)
            if on_move is not None:
                on_move(row, step)
        elif row.kind == "rollback":
            if start is None:
                raise ReplayError(f"table {table.id}: a rollback at seq {row.seq} before the start")
            del kept[len(kept) - _rolled_back(table, row, len(kept)):]
            state = start  # apply never changes its input: the set-up state can be played again
            for move in kept:
                state = _play(game, table, state, move).state
    return state


# --- the public history ----------------------------------------------------------------------------

@dataclass
class Entry:
    row: ActionRecord
    texts: list[str]  # public texts only: a move's public events, or what a table note did

    @property
    def moderator(self) -> bool:
        return self.row.kind in MODERATOR_KINDS


def _who(user: int | None, nobody: str = "a moderator") -> str:
    return f"<@{user}>" if user is not None else nobody


def describe(row: ActionRecord) -> str:
    """A log row other than a move, as one public line."""
    action, actor = row.action, row.actor_id
    if row.kind == "start":
        return f"🎲 The game begins with {action.get('seats', '?')} players."
    if row.kind in ("join", "leave"):
        return f"{_who(actor, 'someone')} {row.kind}s the table."
    if row.kind == "kick":
        return f"🛡️ {_who(actor)} removed {_who(action.get('user'), 'a player')}."
    if row.kind == "replace":
        was = _who(action.get("from"), "a stand-in")
        return f"🛡️ {_who(actor)} handed seat {(row.seat or 0) + 1} from {was} to {_who(action.get('to'), 'a stand-in')}."
    if row.kind == "pause":
        return f"🛡️ ⏸️ {_who(actor)} paused the table."
    if row.kind == "resume":
        return f"🛡️ ▶️ {_who(actor)} resumed the table."
    if row.kind == "skip":
        skipped = ", ".join(_who(user, "a stand-in") for user in action.get("users", [])) or "nobody"
        return f"🛡️ ⏭️ {_who(actor)} skipped {skipped}: the default move is played."
    if row.kind == "rollback":
        moves = action.get("moves")
        return f"🛡️ ↩️ {_who(actor)} rolled back the last {moves} move{'s' if moves != 1 else ''}."
    if row.kind == "end":
        return f"🛑 The table was ended by {_who(actor)}."
    return f"📝 {row.kind.replace('_', ' ')}" + (f" by <@{actor}>" if actor is not None else "") + "."


def history(game: Game, table: TableRecord, log: list[ActionRecord]) -> list[Entry]:
    """Every row of the log with its public texts, in order (a move without public events, such
    as a secret vote, has none). Private events never appear here."""
    public: dict[int, list[str]] = {}
    rebuild(game, table, log, on_move=lambda row, step: public.__setitem__(
        row.seq, [event.text for event in step.events if event.to is None]))
    return [Entry(row, public.get(row.seq, []) if row.kind == "move" else [describe(row)]) for row in log]


# --- checking --------------------------------------------------------------------------------------

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
