"""The components the bot sends: lobby and board buttons, move menus, page buttons, Rematch and
the move form. Each carries its table (and, for moves, the version and the move's key) in its
custom id, so it works after a restart.

None of them is dispatched by discord.py's view store: every press and form comes to the one
router (bot/discord_app/presses.py), which asks the gate (bot/tables/gate.py). So these discord.py views are static: they are
never stored in memory, and a press that matches no stored view is never dropped.
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.discord_app.delivery.layout import (
    ALL,
    BUTTONS_PER_ROW,
    OPTIONS_PER_SELECT,
    ROWS,
    SECTION,
    SINGLES_UP_TO,
    Buttons,
    Group,
    Groups,
    Nav,
    Row,
    Screen,
    Select,
    button_rows,
    describe,
    groups_of,
    layout,
    move_rows,
)
from bot.store.records import TableRecord
from bot.tables.menu import LABEL_LIMIT, Choice, Menu, open_text_fields, text_limit
from bot.web.links import Links

BETWEEN = " · "  # in a move's label, between its group's name and the rest

LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
}


class StaticView(discord.ui.View):
    """Components to send, never stored by discord.py: the router answers their presses."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


class MoveForm(discord.ui.Modal):
    """A form for a move's free-text fields. Its custom id names the table, version and move, so a
    submit after a restart or hours later is still answered (never stored: the router answers)."""

    def __init__(self, table: TableRecord, choice: Choice) -> None:
        super().__init__(
            title=choice.label[:45], timeout=None, custom_id=f"pt:form:{table.id}:{table.version}:{choice.key}"
        )
        for name in open_text_fields(choice.action)[:5]:
            info = type(choice.action).model_fields[name]
            limit = min(text_limit(choice.action, name), 4000)
            self.add_item(
                discord.ui.TextInput(
                    label=(info.title or name.replace("_", " ").capitalize())[:45],
                    custom_id=name,
                    style=discord.TextStyle.paragraph if limit > 100 else discord.TextStyle.short,
                    max_length=limit,
                    required=True,
                )
            )

    def is_finished(self) -> bool:
        return True


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    row: int | None = None,
) -> discord.ui.Button[StaticView]:
    return discord.ui.Button(label=label[:80], style=style, emoji=emoji, custom_id=custom_id, row=row)


def board_components(table: TableRecord, links: Links | None = None) -> StaticView | None:
    """The lobby's Join / Leave / Start, or the running board's "My hand & moves"; with `links` (the
    web server is on, bot/web), a board that has a game has a "Watch" link to the table's web page too."""
    components = StaticView()
    if table.status == "lobby":
        for verb, style in LOBBY_STYLES.items():
            components.add_item(button(f"pt:lobby:{table.id}:{verb}", verb.capitalize(), style))
    elif table.status in ("running", "paused"):
        components.add_item(button(f"pt:hand:{table.id}", "My hand & moves", discord.ButtonStyle.success, "🎴"))
    if links is not None and table.state is not None:
        components.add_item(watch_button(links, table.id))
    return components if components.children else None


def watch_button(links: Links, table_id: int) -> discord.ui.Button[StaticView]:
    """A link to the table's web page (a link button: Discord opens it, the bot gets no press)."""
    return discord.ui.Button(label="Watch", style=discord.ButtonStyle.link, emoji="🌐", url=links.url(table_id))


def close_components(table_id: int, version: int) -> StaticView:
    """The last player's confirmation that leaving closes the table (asked at `version`)."""
    components = StaticView()
    components.add_item(
        button(f"pt:lobby:{table_id}:close:{version}", "Leave and close the table", discord.ButtonStyle.danger, "🚪")
    )
    return components


# --- groups first ----------------------------------------------------------------------------------


def screen_of(menu: Menu, group: int | None = None, page: int = 0) -> Screen:
    """What the menu shows at `group` and `page`: as bot/discord_app/delivery/layout.py lays it out,
    but with the groups first, however few the moves, from the game's `group_from` moves on
    (Presentation.group_from): a select of groups (past 25, more of them as buttons) beside the
    moves that are alone in their group, as buttons; then the chosen group's moves, each read
    without the group's name where they all begin with it ("Call X · discard Y" in the group
    "Call X" reads "discard Y"). So a move is at most two picks away, and no menu offers the
    same action once per card. Where that does not fit a message, the plain layout."""
    choices = list(menu.choices)
    if menu.group_from is None or len(choices) < menu.group_from or any(SECTION in c.group for c in choices):
        return layout(choices, group, page)
    groups = groups_of(choices)
    if len(groups) < 2 or all(len(g.choices) == 1 for g in groups):  # nothing to choose a group for
        return layout(choices, group, page)
    if group is not None and 0 <= group < len(groups):
        chosen = _shortened(groups[group])
        page, rows = move_rows(list(chosen.choices), page, chosen.name, back=True, group=group)
        return Screen(group, page, rows)
    return _groups_first(choices, groups) or layout(choices, group, page)


