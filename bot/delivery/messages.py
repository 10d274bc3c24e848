"""What one person sees privately: their seat, their view and, when it is their move, the moves."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import View

from .. import render
from ..store import TableRecord
from ..text import lobby_text
from .views import StaticView, moves_view

if TYPE_CHECKING:
    from ..service import TableService


def who_you_are(view: View) -> str:
    seat = view.get("seat")
    return "" if seat is None else f"You are **{view['names'][seat]}**."


def moves_message(service: "TableService", table: TableRecord, user_id: int, intro: str = "", page: int = 0,
                  group: int | None = None, pace: float | None = None) -> tuple[str, StaticView | None]:
    """A player's view as text and, when it is their move, their moves; a spectator's public view."""
    if table.state is None:
        return lobby_text(service.game_of(table), table, None, pace), None
    seat = service.seat_of(table, user_id)
    menu = service.menu(table, seat)
    body = render.render_text(table.game, menu.view)
    if seat is None:
        return f"{intro}\nYou are watching this table.\n{body}".strip()[:2000], None
    text = f"{intro}\n{who_you_are(menu.view)}".strip() + f"\n{body}"
    return text[:2000], moves_view(table, menu, group, page) if menu.choices else None


def seat_message(service: "TableService", table: TableRecord, user_id: int, opening: str) -> str:
    """A seat's own view, for its player at the start or for whoever takes it over."""
    view = service.menu(table, table.seats.index(user_id)).view
    return f"{opening} at <#{table.channel_id}>. {who_you_are(view)}\n{render.render_text(table.game, view)}"
