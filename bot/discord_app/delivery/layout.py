"""The moves menu as plain data: a seat's legal moves laid out as Discord components, easy to use
on a phone. Tested without Discord; `bot/discord_app/delivery/components.py` turns a `Screen` into components.

- up to 10 moves: a button each;
- up to 25: one select;
- more: first a select of groups (the game's render hook `group(view, action) -> str | None`, e.g.
  the philosopher who runs; without it, or where it says None, the kind of move), where a group of
  a single move is a button of its own ("Done running"); then the chosen group's moves, as
  buttons, or selects of 25 on pages. Moves that do not group usefully (one group, or more groups
  than a select holds) go in selects of 25 on pages;
- a game may divide its groups into sections, with a group name "Group › Section" (a battle front
  and its columns): then each group is one screen, whatever the number of moves, with a select per
  section (named by the section: it can tell what stands there now), the group's other moves as
  buttons, and a button to each other group. The menu opens on the first group: the step at hand,
  which comes back after each move. If a group does not fit in one message, the whole menu is
  laid out as above, each section a group of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables.menu import LABEL_LIMIT as LABEL
from bot.tables.menu import Choice

BUTTONS_UP_TO = 10  # this many moves or fewer are buttons (two rows of five)
OPTIONS_PER_SELECT = 25  # Discord's limit
SELECTS_PER_PAGE = 4  # the fifth row holds the page and back buttons
BUTTONS_PER_ROW = 5
SINGLES_UP_TO = 10  # groups of one move shown as their own buttons beside the group select
DESCRIPTION_LIMIT = 100  # a select option's description
ALL = "a"  # the top of the menu, in a navigation custom id
SECTION = " › "  # in a group's name, between the group and its section
ROWS = 5  # Discord's action rows in a message


# --- the layout, as plain data ---------------------------------------------------------------------


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
    sectioned = _sectioned(choices, group) if any(SECTION in c.group for c in choices) else None
    if sectioned is not None:
        return sectioned
    if len(choices) <= OPTIONS_PER_SELECT:
        return Screen(None, 0, move_rows(choices, 0, "Choose your move…", back=False)[1])
    groups = groups_of(choices)
    top = _top(groups)
    if top is None:
        page, rows = move_rows(choices, page, "Choose your move", back=False)
        return Screen(None, page, rows)
    if group is not None and 0 <= group < len(groups):
        chosen = groups[group]
        page, rows = move_rows(list(chosen.choices), page, chosen.name, back=True, group=group)
        return Screen(group, page, rows)
    listed, singles = top
    top_rows: list[Row] = [Groups(tuple(listed), f"What will you do? ({len(choices)} moves)")]
    top_rows += button_rows([g.choices[0] for g in singles])
    return Screen(None, 0, tuple(top_rows))


def _sectioned(choices: list[Choice], group: int | None) -> Screen | None:
    """A group's screen: a select per section, its other moves as buttons, a button to each other
    group; None if some group does not fit in a message (then the sections are groups of their own)."""
    heads: dict[str, list[Choice]] = {}
    for choice in choices:
        heads.setdefault(choice.group.split(SECTION, 1)[0], []).append(choice)
    names = list(heads)
    screens = []
    for number, members in enumerate(heads.values()):
        sections: dict[str, list[Choice]] = {}
        loose: list[Choice] = []
        for choice in members:
            section = choice.group.partition(SECTION)[2]
            (sections.setdefault(section, []) if section else loose).append(choice)
        rows: list[Row] = [
            Select(part, tuple(found), f"{name}: choose…"[:150]) for part, (name, found) in enumerate(sections.items())
        ]
        rows += button_rows(loose)
        others = tuple((name[:LABEL], n, 0) for n, name in enumerate(names) if n != number)
        rows += [Nav(others)] if others else []
        if (
            len(rows) > ROWS
            or len(others) > BUTTONS_PER_ROW
            or any(len(found) > OPTIONS_PER_SELECT for found in sections.values())
        ):
            return None
        screens.append(Screen(number, 0, tuple(rows)))
    return screens[group if group is not None and 0 <= group < len(screens) else 0]


def button_rows(choices: list[Choice]) -> list[Row]:
    return [Buttons(tuple(choices[i : i + BUTTONS_PER_ROW])) for i in range(0, len(choices), BUTTONS_PER_ROW)]


def move_rows(
    choices: list[Choice], page: int, heading: str, *, back: bool, group: int | None = None
) -> tuple[int, tuple[Row, ...]]:
    """Moves as buttons, or selects of 25 on pages; `back` adds a way back to the groups."""
    home = [("◀ All moves", None, 0)] if back else []
    if len(choices) <= BUTTONS_UP_TO:
        return 0, tuple(button_rows(choices) + ([Nav(tuple(home))] if home else []))
    per_page = OPTIONS_PER_SELECT * SELECTS_PER_PAGE
    pages = -(-len(choices) // per_page)
    page = max(0, min(page, pages - 1))
    rows: list[Row] = []
    start = page * per_page
    for part in range(SELECTS_PER_PAGE):
        first = start + part * OPTIONS_PER_SELECT
        chunk = choices[first : first + OPTIONS_PER_SELECT]
        if not chunk:
            break
        if len(choices) <= OPTIONS_PER_SELECT:
            placeholder = heading if heading.endswith("…") else f"{heading}: choose…"
        else:  # several menus: each says which part of the list it holds
            placeholder = f"{first + 1}–{first + len(chunk)} of {len(choices)}: {chunk[0].label} …"
        rows.append(Select(part, tuple(chunk), placeholder[:150]))
    turns = [
        (arrow, group, target)
        for target, arrow in ((page - 1, "◀ Previous"), (page + 1, "Next ▶"))
        if 0 <= target < pages
    ]
    if home or turns:
        rows.append(Nav(tuple(home + turns)))
    return page, tuple(rows)


def describe(group: Group) -> str:
    """A group's option description: how many moves, and the first of them."""
    count = f"{len(group.choices)} moves: "
    text = count + ", ".join(c.label for c in group.choices)
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"
