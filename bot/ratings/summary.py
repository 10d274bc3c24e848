"""The end of a game: who won, how long it took, who held which seat, and what was hidden until now.

A seat is named by the members its result is credited to (bot/tables/seats.py: who played a third of its
moves, else the most), so a seat a stand-in finished still names its players; a seat that changed
hands gets a line with every holder, their moves and whom the result counts for.

The summary is public and speaks of the seats in the third person. The reveal shows what each
seat kept hidden: its presentation's `reveal(view)` (bot/render/presentation.py), or where it has
none, the lines of the seat's own text missing from the public text, without those that speak to
the seat ("Your turn"), which a public message cannot say.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from bot.games import plugin
from bot.render.presentation import Presentation, ViewData
from bot.store.records import ActionRecord, TableRecord
from bot.tables.replay import kept_moves
from bot.tables.seats import SeatHistory, seat_history
from bot.text import plural
from engine import AnyGame, Outcome

SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
STAND_IN = "🤖 stand-in"


def _names(users: list[int]) -> str:
    mentions = [f"<@{user}>" for user in users]
    return " and ".join([", ".join(mentions[:-1]), mentions[-1]] if len(mentions) > 1 else mentions)


def seat_name(seat: int, names: list[str] | None = None) -> str:
    return str(names[seat]) if isinstance(names, list) and 0 <= seat < len(names) else f"seat {seat + 1}"


def seat_label(
    table: TableRecord, seat: int, names: list[str] | None = None, history: list[SeatHistory] | None = None
) -> str:
    """`<@bob> (Sappho)`: the members credited with the seat's result (its holder now, without a
    history), or a stand-in if nobody is."""
    if history is not None and 0 <= seat < len(history):
        users = history[seat].credited()
    else:
        user = table.seats[seat] if 0 <= seat < len(table.seats) else None
        users = [] if user is None else [user]
    who = _names(users) or STAND_IN
    name = seat_name(seat, names)
    return f"{who} ({name})"


def names_of(game: AnyGame, state: BaseModel) -> list[str]:
    names: list[str] = game.view(state, None)["names"]
    return names


def outcome_line(
    game: AnyGame,
    table: TableRecord,
    state: BaseModel,
    outcome: Outcome | None,
    moves: int,
    history: list[SeatHistory] | None = None,
) -> str:
    played = plural(moves, "move")
    if outcome is None:
        return f"The game was ended before its finish, after {played}."
    names = names_of(game, state)
    winners = [seat_label(table, seat, names, history) for seat in outcome.winners]
    if not winners:
        return f"🏁 No player wins: {outcome.reason.rstrip('.')} ({played})."
    head = "🏆 Winner" + ("s" if len(winners) > 1 else "")
    return f"{head}: {', '.join(winners)}. {sentence(outcome.reason.rstrip('.'))} ({played})."


def sentence(text: str) -> str:
    """A game's reason as a sentence of its own: its first letter a capital, through bold or italics
    (`the deck ran out` -> `The deck ran out`, `**the Delians**` -> `**The Delians**`)."""
    start = next((index for index, char in enumerate(text) if char.isalnum()), None)
    if start is None or text[:start].strip("*_~ "):
        return text
    return text[:start] + text[start].upper() + text[start + 1 :]


def duration_text(seconds: float) -> str:
    """ "3 days 4 h", "2 h 5 min", "45 s": the two largest units."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [
        f"{days} day{'s' if days != 1 else ''}" if days else "",
        f"{hours} h" if hours else "",
        f"{minutes} min" if minutes else "",
    ]
    return " ".join([part for part in parts if part][:2]) or f"{seconds} s"


def _hidden(presentation: Presentation, view: ViewData, public: set[str]) -> str:
    if presentation.reveal is not None:
        return "\n".join(presentation.reveal(view))
    own = presentation.text(view).splitlines()
    return "\n".join(line for line in own if line.strip() and line not in public and not SECOND_PERSON.search(line))


def reveal_lines(
    game: AnyGame, table: TableRecord, state: BaseModel, history: list[SeatHistory] | None = None
) -> list[str]:
    """What each seat kept hidden, one entry per seat that had anything hidden."""
    names = names_of(game, state)
    presentation = plugin(game.key).presentation
    public = set(presentation.text(game.view(state, None)).splitlines())
    lines = []
    for seat in range(len(table.seats)):
        hidden = _hidden(presentation, game.view(state, seat), public)
        if hidden:
            lines.append(f"**{seat_label(table, seat, names, history)}**\n{hidden}")
    return lines


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def holders_line(seat: SeatHistory, names: list[str] | None = None, finished: bool = True) -> str:
    """`🔁 Sappho's seat was held by <@bob> (6 moves) → 🤖 stand-in (2 moves) → <@carol> (22 moves);
    its result counts for <@carol>.` (an ended game has no result to count)."""
    chain = " → ".join(
        f"{STAND_IN if stint.user is None else f'<@{stint.user}>'} ({plural(stint.moves, 'move')})"
        for stint in seat.stints
    )
    credited = seat.credited()
    counts = (
        ""
        if not finished
        else f"; its result counts for {_names(credited)}"
        if credited
        else "; no player moved for it, so its result counts for nobody"
    )
    name = seat_name(seat.seat, names)
    whose = f"{_possessive(name[0].upper() + name[1:])} seat" if name != seat_name(seat.seat) else name.capitalize()
    return f"🔁 {whose} was held by {chain}{counts}."


def ratings_line(changes: dict[int, tuple[int, int]]) -> str:
    """`📈 Ratings here: <@a> +12 → 1,512 · <@b> −8 → 1,492 · <@c> ±0 → 1,500` (member -> rating
    before, after). No change is `±0`: a loser held at their number must not read "+0", as if up."""

    def change(before: int, after: int) -> str:
        moved = f"{after - before:+,}" if after != before else "±0"
        return f"{moved} → {after:,}".replace("-", "−")

    return "📈 Ratings here: " + " · ".join(f"<@{user}> {change(*pair)}" for user, pair in changes.items())


def summary_lines(
    game: AnyGame,
    table: TableRecord,
    state: BaseModel,
    log: list[ActionRecord],
    rating_changes: dict[int, tuple[int, int]] | None = None,
) -> list[str]:
    """The summary posted when a table finishes or is ended: outcome, length, each rated player's
    change (bot/ratings/leaderboard.py `changes`), who held the seats that changed hands, the reveal."""
    started = next((row.at for row in log if row.kind == "start"), table.created_at)
    finished = log[-1].at if log else table.updated_at
    moves = len(kept_moves(table, log))
    history = seat_history(table, log)
    names = names_of(game, state)
    word = "finished" if table.status == "finished" else "ended"
    lines = [
        f"🏁 **{game.title}** {word} after {duration_text(finished - started)} of play.",
        outcome_line(game, table, state, game.outcome(state), moves, history),
    ]
    if rating_changes:
        lines.append(ratings_line(rating_changes))
    lines += [holders_line(seat, names, table.status == "finished") for seat in history if len(seat.stints) > 1]
    hidden = reveal_lines(game, table, state, history)
    if hidden:
        lines.append("🔓 **What was hidden:**")
        lines += hidden
    return lines
