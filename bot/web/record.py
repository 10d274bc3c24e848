"""A finished game's record (`/t/<token>/record.json`, schema in docs/web.md): its seed and
options, the seats' names, the public log and the outcome, from public data only."""

from __future__ import annotations

from typing import Any

from bot.web.public import PublicTable
from bot.web.text import utc_iso

FORMAT = "philosophers-table/record"
FORMAT_VERSION = 1


def record(table: PublicTable) -> dict[str, Any]:
    """The record of a finished game (the caller checks `table.status`)."""
    result = table.result
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "table": table.id,
        "game": table.game,
        "title": table.title,
        "status": table.status,
        "seed": table.seed,
        "options": table.options,
        "seats": [seat.name for seat in table.seats],
        "log": [
            {"seq": line.seq, "at": utc_iso(line.at), "kind": line.kind, "moderator": line.moderator, "text": line.text}
            for line in table.log
        ],
        "outcome": None
        if result is None
        else {
            "winners": list(result.winners),
            "winner_names": [table.seats[seat].name for seat in result.winners if seat < len(table.seats)],
            "reason": result.reason,
        },
    }


def not_finished(table: PublicTable) -> dict[str, Any]:
    """The answer for a game that has no record yet."""
    return {"error": "not finished", "status": table.status}
