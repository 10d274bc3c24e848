"""The moves menu (bot/tables/menu.py, bot/discord_app/delivery/layout.py) without Discord: Discord's limits, grouping, paging, and every
move reachable exactly once, for made-up lists and for positions of every registered game; with
the groups first where a game asks for it (components.py's `screen_of`), and every move of every
game one or two picks away."""

from __future__ import annotations

import time
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord_app.delivery.components import moves_components, opened_group, screen_of
from bot.discord_app.delivery.layout import Buttons, Groups, Nav, Select, describe, layout
from bot.store.records import TableRecord
from bot.tables.menu import Choice, Menu, build
from engine import Chance, RuleError, referee
from tests.registry import GAMES


def made_up(sizes: list[int]) -> list[Choice]:
    """Moves in groups of the given sizes, group after group."""
    choices = []
    for number, size in enumerate(sizes):
        for _ in range(size):
            index = len(choices)
            choices.append(Choice(f"{index:08x}", f"Move {index} of group {number}", f"Group {number}", None))
    return choices


def menu_of(choices: list[Choice], table_id: int = 1, version: int = 1) -> Menu:
    return Menu(table_id, version, 0, {}, tuple(choices), {c.key: c for c in choices})


def menu_key(choices: list[Choice]) -> str:
    return menu_of(choices).key


def choices_for(table: TableRecord, state, seat: int) -> list[Choice]:
    return list(build(GAMES[table.game], table.id, table.version, state, seat, True).choices)


def screens(choices: list[Choice]):
    """Every screen a player can reach, following groups and page buttons from the top."""
    seen, todo, out = set(), [(None, 0)], []
    while todo:
        group, page = todo.pop()
        screen = layout(choices, group, page)
        if (screen.group, screen.page) in seen:
            continue
        seen.add((screen.group, screen.page))
        out.append(screen)
        for row in screen.rows:
            if isinstance(row, Groups):
                todo += [(g.number, 0) for g in row.groups]
            if isinstance(row, Nav):
                todo += [(target, target_page) for _, target, target_page in row.targets]
    return out


def moves_on(screen) -> list[int]:
    return [int(c.key, 16) for row in screen.rows if isinstance(row, (Buttons, Select)) for c in row.choices]


def check_limits(screen) -> None:
    assert 1 <= len(screen.rows) <= 5
    for row in screen.rows:
        if isinstance(row, (Buttons, Nav)):
            items = row.choices if isinstance(row, Buttons) else row.targets
            assert 1 <= len(items) <= 5
        if isinstance(row, Select):
            assert 1 <= len(row.choices) <= 25 and len(row.placeholder) <= 150
        if isinstance(row, Groups):
            assert 2 <= len(row.groups) <= 25 or len(screen.rows) > 1
            assert all(len(g.name) <= 100 and len(describe(g)) <= 100 for g in row.groups)
        for choice in getattr(row, "choices", ()):
            assert len(choice.label) <= 80


def check_menu(choices: list[Choice]) -> None:
    """Within Discord's limits everywhere, and every move offered on exactly one screen (once)."""
    found: list[str] = []
    for screen in screens(choices):
        check_limits(screen)
        found += [c.key for row in screen.rows if isinstance(row, (Buttons, Select)) for c in row.choices]
    assert sorted(found) == sorted(c.key for c in choices)


# --- made-up lists ---------------------------------------------------------------------------------


def test_few_moves_are_buttons_and_up_to_25_one_select():
    assert [type(r) for r in layout(made_up([3])).rows] == [Buttons]
    assert [len(r.choices) for r in layout(made_up([10])).rows] == [5, 5]
    (row,) = layout(made_up([4, 20])).rows  # 24 moves: no grouping needed
    assert isinstance(row, Select) and len(row.choices) == 24 and row.placeholder == "Choose your move…"


def test_more_than_25_moves_first_offer_their_groups():
    choices = made_up([30, 12, 1, 1])
    top = layout(choices)
    groups, singles = top.rows
    assert isinstance(groups, Groups) and [g.name for g in groups.groups] == ["Group 0", "Group 1"]
    assert "44 moves" in groups.placeholder
    assert describe(groups.groups[1]).startswith("12 moves: Move 30 of group 1, Move 31")
    # a group of one move is a button of its own: no second step for "Done running"
    assert isinstance(singles, Buttons) and [int(c.key, 16) for c in singles.choices] == [42, 43]


