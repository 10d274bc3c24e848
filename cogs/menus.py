"""The moves menu: a seat's legal moves as Discord components, easy to use on a phone.

- up to 10 moves: a button each;
- up to 25: one select;
- more: first a select of groups (the game's render-module hook `group(view, action) -> str | None`,
  e.g. the philosopher who runs; without it, or where it says None, the kind of move), where a
  group of a single move is a button of its own ("Done running"); then the chosen group's moves,
  as buttons, or selects of 25 on pages. Moves that do not group usefully (one group, or more
  groups than a select holds) go in selects of 25 on pages.

Every move component is made by cogs.components (MoveButton, MoveSelect): it carries the table
id, the version it was made at and the move's index and key, so it plays that very move or is
refused as stale. Navigating (picking a group, turning a page) plays nothing: its custom id
carries a key of the player's whole list of moves, and it redraws the menu from the table as it is
now, as long as that player's moves are still the same (others may have moved meanwhile, as in a
secret vote); otherwise it is refused as stale.

`layout` is plain data, tested without Discord; `moves_view` turns it into components.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import discord

from bot import render
from bot.service import Refused
from bot.store import TableRecord
from engine import RuleError

BUTTONS_UP_TO = 10       # this many moves or fewer are buttons (two rows of five)
OPTIONS_PER_SELECT = 25  # Discord's limit
SELECTS_PER_PAGE = 4     # the fifth row holds the page and back buttons
BUTTONS_PER_ROW = 5
SINGLES_UP_TO = 10       # groups of one move shown as their own buttons beside the group select
DESCRIPTION_LIMIT = 100  # a select option's description
ALL = "a"                # the top of the menu, in a navigation custom id


# --- the layout, as plain data ---------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """One legal move as the player sees it."""
    index: int  # among the seat's legal actions
    key: str    # components.move_key: the move and its label
    label: str
    group: str


@dataclass(frozen=True)
class Buttons:
    """A row of move buttons."""
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Select:
    """A select of moves."""
    part: int
    choices: tuple[Choice, ...]
    placeholder: str


@dataclass(frozen=True)
class Group:
    number: int
    name: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Groups:
    """A select of groups of moves."""
    groups: tuple[Group, ...]
    placeholder: str


@dataclass(frozen=True)
class Nav:
    """A row of navigation buttons: (label, group or None for the top, page)."""
    targets: tuple[tuple[str, int | None, int], ...]


Row = Buttons | Select | Groups | Nav


@dataclass(frozen=True)
class Screen:
    group: int | None
    page: int
    rows: tuple[Row, ...]


def menu_key(choices: list[Choice]) -> str:
    """A short fingerprint of a player's whole list of moves."""
    return hashlib.sha1("|".join(c.key for c in choices).encode()).hexdigest()[:8]


def groups_of(choices: list[Choice]) -> list[Group]:
    """Groups in the order their first move comes in."""
    members: dict[str, list[Choice]] = {}
    for choice in choices:
        members.setdefault(choice.group, []).append(choice)
    return [Group(n, name, tuple(found)) for n, (name, found) in enumerate(members.items())]


def _top(groups: list[Group]) -> tuple[list[Group], list[Group]] | None:
    """(groups for the select, single moves for buttons), or None when grouping does not help."""
    if len(groups) < 2:
        return None
    singles = [g for g in groups if len(g.choices) == 1]
    listed = [g for g in groups if len(g.choices) > 1]
    if len(singles) > SINGLES_UP_TO or not listed:
        listed, singles = groups, []
    return (listed, singles) if len(listed) <= OPTIONS_PER_SELECT else None


def layout(choices: list[Choice], group: int | None = None, page: int = 0) -> Screen:
    """What the menu shows: all moves, the groups, or one group's moves (`group`), on `page`."""
    if len(choices) <= OPTIONS_PER_SELECT:
        return Screen(None, 0, _moves(choices, 0, "Choose your move…", back=False)[1])
    groups = groups_of(choices)
    top = _top(groups)
    if top is None:
        page, rows = _moves(choices, page, "Choose your move", back=False)
        return Screen(None, page, rows)
    if group is not None and 0 <= group < len(groups):
        chosen = groups[group]
        page, rows = _moves(list(chosen.choices), page, chosen.name, back=True, group=group)
        return Screen(group, page, rows)
    listed, singles = top
    rows: list[Row] = [Groups(tuple(listed), f"What will you do? ({len(choices)} moves)")]
    rows += _buttons([g.choices[0] for g in singles])
    return Screen(None, 0, tuple(rows))


def _buttons(choices: list[Choice]) -> list[Row]:
    return [Buttons(tuple(choices[i:i + BUTTONS_PER_ROW])) for i in range(0, len(choices), BUTTONS_PER_ROW)]


