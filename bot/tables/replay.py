"""Rebuild a table's game from its seed and its action log, and compare it with the stored state.

The log holds every versioned save of a table, one row each, so a row's `seq` is the table's
version after it. Set-up runs at the "start" row with the table's set-up chance; each "move" row
goes back through the referee with the chance the table had for that seq. A "rollback" row
({"moves": N}) takes back the last N moves still standing: the game is played again from its
set-up without them (each kept move with its own seq's chance, so it gives the same position as
before); a "takeback" row ({"seq": S}) takes back the last move, logged at S, the same way. Other
rows (joins, kicks, pauses, the end) do not touch the game. A correct store replays to exactly its
stored state; the log itself is never rewritten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

from bot.clock.scheduler import CLOCK
from bot.games import games as registered
from bot.store.base import TableStore
from bot.store.records import ActionRecord, TableRecord
from bot.tables.log_kinds import RowKind, kind_of
from bot.tables.service import chance_for

# ReplayError and kept_moves: read from here too
from bot.tables.standing import ReplayError as ReplayError
from bot.tables.standing import kept_moves as kept_moves
from bot.tables.standing import undone
from engine import AnyGame, RuleError, Step, referee


def _play(game: AnyGame, table: TableRecord, state: BaseModel, row: ActionRecord) -> Step:
    if row.seat is None:
        raise ReplayError(f"table {table.id}: the move at seq {row.seq} names no seat")
    try:
        return referee.play(game, state, row.seat, row.action, chance_for(table, row.seq))
    except RuleError as error:
        raise ReplayError(f"table {table.id}: the move at seq {row.seq} is refused: {error}") from None


class Replaying:
    """The game of a table replayed as its log grows (the log is append-only): `feed` plays each new
    row once, so a watched table's history costs a move a move, not the whole game again."""

    def __init__(self, game: AnyGame, table: TableRecord) -> None:
        self.game, self.table = game, table
        self.state: BaseModel | None = None
        self.start: BaseModel | None = None
        self.kept: list[ActionRecord] = []
        self.seq = 0  # the last row fed

    def feed(
        self, rows: list[ActionRecord], on_step: Callable[[ActionRecord, Step], None] | None = None
    ) -> BaseModel | None:
        """The game state after these rows too (None if the table never started). `on_step` sees
        every row that changes the game, once, in order: the start row's step (the set-up state and
        its opening events), each move row's step as it was first played, and each rollback or
        take-back row with the position it leaves (and no events: it tells nothing new of the game)."""
        game, table = self.game, self.table
        for row in rows:
            self.seq = row.seq
            if row.kind == "start":
                options = game.Options.model_validate(table.options)
                self.state = self.start = game.setup(row.action["seats"], options, chance_for(table, "setup"))
                self.kept = []
                if on_step is not None:
                    on_step(row, Step(state=self.start, events=tuple(game.opening(self.start))))
            elif row.kind == "move":
                if self.state is None:
                    raise ReplayError(f"table {table.id}: a move at seq {row.seq} before the start")
                step = _play(game, table, self.state, row)
                self.state = step.state
                self.kept.append(row)
                if on_step is not None:
                    on_step(row, step)
            elif (kind := kind_of(row)) is not None and kind.undoes:
                if self.start is None:
                    raise ReplayError(f"table {table.id}: a {row.kind} at seq {row.seq} before the start")
                del self.kept[len(self.kept) - undone(table, row, self.kept) :]
                state = self.start  # apply never changes its input: the set-up state can be played again
                for move in self.kept:
                    state = _play(game, table, state, move).state
                self.state = state
                if on_step is not None:
                    on_step(row, Step(state=state))
        return self.state


def rebuild(
    game: AnyGame,
    table: TableRecord,
    log: list[ActionRecord],
    on_step: Callable[[ActionRecord, Step], None] | None = None,
) -> BaseModel | None:
    """The game state after every row of `log` (`Replaying.feed`, at once)."""
    return Replaying(game, table).feed(log, on_step)


def changes_game(row: ActionRecord) -> bool:
    """Whether `rebuild` shows the row to `on_step`: the start, a move, a rollback or take-back."""
    kind = kind_of(row)
    return kind is not None and (kind in (RowKind.START, RowKind.MOVE) or kind.undoes)


def public_positions(game: AnyGame, table: TableRecord, log: list[ActionRecord]) -> list[tuple[int, dict[str, Any]]]:
    """Every position the game stood in, in order, as its public board showed it: (the row's seq,
    `Game.view(state, None)`) after the start row (the set-up), after each move row as it was first
    played, and after each row that took moves back. Only the public view of each leaves here, so a
    position never shows what was hidden then, nor what a later move revealed."""
    found: list[tuple[int, dict[str, Any]]] = []
    rebuild(game, table, log, on_step=lambda row, step: found.append((row.seq, game.view(step.state, None))))
    return found


# --- the public history ----------------------------------------------------------------------------


