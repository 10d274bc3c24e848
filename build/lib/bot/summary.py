"""The end of a game: who won, how long it took, and what was hidden until now.

The reveal shows, for every seat, what its own final view says that the public view does not
(the lines of the seat's text missing from the public text: a hand, secret tokens...), unless the
game provides `reveal(state, seat) -> str` itself.
"""
from __future__ import annotations

from pydantic import BaseModel

from engine import Game, Outcome

from . import render
from .replay import kept_moves
from .store import ActionRecord, TableRecord


def seat_label(table: TableRecord, seat: int, names: list | None = None) -> str:
    user = table.seats[seat] if 0 <= seat < len(table.seats) else None
    who = "🤖 stand-in" if user is None else f"<@{user}>"
    if isinstance(names, list) and 0 <= seat < len(names):
        return f"{who} ({names[seat]})"
    return f"{who} (seat {seat + 1})"


def names_of(game: Game, state: BaseModel) -> list | None:
    names = game.view(state, None).get("names")
    return names if isinstance(names, list) else None


def outcome_line(game: Game, table: TableRecord, state: BaseModel, outcome: Outcome | None, moves: int) -> str:
    played = f"{moves} move{'s' if moves != 1 else ''}"
    if outcome is None:
        return f"The game was ended before its finish, after {played}."
    names = names_of(game, state)
    winners = [seat_label(table, seat, names) for seat in outcome.winners]
    if not winners:
        return f"🏁 No player wins: {outcome.reason} ({played})."
    head = "🏆 Winner" + ("s" if len(winners) > 1 else "")
    return f"{head}: {', '.join(winners)}. {outcome.reason} ({played})."


def duration_text(seconds: float) -> str:
    """"3 days 4 h", "2 h 5 min", "45 s": the two largest units."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{days} day{'s' if days != 1 else ''}" if days else "", f"{hours} h" if hours else "",
             f"{minutes} min" if minutes else ""]
    return " ".join([part for part in parts if part][:2]) or f"{seconds} s"


def reveal_lines(game: Game, table: TableRecord, state: BaseModel) -> list[str]:
    """What each seat kept hidden, one entry per seat that had anything hidden."""
    names = names_of(game, state)
    custom = getattr(game, "reveal", None)
    public = set(render.render_text(table.game, game.view(state, None)).splitlines())
    lines = []
    for seat in range(len(table.seats)):
        if custom is not None:
            hidden = custom(state, seat)
        else:
            own = render.render_text(table.game, game.view(state, seat)).splitlines()
            hidden = "\n".join(line for line in own if line.strip() and line not in public)
        if hidden:
            lines.append(f"**{seat_label(table, seat, names)}**\n{hidden}")
    return lines


def summary_lines(game: Game, table: TableRecord, state: BaseModel, log: list[ActionRecord]) -> list[str]:
    """The summary posted when a table finishes or is ended: outcome, length, the reveal."""
    started = next((row.at for row in log if row.kind == "start"), table.created_at)
    finished = log[-1].at if log else table.updated_at
    moves = len(kept_moves(table, log))
    word = "finished" if table.status == "finished" else "ended"
    lines = [f"🏁 **{game.title}** {word} after {duration_text(finished - started)} of play.",
             outcome_line(game, table, state, game.outcome(state), moves)]
    hidden = reveal_lines(game, table, state)
    if hidden:
        lines.append("🔓 **What was hidden:**")
        lines += hidden
    return lines