def test_a_group_shows_its_moves_with_a_way_back():
    choices = made_up([30, 7, 1])
    small = layout(choices, group=1)
    assert [type(r) for r in small.rows] == [Buttons, Buttons, Nav]
    assert moves_on(small) == list(range(30, 37))
    assert small.rows[-1].targets == (("◀ All moves", None, 0),)
    big = layout(choices, group=0)
    assert [type(r) for r in big.rows] == [Select, Select, Nav]
    assert [r.placeholder for r in big.rows[:2]] == [
        "1–25 of 30: Move 0 of group 0 …",
        "26–30 of 30: Move 25 of group 0 …",
    ]
    assert layout(made_up([30, 20]), group=1).rows[0].placeholder == "Group 1: choose…"


def test_a_big_group_is_paged():
    choices = made_up([130, 2])
    first = layout(choices, group=0)
    assert [len(r.choices) for r in first.rows[:4]] == [25] * 4
    assert first.rows[-1].targets == (("◀ All moves", None, 0), ("Next ▶", 0, 1))
    second = layout(choices, group=0, page=1)
    assert moves_on(second) == list(range(100, 130))
    assert second.rows[-1].targets == (("◀ All moves", None, 0), ("◀ Previous", 0, 0))
    assert layout(choices, group=0, page=9).page == 1  # a page past the end shows the last one


def test_moves_that_do_not_group_are_paged_selects():
    one_group = layout(made_up([140]))
    assert [type(r) for r in one_group.rows] == [Select] * 4 + [Nav]
    assert one_group.rows[-1].targets == (("Next ▶", None, 1),)
    assert moves_on(layout(made_up([140]), page=1)) == list(range(100, 140))
    too_many = made_up([2] * 30)  # 30 groups: more than a select holds
    assert [type(r) for r in layout(too_many).rows] == [Select] * 3


def test_many_single_moves_go_in_the_group_select():
    choices = made_up([1] * 12 + [20])
    (groups,) = layout(choices).rows
    assert len(groups.groups) == 13


def test_an_unknown_group_shows_the_top():
    choices = made_up([20, 20])
    assert layout(choices, group=7).group is None and isinstance(layout(choices, group=7).rows[0], Groups)


def test_the_menu_key_is_the_whole_list():
    choices = made_up([20, 20])
    assert menu_key(choices) == menu_key(list(choices))
    assert menu_key(choices) != menu_key(choices[:-1])
    assert len(menu_key(choices)) == 8


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 140), min_size=1, max_size=40))
def test_any_list_fits_discord_and_offers_every_move_once(sizes):
    check_menu(made_up(sizes))


# --- the components --------------------------------------------------------------------------------


def record(game: str = "any", table_id: int = 10**15, version: int = 10**7) -> TableRecord:
    return TableRecord(
        id=table_id,
        guild_id=1,
        channel_id=2,
        game=game,
        status="running",
        host_id=3,
        seats=[3, 4],
        options={},
        seed="s",
        version=version,
        state=None,
        deadline=None,
        board_message_id=None,
        created_at=0,
        updated_at=0,
    )


def payload(view) -> list[dict]:
    """The action rows as they go to Discord."""
    return view.to_components()


async def test_components_keep_discords_limits_and_carry_the_table_and_version():
    choices = made_up([130, 7, 1, 1])
    table = record()
    for group, page in ((None, 0), (0, 0), (0, 1), (1, 0)):
        rows = payload(moves_components(table, menu_of(choices), group, page))
        items = [item for row in rows for item in row["components"]]
        ids = [item["custom_id"] for item in items]
        assert 1 <= len(rows) <= 5 and all(row["type"] == 1 for row in rows)
        for row in rows:  # a select alone in its row, or up to five buttons
            kinds = [item["type"] for item in row["components"]]
            assert kinds == [3] or (kinds == [2] * len(kinds) and 1 <= len(kinds) <= 5), kinds
        assert len(ids) == len(set(ids)) and all(len(i) < 100 for i in ids), ids
        assert all(f":{table.id}:{table.version}:" in i for i in ids)
        for item in items:
            assert len(item.get("label", "")) <= 80 and 1 <= len(item.get("options", [0])) <= 25
    groups, singles = payload(moves_components(table, menu_of(choices)))
    (select,) = groups["components"]
    assert select["custom_id"] == f"pt:group:{table.id}:{table.version}:{menu_key(choices)}"
    assert [o["value"] for o in select["options"]] == ["0", "1"]
    assert [b["custom_id"].rsplit(":", 1)[0] for b in singles["components"]] == [
        f"pt:move:{table.id}:{table.version}"
    ] * 2
    assert singles["components"][0]["custom_id"].split(":")[4] == choices[137].key  # the move's key
    *selects, nav = payload(moves_components(table, menu_of(choices), 0, 1))
    assert selects[0]["components"][0]["options"][0]["value"] == choices[100].key
    back, previous = nav["components"]
    assert back["custom_id"].endswith(f"{menu_key(choices)}:a:0") and previous["custom_id"].endswith(":0:0")
    assert [back["label"], previous["label"]] == ["◀ All moves", "◀ Previous"]


