"""Groups divided into sections (bot/discord_app/delivery/layout.py): a screen per group with a select per
section, its other moves as buttons and a button to each other group; the menu opens on the first
group. Checked on made-up lists, within Discord's limits (lists without sections keep their
layout: tests/bot/test_menus.py; a game's own sectioned menus are checked in its own tests)."""

from __future__ import annotations

from bot.discord_app.delivery.components import moves_components
from bot.discord_app.delivery.layout import SECTION, Buttons, Nav, Select, layout
from bot.tables.menu import Choice
from tests.bot.test_menus import check_menu, menu_of, payload, record


def sectioned(spec: dict[str, dict[str, int]]) -> list[Choice]:
    """Moves by group and section ("" for the group's own buttons): {group: {section: count}}."""
    choices = []
    for group, sections in spec.items():
        for section, count in sections.items():
            for _ in range(count):
                index = len(choices)
                name = f"{group}{SECTION}{section}" if section else group
                choices.append(Choice(f"{index:08x}", f"Move {index}", name, None))
    return choices


def test_a_sectioned_group_is_one_screen_of_selects_and_buttons():
    choices = sectioned(
        {
            "Flank": {"Column 1": 5, "Column 2": 30 - 25, "Column 3": 1, "": 2},
            "Centre": {"Column 1": 3, "": 1},
            "Figures": {"": 2},
        }
    )
    top = layout(choices)
    assert top.group == 0  # the menu opens on the step at hand
    assert [type(r) for r in top.rows] == [Select, Select, Select, Buttons, Nav]
    assert [r.placeholder for r in top.rows[:3]] == ["Column 1: choose…", "Column 2: choose…", "Column 3: choose…"]
    assert [r.part for r in top.rows[:3]] == [0, 1, 2]  # distinct custom ids
    assert [c.label for c in top.rows[3].choices] == ["Move 11", "Move 12"]
    assert top.rows[4].targets == (("Centre", 1, 0), ("Figures", 2, 0))
    centre = layout(choices, group=1)
    assert [type(r) for r in centre.rows] == [Select, Buttons, Nav] and centre.group == 1
    assert layout(choices, group=9).group == 0
    check_menu(choices)


def test_a_menu_too_big_for_sections_is_laid_out_as_before():
    five = sectioned({"Flank": {f"Column {n}": 2 for n in range(5)}, "Centre": {"Column 1": 1}})
    assert layout(five).group is None  # five selects and a way out do not fit: the usual groups
    big = sectioned({"Flank": {"Column 1": 26}, "Centre": {"": 1}})
    assert all(len(r.choices) <= 25 for r in layout(big).rows if isinstance(r, Select))
    for choices in (five, big):
        check_menu(choices)


async def test_sectioned_components_fit_discord():
    choices = sectioned(
        {"Flank": {"Column 1": 25, "Column 2": 3, "Column 3": 3, "": 5}, **{f"Group {n}": {"": 1} for n in range(4)}}
    )
    table = record()
    rows = payload(moves_components(table, menu_of(choices), None, 0))
    ids = [item["custom_id"] for row in rows for item in row["components"]]
    assert len(rows) == 5 and len(ids) == len(set(ids)) and all(len(i) < 100 for i in ids)
    assert [row["components"][0]["type"] for row in rows] == [3, 3, 3, 2, 2]