def _groups_first(choices: list[Choice], groups: list[Group]) -> Screen | None:
    """The top of a menu of groups: a select of them (the 26th on as buttons), the moves alone in
    their group as buttons; None if that takes more rows than a message has."""
    singles = [g for g in groups if len(g.choices) == 1]
    listed = [g for g in groups if len(g.choices) > 1]
    if len(singles) > SINGLES_UP_TO:
        listed, singles = groups, []
    shown, more = listed[:OPTIONS_PER_SELECT], listed[OPTIONS_PER_SELECT:]
    rows: list[Row] = [Groups(tuple(shown), f"What will you do? ({len(choices)} moves)")]
    rows += button_rows([g.choices[0] for g in singles])
    rows += [
        Nav(tuple((g.name[:LABEL_LIMIT], g.number, 0) for g in more[i : i + BUTTONS_PER_ROW]))
        for i in range(0, len(more), BUTTONS_PER_ROW)
    ]
    return Screen(None, 0, tuple(rows)) if len(rows) <= ROWS else None


def _shortened(group: Group) -> Group:
    """The group with its moves read without its name, where each is the name, " · ", the rest."""
    head = group.name + BETWEEN
    if not all(c.label.startswith(head) and len(c.label) > len(head) for c in group.choices):
        return group
    return replace(group, choices=tuple(replace(c, label=c.label[len(head) :]) for c in group.choices))


def opened_group(menu: Menu, group: int | None) -> str | None:
    """The name of the group whose moves `screen_of` shows without it (the message says it then)."""
    screen = screen_of(menu, group)
    if screen.group is None:
        return None
    shown = [c.label for row in screen.rows if isinstance(row, (Buttons, Select)) for c in row.choices]
    full = [menu.by_key[c.key].label for row in screen.rows if isinstance(row, (Buttons, Select)) for c in row.choices]
    return groups_of(list(menu.choices))[screen.group].name if shown != full else None


def moves_components(table: TableRecord, menu: Menu, group: int | None = None, page: int = 0) -> StaticView:
    """The seat's menu at `group` and `page`, as buttons and selects (`screen_of`)."""
    screen = screen_of(menu, group, page)
    at = f"{table.id}:{table.version}"
    components = StaticView()
    for number, row in enumerate(screen.rows):
        if isinstance(row, Buttons):
            for choice in row.choices:
                components.add_item(
                    button(f"pt:move:{at}:{choice.key}", choice.label, discord.ButtonStyle.primary, row=number)
                )
        elif isinstance(row, Select):
            options = [discord.SelectOption(label=c.label, value=c.key) for c in row.choices]
            components.add_item(
                discord.ui.Select(
                    custom_id=f"pt:pick:{at}:{screen.page}:{row.part}",
                    options=options,
                    placeholder=row.placeholder[:150],
                    row=number,
                )
            )
        elif isinstance(row, Groups):
            options = [
                discord.SelectOption(label=g.name[:100], value=str(g.number), description=describe(g))
                for g in row.groups
            ]
            components.add_item(
                discord.ui.Select(
                    custom_id=f"pt:group:{at}:{menu.key}",
                    options=options,
                    placeholder=row.placeholder[:150],
                    row=number,
                )
            )
        elif isinstance(row, Nav):
            for label, target, target_page in row.targets:
                where = ALL if target is None else str(target)
                components.add_item(button(f"pt:menu:{at}:{menu.key}:{where}:{target_page}", label, row=number))
    return components


def with_take_back(components: StaticView | None, table_id: int, version: int) -> tuple[StaticView, bool]:
    """`components` with an ↩️ Take back button for the move that made the table's `version`, and whether
    it fitted (a full menu has no room left)."""
    components = components or StaticView()
    try:
        components.add_item(button(f"pt:undo:{table_id}:{version}", "Take back", discord.ButtonStyle.secondary, "↩️"))
    except ValueError:  # five full rows
        return components, False
    return components, True


def page_components(
    prefix: str, page: int, pages: int, older: str = "◀ Previous", newer: str = "Next ▶"
) -> StaticView | None:
    """Buttons to the page before and after (custom ids `prefix:page`), or None for a single page."""
    if pages <= 1:
        return None
    components = StaticView()
    for target, label in ((page - 1, older), (page + 1, newer)):
        if 0 <= target < pages:
            components.add_item(button(f"{prefix}:{target}", label))
    return components


def rematch_components(table_id: int) -> StaticView:
    components = StaticView()
    components.add_item(button(f"pt:rematch:{table_id}", "Rematch", discord.ButtonStyle.primary, "🔁"))
    return components