# --- every registered game -------------------------------------------------------------------------

GAME_TABLES = [
    (key, seats) for key, game in sorted(GAMES.items()) for seats in sorted({game.min_seats, game.max_seats})
]


@pytest.mark.parametrize("key,seats", GAME_TABLES)
def test_every_position_of_a_played_game_has_a_menu_within_limits(key, seats):
    game, table = GAMES[key], record(key)
    started, longest = time.perf_counter(), 0
    for seed in range(2):
        chance = Chance.seeded(f"menus-{seed}")
        state = game.setup(seats, game.Options(), chance)
        for _ in range(3000):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_move(state))
            choices = choices_for(table, state, seat)
            longest = max(longest, len(choices))
            check_menu(choices)
            state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
    assert longest > 0 and time.perf_counter() - started < 60


# --- groups first (Presentation.group_from) --------------------------------------------------------


def grouped_menu(choices: list[Choice], group_from: int | None = 2) -> Menu:
    return Menu(1, 1, 0, {}, tuple(choices), {c.key: c for c in choices}, group_from)


def action_then_detail(actions: dict[str, int], alone: int = 0) -> list[Choice]:
    """Moves named "<action> · <detail>", one group per action with that many details, and
    `alone` moves that are one of a kind."""
    choices = []
    for action, details in actions.items():
        for detail in range(details):
            index = len(choices)
            choices.append(Choice(f"{index:08x}", f"{action} · card {detail}", action, None))
    for number in range(alone):
        index = len(choices)
        choices.append(Choice(f"{index:08x}", f"Alone {number}", f"Alone {number}", None))
    return choices


def picks(menu: Menu) -> dict[str, int]:
    """How many picks (a group, a page or back button, then the move) each move of the menu takes
    from its top, every screen checked against Discord's limits on the way; each move is offered
    on exactly one screen, no screen repeats a label and no select of groups repeats a name."""
    depth: dict[str, int] = {}
    offered: list[str] = []
    seen, todo = set(), deque([(None, 0, 0)])
    while todo:
        group, page, taken = todo.popleft()
        screen = screen_of(menu, group, page)
        if (screen.group, screen.page) in seen:
            continue
        seen.add((screen.group, screen.page))
        check_limits(screen)
        shown = [c for row in screen.rows if isinstance(row, (Buttons, Select)) for c in row.choices]
        labels = [c.label for c in shown]
        assert len(labels) == len(set(labels)), f"a screen repeats a label: {labels}"
        offered += [c.key for c in shown]
        for choice in shown:
            depth.setdefault(choice.key, taken + 1)
        for row in screen.rows:
            if isinstance(row, Groups):
                names = [g.name for g in row.groups]
                assert len(names) == len(set(names)), names
                todo += [(g.number, 0, taken + 1) for g in row.groups]
            if isinstance(row, Nav):
                todo += [(target, target_page, taken + 1) for _, target, target_page in row.targets]
    assert sorted(offered) == sorted(menu.by_key), "a move is missing or offered twice"
    return depth


def test_groups_come_first_from_the_games_number_of_moves_on():
    choices = action_then_detail({"Call A": 3, "Call B": 3}, alone=2)  # 8 moves: buttons, plainly
    assert [type(r) for r in screen_of(grouped_menu(choices, None)).rows] == [Buttons, Buttons]
    assert screen_of(grouped_menu(choices, 9)) == layout(choices)
    top = screen_of(grouped_menu(choices))
    groups, alone = top.rows
    assert [g.name for g in groups.groups] == ["Call A", "Call B"] and groups.placeholder.endswith("(8 moves)")
    assert [c.label for c in alone.choices] == ["Alone 0", "Alone 1"]  # one pick
    opened = screen_of(grouped_menu(choices), group=1)
    assert [c.label for c in opened.rows[0].choices] == ["card 0", "card 1", "card 2"]  # without "Call B · "
    assert [c.key for c in opened.rows[0].choices] == [c.key for c in choices[3:6]]  # the same moves
    assert opened.rows[-1].targets == (("◀ All moves", None, 0),)
    assert opened_group(grouped_menu(choices), 1) == "Call B"
    assert opened_group(grouped_menu(choices), None) is None
    assert set(picks(grouped_menu(choices)).values()) == {1, 2}


