"""Grudgematch's menus: a run is two picks at most, a group (the runner, and past 25 spaces a band
of columns) and then a space, each space naming the die it uses; no select holds more than 25."""

from collections import Counter

from bot.discord_app.delivery.components import screen_of
from bot.discord_app.delivery.layout import Groups, Select
from bot.render.grudgematch_text import run_bands
from bot.tables.menu import build
from engine import Chance, referee
from engine.grudgematch import GAME
from engine.grudgematch.state import State

from .test_menus import picks

SPOTS = {"Nietzsche": "F4", "Husserl": "C9", "Hegel": "H9", "Heidegger": "F12", "Descartes": "J15", "Sartre": "B2"}


def running(left: list[int]) -> State:
    return State(
        phase="run",
        turn=3,
        spots=dict(SPOTS),
        ball="F13",
        hands=[["8C", "2H"], ["KD", "10H"]],
        deck=["2D", "3D", "5D"],
        running={"seat": 0, "rolled": sorted(left), "left": sorted(left)},
    )


def menu_of(state: State):
    return build(GAME, 1, 1, state, state.running.seat, True)


def column_range(name: str) -> set[str]:
    """The columns a group names: "Hegel (columns C–F) runs", "Hegel (column C) runs" or a band
    alone ("columns C–F")."""
    columns = name.split("(")[-1].split(")")[0].split()[-1]
    first, last = columns[0], columns[-1]
    return {chr(c) for c in range(ord(first), ord(last) + 1)}


def test_on_doubles_each_runner_s_spaces_come_in_bands_of_columns():
    menu = menu_of(running([6, 6]))
    reach = {who: Counter() for who in ("Nietzsche", "Husserl", "Hegel", "Heidegger")}
    for choice in menu.choices:
        if choice.action.kind == "run":
            reach[choice.action.who][choice.action.to] += 1
    assert min(sum(spaces.values()) for spaces in reach.values()) > 25  # every runner: too many for a select
    groups, done = screen_of(menu).rows
    assert isinstance(groups, Groups) and [c.label for c in done.choices] == ["Done running"]
    for group in groups.groups:
        who, _, columns = group.name.partition(" (")
        assert columns.startswith("column") and group.name.endswith(") runs"), group.name
        assert 1 <= len(group.choices) <= 25
        assert all(c.action.who == who and c.action.to[0] in column_range(group.name) for c in group.choices)
    for who, spaces in reach.items():  # the bands of one runner cover his spaces once, left to right
        bands = [g for g in groups.groups if g.name.startswith(f"{who} (")]
        assert sorted(c.action.to for g in bands for c in g.choices) == sorted(spaces)
        ranges = [sorted(column_range(g.name)) for g in bands]
        assert all(a[-1] < b[0] for a, b in zip(ranges, ranges[1:]))
    assert set(picks(menu).values()) == {1, 2}  # Done running: one pick; any run: two
    assert all(c.label.endswith(" · 🎲6") for c in menu.choices if c.action.kind == "run")


def test_a_band_is_one_select_named_by_its_runner_and_columns():
    menu = menu_of(running([6, 6]))
    groups = screen_of(menu).rows[0].groups
    opened = screen_of(menu, groups[1].number)
    select, back = opened.rows
    assert isinstance(select, Select) and select.placeholder == f"{groups[1].name}: choose…"
    assert [c.key for c in select.choices] == [c.key for c in groups[1].choices]
    assert back.targets == (("◀ All moves", None, 0),)


def test_two_dice_mark_the_one_each_space_uses():
    menu = menu_of(running([2, 5]))
    for choice in menu.choices:
        if choice.action.kind == "run":
            steps = menu.view["running"]["reach"][choice.action.who][choice.action.to]
            assert choice.label.endswith(" · 🎲2" if steps <= 2 else " · 🎲5"), (choice.label, steps)
    assert max(picks(menu).values()) <= 2


def test_a_runner_with_few_spaces_keeps_one_group():
    menu = menu_of(running([1, 2]))  # 4 runners, a dozen spaces each at most
    groups, done = screen_of(menu).rows
    assert [g.name for g in groups.groups] == ["Nietzsche runs", "Husserl runs", "Hegel runs", "Heidegger runs"]
    assert set(picks(menu).values()) == {1, 2}


def test_bands_are_as_few_and_as_even_as_can_be():
    def spaces(columns: dict[str, int]) -> dict[str, int]:
        return {f"{column}{row}": 1 for column, count in columns.items() for row in range(1, count + 1)}

    assert run_bands(spaces({"E": 13, "F": 12})) == [""]  # 25: one select
    diamond = dict(zip("ABCDEFGHIJK", (3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3)))  # 83 spaces
    bands = run_bands(spaces(diamond))
    assert bands == ["columns A–D", "columns E–F", "columns G–H", "columns I–K"]
    sizes = [sum(diamond[c] for c in column_range(band)) for band in bands]
    assert max(sizes) <= 25 and len(bands) == 4


def test_over_playouts_every_run_is_two_picks_at_most():
    chance = Chance.seeded("grudgematch-runs")
    state, runs = GAME.setup(2, GAME.Options(), chance), 0
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = chance.pick(sorted(GAME.to_move(state)))
        if state.phase == "run":
            menu = build(GAME, 1, 1, state, seat, True)
            assert max(picks(menu).values()) <= 2
            runs += len(menu.choices) > 25
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    assert runs > 3
