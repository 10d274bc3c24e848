"""Short texts shared by the cogs and the publisher, kept within Discord's limits."""

from __future__ import annotations

from bot.clock.settings import format_duration
from bot.store.records import TableRecord
from engine import AnyGame

MESSAGE_LIMIT = 2000


def plural(count: int, word: str) -> str:
    """`1 move`, `3 moves`."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def chunk(lines: list[str], limit: int = MESSAGE_LIMIT - 200) -> list[str]:
    """Join lines into as few messages as fit, leaving room for a footer on the last one."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            messages.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        messages.append(current)
    return messages


WAITING = "⏳ Waiting on "  # how a board's waiting line starts (an event may start with ⏳ too)


def stand_in_name(table: TableRecord, seat: int) -> str:
    """How a stand-in's seat reads: `🤖 stand-in`, or `🤖 strong stand-in` where the strong level plays."""
    return "🤖 strong stand-in" if table.level(seat) == "strong" else "🤖 stand-in"


def seat_list(table: TableRecord, names: list[str] | None = None) -> str:
    seats = [stand_in_name(table, seat) if user is None else f"<@{user}>" for seat, user in enumerate(table.seats)]
    if names and len(names) == len(seats):
        seats = [f"{seat} ({name})" for seat, name in zip(seats, names)]
    return ", ".join(seats) or "nobody yet"


def lobby_text(game: AnyGame, table: TableRecord, names: list[str] | None = None, pace: float | None = None) -> str:
    """The lobby message. Once the game begins it stays true for good: who plays whom."""
    if table.status == "ended" and table.state is None:
        return f"**{game.title}** table closed."
    if table.status != "lobby":
        return f"🎲 **{game.title}** has begun. Players: {seat_list(table, names)}"
    count = len(table.seats)
    ranged = game.min_seats != game.max_seats
    takes = f"{game.min_seats}–{game.max_seats} players" if ranged else plural(game.min_seats, "player")
    need = "ready to start" if count >= game.min_seats else f"needs {game.min_seats - count} more to start"
    return (
        f"🎲 **{game.title}** table, hosted by <@{table.host_id}>: {takes}.\n"
        f"Seated ({count}): {seat_list(table)}\n{need.capitalize()}. Press **Join** to take a seat."
        + (f"\n⏰ {format_duration(pace)} per move; a missed deadline plays a default move." if pace else "")
        + ("" if table.takebacks else "\n↩️ Take-backs are off at this table.")
    )


FINISHED, PAUSED = "🏁 The game is over. Thanks for playing!", "⏸️ The table is paused."


def waiting_text(table: TableRecord, waiting: list[int]) -> str:
    if table.status == "finished":
        return FINISHED
    if table.status == "paused":
        return PAUSED
    if not waiting:
        return ""
    return WAITING + ", ".join(f"<@{user}>" for user in waiting) + "."


def board_events(board: str) -> list[str]:
    """A board message's lines without its last line, whom it waits on or why nobody."""
    lines = board.split("\n")
    if lines and lines[-1].startswith((WAITING, FINISHED, PAUSED)):
        lines.pop()
    return lines