def _moves(choices: list[Choice], page: int, heading: str, *, back: bool,
           group: int | None = None) -> tuple[int, tuple[Row, ...]]:
    """Moves as buttons, or selects of 25 on pages; `back` adds a way back to the groups."""
    home = [("◀ All moves", None, 0)] if back else []
    if len(choices) <= BUTTONS_UP_TO:
        return 0, tuple(_buttons(choices) + ([Nav(tuple(home))] if home else []))
    per_page = OPTIONS_PER_SELECT * SELECTS_PER_PAGE
    pages = -(-len(choices) // per_page)
    page = max(0, min(page, pages - 1))
    rows: list[Row] = []
    start = page * per_page
    for part in range(SELECTS_PER_PAGE):
        first = start + part * OPTIONS_PER_SELECT
        chunk = choices[first:first + OPTIONS_PER_SELECT]
        if not chunk:
            break
        if len(choices) <= OPTIONS_PER_SELECT:
            placeholder = heading if heading.endswith("…") else f"{heading}: choose…"
        else:  # several menus: each says which part of the list it holds
            placeholder = f"{first + 1}–{first + len(chunk)} of {len(choices)}: {chunk[0].label} …"
        rows.append(Select(part, tuple(chunk), placeholder[:150]))
    turns = [(arrow, group, target) for target, arrow in ((page - 1, "◀ Previous"), (page + 1, "Next ▶"))
             if 0 <= target < pages]
    if home or turns:
        rows.append(Nav(tuple(home + turns)))
    return page, tuple(rows)


def describe(group: Group) -> str:
    """A group's option description: how many moves, and the first of them."""
    count = f"{len(group.choices)} moves: "
    text = count + ", ".join(c.label for c in group.choices)
    return text if len(text) <= DESCRIPTION_LIMIT else text[:DESCRIPTION_LIMIT - 1] + "…"


# --- choices for a seat ----------------------------------------------------------------------------

def kind_name(action) -> str:
    return str(getattr(action, "kind", "move")).replace("_", " ").capitalize()


def choices_for(table: TableRecord, view: dict, legal: list, game) -> list[Choice]:
    """The seat's legal actions with their labels, keys and groups."""
    from .components import move_key, move_label

    hook = getattr(render.module_for(table.game), "group", None)
    choices = []
    for index, action in enumerate(legal):
        label = move_label(table, view, action, game)
        name = (hook(view, action) if hook else None) or kind_name(action)
        choices.append(Choice(index, move_key(action, label), label, name[:80]))
    return choices


# --- the components --------------------------------------------------------------------------------

def moves_view(table: TableRecord, choices: list[Choice], group: int | None = None, page: int = 0) -> discord.ui.View:
    from .components import MoveButton, MoveSelect

    screen = layout(choices, group, page)
    key = menu_key(choices)
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(screen.rows):
        items: list[discord.ui.DynamicItem] = []
        if isinstance(row, Buttons):
            items = [MoveButton(table.id, table.version, c.index, c.key, c.label) for c in row.choices]
        elif isinstance(row, Select):
            items = [MoveSelect(table.id, table.version, screen.page, row.part,
                                {f"{c.index}:{c.key}": c.label for c in row.choices}, row.placeholder)]
        elif isinstance(row, Groups):
            items = [GroupSelect(table.id, table.version, key, row)]
        elif isinstance(row, Nav):
            items = [MenuButton(table.id, table.version, key, target, target_page, label)
                     for label, target, target_page in row.targets]
        for item in items:
            item.row = number
            item.item._row = number  # discord.py's Select keeps `row` in a slot that hides the property
            view.add_item(item)
    return view


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"pt:group:(?P<t>\d+):(?P<v>\d+):(?P<m>[0-9a-f]{8})"):
    def __init__(self, table_id: int, version: int, key: str, row: Groups | None = None) -> None:
        options = [discord.SelectOption(label=g.name[:100], value=str(g.number), description=describe(g))
                   for g in row.groups] if row else [discord.SelectOption(label="?", value="0")]
        super().__init__(discord.ui.Select(placeholder=row.placeholder[:150] if row else None, options=options,
                                           custom_id=f"pt:group:{table_id}:{version}:{key}"))
        self.table_id, self.key = table_id, key

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), match["m"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = ((interaction.data or {}).get("values") or ["0"])[0]
        await show(interaction, self.table_id, self.key, int(value) if value.isdigit() else None, 0)


class MenuButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pt:menu:(?P<t>\d+):(?P<v>\d+):(?P<m>[0-9a-f]{8}):(?P<g>a|\d+):(?P<p>\d+)"):
    def __init__(self, table_id: int, version: int, key: str, group: int | None, page: int, label: str = "More") -> None:
        target = ALL if group is None else str(group)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"pt:menu:{table_id}:{version}:{key}:{target}:{page}"))
        self.table_id, self.key, self.group, self.page = table_id, key, group, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        group = None if match["g"] == ALL else int(match["g"])
        return cls(int(match["t"]), int(match["v"]), match["m"], group, int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.table_id, self.key, self.group, self.page)


async def show(interaction: discord.Interaction, table_id: int, key: str, group: int | None, page: int) -> None:
    """Redraw the menu at a group or page, if the player's moves are still the ones it was made for."""
    from .components import moves_message, send_private, stale

    bot = interaction.client
    service = bot.service
    channel_id = None
    try:
        table = await service.get(table_id)
        channel_id = table.channel_id if interaction.guild_id is None else None  # in DMs, say where
        seat = service.seat_of(table, interaction.user.id)
        if seat is None:
            raise Refused("You are not playing at this table.")
        if table.status != "running":
            raise Refused("This game is over." if table.status == "finished" else
                          "This table is paused." if table.status == "paused" else "This table is closed.")
        game, state = service.game_of(table), service.state_of(table)
        legal = game.legal_actions(state, seat)
        if not legal or menu_key(choices_for(table, game.view(state, seat), legal, game)) != key:
            raise stale(channel_id)
        content, moves = await moves_message(bot, table, interaction.user.id, group=group, page=page)
        await interaction.response.edit_message(content=content, view=moves)
    except RuleError as error:
        await send_private(interaction, f"🚫 {error}")


MENU_ITEMS = (GroupSelect, MenuButton)
