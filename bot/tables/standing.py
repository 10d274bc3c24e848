"""Which moves of a table's log still stand after its rollbacks and take-backs: a "rollback" row
({"moves": N}) takes back the last N moves still standing, a "takeback" row ({"seq": S}) the last
one, which must be the move logged at S. Read by the replay, the seat history, the summary and
the ratings, without replaying the game.
"""

from __future__ import annotations

from bot.store.records import ActionRecord, TableRecord
from bot.tables.log_kinds import kind_of


class ReplayError(Exception):
    """The log cannot be replayed (a move before the start, a move the rules refuse...)."""


def rolled_back(table: TableRecord, row: ActionRecord, standing: int) -> int:
    count = row.action.get("moves")
    if not isinstance(count, int) or not 0 < count <= standing:
        raise ReplayError(f"table {table.id}: the rollback at seq {row.seq} takes back {count!r} moves of {standing}")
    return count


def undone(table: TableRecord, row: ActionRecord, kept: list[ActionRecord]) -> int:
    """How many of the moves still standing (`kept`) a "rollback" or "takeback" row takes back."""
    if row.kind == "rollback":
        return rolled_back(table, row, len(kept))
    if not kept or kept[-1].seq != row.action.get("seq"):
        raise ReplayError(
            f"table {table.id}: the take-back at seq {row.seq} names the move at "
            f"{row.action.get('seq')!r}, not the last one standing"
        )
    return 1


def kept_moves(table: TableRecord, log: list[ActionRecord]) -> list[ActionRecord]:
    """The move rows still standing after every rollback in `log`, in order."""
    kept: list[ActionRecord] = []
    for row in log:
        if row.kind == "start":
            kept = []
        elif row.kind == "move":
            kept.append(row)
        elif (kind := kind_of(row)) is not None and kind.undoes:
            del kept[len(kept) - undone(table, row, kept) :]
    return kept
