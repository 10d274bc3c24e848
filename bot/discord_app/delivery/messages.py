"""What one person sees privately: their seat, their view and, when it is their move, the moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import render
from bot.discord_app.delivery.components import StaticView, moves_components, opened_group
from bot.render.presentation import ViewData
from bot.store.records import TableRecord
from bot.tables.prompts import Settled
from bot.tables.refusals import HAND
from bot.text import lobby_text

if TYPE_CHECKING:
    from bot.tables.service import TableService


def who_you_are(view: ViewData) -> str:
    seat = view.get("seat")
    return "" if seat is None else f"You are **{view['names'][seat]}**."


def moves_message(
    service: "TableService",
    table: TableRecord,
    user_id: int,
    intro: str = "",
    page: int = 0,
    group: int | None = None,
    pace: float | None = None,
) -> tuple[str, StaticView | None]:
    """A player's view as text and, when it is their move, their moves; a spectator's public view."""
    if table.state is None:
        return lobby_text(service.game_of(table), table, None, pace), None
    seat = service.seat_of(table, user_id)
    menu = service.menu(table, seat)
    body = render.render_text(table.game, menu.view)
    if seat is None:
        return f"{intro}\nYou are watching this table.\n{body}".strip()[:2000], None
    text = f"{intro}\n{who_you_are(menu.view)}".strip()
    opened = opened_group(menu, group) if menu.choices else None
    if opened:  # its moves read without it ("discard Y" for "Call X · discard Y"): say what they do
        text += f"\n👉 **{opened}**: choose below."
    text += f"\n{body}"
    return text[:2000], moves_components(table, menu, group, page) if menu.choices else None


def seat_message(service: "TableService", table: TableRecord, user_id: int, opening: str) -> str:
    """A seat's own view, for its player at the start or for whoever takes it over."""
    view = service.menu(table, table.seats.index(user_id)).view
    return f"{opening} at {place(service, table)}. {who_you_are(view)}\n{render.render_text(table.game, view)}"


def place(service: "TableService", table: TableRecord) -> str:
    """Which table a private message is about: its channel and its game."""
    return f"<#{table.channel_id}> (**{service.game_of(table).title}**)"


def settled_text(where: str, settled: Settled) -> str:
    """What a DM prompt says once it is done (it has no buttons then)."""
    label = f"**{settled.label}**"
    partner = f"your partner {settled.label}" if settled.label else "your partner's stand-in"
    return {
        "you": f"✅ At {where}: you played {label}.",
        "clock": f"⏰ At {where}: your time ran out, so the clock played {label} for you.",
        "skip": f"⏭️ At {where}: a moderator skipped your turn, and {label} was played for you.",
        "partner": f"🤝 At {where}: {partner} already decided this for your side, so it no longer asks for your move.",
        "stand-in": f"🤖 At {where}: a stand-in plays your seat now.",
        "someone": f"👋 At {where}: your seat went to someone else.",
        "over": f"🏁 At {where}: the game is over.",
        "closed": f"🚪 At {where}: the table was closed.",
        "newer": f"⌛ At {where}: a newer message asks for your move.",
        "taken back": f"↩️ At {where}: the last move was taken back, so this no longer asks for your move.",
    }.get(
        settled.by,
        f"⌛ At {where}: the table has moved on since this was sent. {HAND} on the board "
        "shows your moves as they are now.",
    )


def changed_intro(where: str, partner: str | None) -> str:
    """The first line of a prompt whose moves changed since it was sent (another seat moved)."""
    if partner is None:
        return f"🔄 The board changed at {where}. Your move now:"
    who = f"Your partner {partner}" if partner else "Your partner's stand-in"
    return f"🤝 {who} moved for your side at {where}. Your move now:"