@dataclass
class Entry:
    row: ActionRecord
    texts: list[str]  # public texts only: a move's public events, or what a table note did

    @property
    def moderator(self) -> bool:
        kind = kind_of(self.row)
        return kind is not None and kind.moderator


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
        return (
            f"🛡️ {_who(actor)} handed seat {(row.seat or 0) + 1} from {was} to {_who(action.get('to'), 'a stand-in')}."
        )
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
    if row.kind == "takeback":
        return f"↩️ {_who(actor, 'a player')} took back their move."
    if row.kind == "end":
        return f"🛑 The table was ended by {_who(actor)}."
    seat = f"seat {(row.seat or 0) + 1}"
    if row.kind == "away":
        misses = action.get("misses", 1)
        missed = f"{misses} deadlines in a row" if isinstance(misses, int) and misses > 1 else "a deadline"
        return f"🤖 {_who(action.get('user'), 'a player')} missed {missed}: a stand-in plays {seat}."
    if row.kind == "back":
        return f"👋 {_who(actor, 'a player')} is back and plays {seat} again."
    if row.kind == "substitute":
        return f"🔁 {_who(action.get('to'), 'someone')} takes over {seat} from a stand-in."
    return f"📝 {row.kind.replace('_', ' ')}" + (f" by <@{actor}>" if actor is not None else "") + "."


def marks(log: list[ActionRecord]) -> dict[int, str]:
    """seq -> who played a move row, for the moves its seat's player did not make: the clock's
    (actor `CLOCK`), a stand-in's (actor None) and a moderator's `/table skip` (the move rows right
    after a "skip" row, one per skipped seat, whose actor is the moderator)."""
    found: dict[int, str] = {}
    skipped: set[int] = set()
    skipper = None
    for row in log:
        if row.kind == "skip":
            skipper, skipped = row.actor_id, set(row.action.get("seats", []))
            continue
        if row.kind == "move" and skipper is not None and row.actor_id == skipper and row.seat in skipped:
            skipped.discard(row.seat)
            found[row.seq] = f"⏭️ (skipped by {_who(skipper)})"
            continue
        skipper = None
        if row.kind == "move" and row.actor_id == CLOCK:
            found[row.seq] = "⏰ (clock)"
        elif row.kind == "move" and row.actor_id is None:
            found[row.seq] = "🤖 (stand-in)"
    return found


def _seat_name(names: object, seat: int | None) -> str:
    seat = seat or 0
    return str(names[seat]) if isinstance(names, list) and seat < len(names) else f"seat {seat + 1}"


class History:
    """A table's public history (`history`) kept as its log grows: each new row is replayed once."""

    def __init__(self, game: AnyGame, table: TableRecord) -> None:
        self.replaying = Replaying(game, table)
        self.log: list[ActionRecord] = []
        self.entries: list[Entry] = []
        self._public: dict[int, list[str]] = {}

    def extend(self, rows: list[ActionRecord]) -> list[Entry]:
        """Every entry, after the log's new `rows` (those after `self.replaying.seq`, in order)."""
        public = self._public
        state = self.replaying.feed(
            rows,
            on_step=lambda row, step: public.__setitem__(
                row.seq, [event.text for event in step.events if event.to is None]
            ),
        )
        self.log += rows
        names = self.replaying.game.view(state, None)["names"] if state is not None else None
        marked = marks(self.log)  # a row's mark looks back only: the new rows' are all that can be new
        for row in rows:
            if row.kind != "move":
                self.entries.append(Entry(row, [describe(row), *public.get(row.seq, [])]))
                continue
            texts, mark = list(public.get(row.seq, [])), marked.get(row.seq)
            if mark and texts:
                texts[0] = f"{mark} {texts[0]}"
            elif mark and row.actor_id is not None:  # the clock's or a skip's secret move
                texts = [f"{mark} a hidden move for {_seat_name(names, row.seat)}"]
            self.entries.append(Entry(row, texts))
        return self.entries


def history(game: AnyGame, table: TableRecord, log: list[ActionRecord]) -> list[Entry]:
    """Every row of the log with its public texts, in order. Private events never appear here. The
    start says what the set-up shows (the game's opening). A move its seat's player did not make is
    marked (`marks`) on its first line; a move without public events (a secret vote) has no line,
    unless the clock or a moderator's skip played it for a player, which is public anyway (the
    channel was told), and then the line names only the seat."""
    return list(History(game, table).extend(log))


# --- checking --------------------------------------------------------------------------------------


@dataclass
class Replay:
    table: TableRecord
    state: BaseModel | None  # the replayed state
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check(game: AnyGame, table: TableRecord, log: list[ActionRecord]) -> Replay:
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


async def replay_table(store: TableStore, table_id: int, games: Mapping[str, AnyGame] | None = None) -> Replay:
    """Replay a stored table; its game from `games`, else the bot's registry."""
    games = registered() if games is None else games
    table = await store.get_table(table_id)
    if table is None:
        raise ReplayError(f"there is no table {table_id}")
    return check(games[table.game], table, await store.actions(table_id))
