"""A seat's menu at one table version: its view, its legal moves with their labels, groups and keys.

It is computed once per (table, version, seat) and kept, like parsed states: a press, the reply
to it, the DM prompt and "My hand" all read the same menu. A move is named by its key (a short
fingerprint of the move and its label), so a button made for one move never plays another, and a
press on an older menu can still be explained (the old menu is kept for a while).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field

from pydantic import BaseModel, ValidationError

from bot.games import max_length, plugin
from bot.render.presentation import ViewData
from engine import AnyGame, UnknownAction

MENU_CACHE = 5000  # menus kept, by (table, version, seat)
LABEL_LIMIT = 80  # Discord's button label


@dataclass(frozen=True)
class Choice:
    """One legal move as the player sees it."""

    key: str
    label: str
    group: str
    action: BaseModel


@dataclass(frozen=True)
class Menu:
    table_id: int
    version: int
    seat: int | None
    view: ViewData
    choices: tuple[Choice, ...]
    by_key: dict[str, Choice] = field(repr=False, compare=False)
    # the game's Presentation.group_from: from how many moves the groups come first
    group_from: int | None = None

    @property
    def key(self) -> str:
        """A short fingerprint of the whole list of moves (navigation stays valid while it holds)."""
        return hashlib.sha1("|".join(c.key for c in self.choices).encode()).hexdigest()[:8]


def move_key(action: BaseModel, label: str) -> str:
    return hashlib.sha1(f"{action.model_dump_json()}|{label}".encode()).hexdigest()[:8]


def label_of(game: AnyGame, view: ViewData, action: BaseModel) -> str:
    """How a move reads on its button, and wherever else the bot names it."""
    return plugin(game.key).label(view, action)[:LABEL_LIMIT]


def build(game: AnyGame, table_id: int, version: int, state: BaseModel, seat: int | None, running: bool) -> Menu:
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat) if running and seat is not None else []
    shown = plugin(game.key)
    choices = []
    for action in legal:
        label = shown.label(view, action)[:LABEL_LIMIT]
        choices.append(Choice(move_key(action, label), label, shown.group(view, action)[:LABEL_LIMIT], action))
    return Menu(
        table_id, version, seat, view, tuple(choices), {c.key: c for c in choices}, shown.presentation.group_from
    )


class Menus:
    """The menus of the tables used most recently (and a few versions back, to explain stale presses)."""

    def __init__(self, size: int = MENU_CACHE) -> None:
        self._kept: OrderedDict[tuple[int, int, int | None], Menu] = OrderedDict()
        self._size = size

    def get(self, table_id: int, version: int, seat: int | None) -> Menu | None:
        menu = self._kept.get((table_id, version, seat))
        if menu is not None:
            self._kept.move_to_end((table_id, version, seat))
        return menu

    def keep(self, menu: Menu) -> Menu:
        self._kept[(menu.table_id, menu.version, menu.seat)] = menu
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return menu


# --- moves with text the player writes -------------------------------------------------------------


def open_text_fields(action: BaseModel) -> list[str]:
    """Free-text fields the player still has to write (a question put to a vote, say): empty where the
    model has no empty default. A field whose default is empty (a target's name on a button that
    names nobody) is complete as it is."""
    fields = type(action).model_fields
    return [
        name
        for name, value in action
        if isinstance(value, str) and name != "kind" and value == "" and fields[name].default != ""
    ]


def text_limit(action: BaseModel, name: str, default: int = 300) -> int:
    return max_length(type(action).model_fields[name]) or default


def fill(action: BaseModel, written: dict[str, str]) -> BaseModel:
    """The move with the player's texts in its open fields, validated like any typed input: a text
    too long, or a field that is not the move's, is refused with the reason."""
    open_fields = open_text_fields(action)
    unknown = sorted(set(written) - set(open_fields))
    missing = [name for name in open_fields if not written.get(name, "").strip()]
    if unknown or missing:
        raise UnknownAction(f"That form does not fit this move (fill in: {', '.join(open_fields)}).")
    try:
        return type(action).model_validate({**action.model_dump(), **written})
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(map(str, first.get("loc", ()))) or "text"
        raise UnknownAction(f"Your {name} does not work: {first['msg']}.") from None