def test_groups_first_only_where_some_group_has_several_moves():
    one_of_a_kind = action_then_detail({}, alone=12)
    assert screen_of(grouped_menu(one_of_a_kind)) == layout(one_of_a_kind)
    one_group = action_then_detail({"Toil": 3})
    assert screen_of(grouped_menu(one_group)) == layout(one_group)
    assert set(picks(grouped_menu(one_group)).values()) == {1}


def test_a_group_whose_moves_do_not_all_begin_with_its_name_keeps_their_labels():
    choices = made_up([3, 3])
    assert [c.label for c in screen_of(grouped_menu(choices), group=0).rows[0].choices] == [
        "Move 0 of group 0",
        "Move 1 of group 0",
        "Move 2 of group 0",
    ]
    assert opened_group(grouped_menu(choices), 0) is None


def test_more_groups_than_a_select_holds_go_on_as_buttons():
    choices = action_then_detail({f"Demonstrate {n}": 3 for n in range(32)}, alone=4)
    groups, alone, *more = screen_of(grouped_menu(choices)).rows
    assert len(groups.groups) == 25 and [c.label for c in alone.choices] == [f"Alone {n}" for n in range(4)]
    assert [label for row in more for label, _, _ in row.targets] == [f"Demonstrate {n}" for n in range(25, 32)]
    assert max(picks(grouped_menu(choices)).values()) == 2
    too_many = action_then_detail({f"Demonstrate {n}": 3 for n in range(60)})  # 35 buttons: no room
    assert screen_of(grouped_menu(too_many)) == layout(too_many)


def test_many_moves_alone_share_the_select_with_the_groups():
    choices = action_then_detail({"Call A": 3}, alone=11)
    (groups,) = screen_of(grouped_menu(choices)).rows
    assert len(groups.groups) == 12 and max(picks(grouped_menu(choices)).values()) == 2


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=40), st.integers(2, 30))
def test_any_grouped_list_fits_discord_and_offers_every_move_once(sizes, group_from):
    picks(grouped_menu(made_up(sizes), group_from))


async def test_grouped_components_keep_discords_limits():
    choices = action_then_detail({f"Demonstrate {n}": 3 for n in range(32)}, alone=4)
    table, menu = record(), grouped_menu(choices)
    for group in (None, 0, 30):
        rows = payload(moves_components(table, menu, group))
        ids = [item["custom_id"] for row in rows for item in row["components"]]
        assert 1 <= len(rows) <= 5 and len(ids) == len(set(ids))
    *_, more = payload(moves_components(table, menu))
    assert [b["custom_id"] for b in more["components"]][-1].endswith(f"{menu.key}:31:0")  # opens the 32nd group


def play_one(game, state, seat: int, chance: Chance):
    """A random legal move now and then, else the stand-in's (a random one it refuses: the stand-in's)."""
    legal = game.legal_actions(state, seat)
    action = chance.pick(legal) if legal and chance.roll(2) == 1 else game.stand_in(state, seat, chance)
    try:
        return referee.play(game, state, seat, action, chance).state
    except RuleError:  # a text the player writes, left empty
        return referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state


@pytest.mark.parametrize("key,seats", GAME_TABLES)
def test_every_move_of_every_game_is_at_most_two_picks_away(key, seats):
    """Over random playouts of every game: Discord's limits on every screen, no screen repeating
    a label, every legal move offered once and reached in one or two picks."""
    game = GAMES[key]
    started, most = time.perf_counter(), 0
    for seed in range(2):
        chance = Chance.seeded(f"picks-{seed}")
        state = game.setup(seats, game.Options(), chance)
        for _ in range(600):
            if game.outcome(state) is not None:
                break
            seat = chance.pick(sorted(game.to_move(state)))
            menu = build(game, 1, 1, state, seat, True)
            if menu.choices:
                most = max(most, *picks(menu).values())
                assert most <= 2, [c.label for c in menu.choices]
            state = play_one(game, state, seat, chance)
    assert most >= 1 and time.perf_counter() - started < 60
