"""Epireia as a picture, from a view (the public one, or a seat's); its text is in epireia_text.py.

The picture is a map of Greece (bot/render/epireia_map.py, drawn once): on it, the City token that
holds each Territory and any Brigands, each city's league, and every figure where it stands, in
its player's colour (the colour of the player's emoji in the text). It is drawn for a phone
(bot/render/style.py): under the map a panel for each player, two a row, with their prestige and
resources (their Administrator, army, buildings and figures are in the text); during the Great
Battle the battlefield instead (bot/render/epireia_battle.py).

The picture is laid out as a list of marks (`map_marks`, `panel_marks`) before it is drawn, so what
it writes, where and in which colour can be read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.render import epireia_battle
from bot.render.epireia_map import MAP_H, NAME_SIZE, PLACES, background
from bot.render.epireia_marks import ENEMY_MARK, LEAGUE_COLOURS, Colour
from bot.render.epireia_text import city_league, city_mark, headline, owner_mark, phase_line, player_mark, reveal, text
from bot.render.presentation import GameAction, Presentation, ViewData, rules_page
from bot.render.style import (
    BACKGROUND,
    GOLD,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    WIDTH,
    draw_text,
    fit,
    ink_for,
    text_width,
    wrap,
)
from engine.epireia import data

MARGIN, HEADER = 12, 96
PANEL_TOP = HEADER + MAP_H + 10
PANEL_W, PANEL_H = (WIDTH - 2 * MARGIN - 10) // 2, 90
NAME = 20  # a player's city in their panel
CHIP_SIZE, CHIP_H, CHIP_ROWS = SMALL, 24, 3
LINE_SIZE, LINE_H = SMALL, 24


# --- Laying the picture out ----------------------------------------------------------------------


def figures_at(view: ViewData) -> dict[str, list[tuple[str, Colour]]]:
    """Every figure by place, with its city's colour (home figures stand on their city)."""
    found: dict[str, list[Any]] = {}
    for player in view["players"]:
        colour = player_mark(view, player["seat"])[1]
        for figure, place in player["figures"].items():
            where = player["city"] if place == "home" else place
            found.setdefault(where, []).append((figure, colour))
    for enemy in view["enemies"]:
        where = enemy["city"] if enemy["place"] == "home" else enemy["place"]
        found.setdefault(where, []).append((enemy["name"], ENEMY_MARK[1]))
    return found


@dataclass(frozen=True)
class Text:
    """A text whose left end is at `xy` (its top), with `room` pixels to the right for it."""

    xy: tuple[float, float]
    text: str
    size: int
    fill: Colour
    room: float


@dataclass(frozen=True)
class Chip:
    """A figure's name on its city's colour."""

    box: tuple[float, float, float, float]
    text: str
    fill: Colour


@dataclass(frozen=True)
class Disc:
    """A City token (or a player's mark beside its name)."""

    centre: tuple[float, float]
    radius: float
    fill: Colour


@dataclass(frozen=True)
class Frame:
    """A player's panel."""

    box: tuple[float, float, float, float]
    outline: Colour


Mark = Text | Chip | Disc | Frame


def _chips(names: list[tuple[str, Colour]], centre: float, top: float, width: float) -> list[Mark]:
    """Figures as chips in centred rows of the card's width; past the last row, "+N"."""
    rows: list[list[tuple[str, Colour, float]]] = [[]]
    for index, (name, colour) in enumerate(names):
        wide = text_width(name, CHIP_SIZE) + 10
        used = sum(w + 3 for *_, w in rows[-1])
        if rows[-1] and used + wide > width:
            if len(rows) == CHIP_ROWS:
                rest = f"+{len(names) - index}"
                rows[-1][-1] = (rest, MUTED, text_width(rest, CHIP_SIZE) + 10)
                break
            rows.append([])
        rows[-1].append((name, colour, wide))
    marks: list[Mark] = []
    for number, row in enumerate(rows):
        x = centre - (sum(w for *_, w in row) + 3 * (len(row) - 1)) / 2
        y = top + number * (CHIP_H + 3)
        for name, colour, wide in row:
            marks.append(Chip((x, y, x + wide, y + CHIP_H), name, colour))
            x += wide + 3
    return marks


def _token_line(centre: float, top: float, label: str, colour: Colour) -> list[Mark]:
    """A disc of `colour` and a short label under a place's name."""
    wide = 16 + text_width(label, SMALL)
    left = centre - wide / 2
    return [Disc((left + 6, top + 11), 6, colour), Text((left + 16, top), label, SMALL, colour, wide - 16)]


def map_marks(view: ViewData) -> list[Mark]:
    """What changes on the map, in map coordinates: owners, Brigands, leagues and figures."""
    people = figures_at(view)
    marks: list[Mark] = []
    for place, where in PLACES.items():
        centre, top = where.card
        line = top + NAME_SIZE + 5
        land = view["territories"].get(place)
        if land and land["brigands"]:
            wide = text_width("Brigands", SMALL)
            marks.append(Text((centre - wide / 2, line), "Brigands", SMALL, GOLD, wide))
        elif land and land["owner"]:
            marks += _token_line(centre, line, land["owner"], owner_mark(view, land["owner"])[1])
        elif place in data.CITIES and (mark := city_mark(view, place)):
            league = city_league(view, place)
            assert league is not None, "a city with a mark has a league"
            who = (
                "home"
                if any(p["city"] == place for p in view["players"])
                else "enemy"
                if mark == ENEMY_MARK
                else "ally"
            )
            marks += _token_line(centre, line, who, mark[1])  # the league by its colour
        marks += _chips(people.get(place, []), centre, line + 25, where.width)
    return marks


def panel_marks(view: ViewData, top: float) -> tuple[list[Mark], float]:
    """The players' panels from `top`, two a row, in picture coordinates, and where they end."""
    marks: list[Mark] = []
    bottom = top
    for index, player in enumerate(view["players"]):
        x, y = MARGIN + index % 2 * (PANEL_W + 10), top + index // 2 * (PANEL_H + 8)
        colour = player_mark(view, player["seat"])[1]
        name = player["city"] or f"Seat {player['seat'] + 1}"
        league = data.LEAGUE_NAMES[player["league"]].split()[0]
        league_w = text_width(league, SMALL)
        res = player["resources"]
        lines = [
            f"Prestige {player['prestige']} · Wheat {res['wheat']}",
            f"Wood {res['wood']} · Copper {res['copper']}",
        ]
        bottom = y + PANEL_H
        marks += [
            Frame((x, y, x + PANEL_W, bottom), LEAGUE_COLOURS[player["league"]]),
            Disc((x + 15, y + 18), 7, colour),
            Text((x + 28, y + 5), name, NAME, colour, PANEL_W - 44 - league_w),
            Text((x + PANEL_W - 8 - league_w, y + 8), league, SMALL, LEAGUE_COLOURS[player["league"]], league_w),
        ]
        marks += [
            Text((x + 10, y + 34 + row * LINE_H), line, LINE_SIZE, TEXT, PANEL_W - 20) for row, line in enumerate(lines)
        ]
    return marks, bottom + 8


# --- Drawing -------------------------------------------------------------------------------------


def _draw(pen: ImageDraw.ImageDraw, marks: list[Mark], dx: float = 0, dy: float = 0, outline: bool = False) -> None:
    for mark in marks:
        if isinstance(mark, Frame):
            pen.rounded_rectangle(mark.box, radius=8, fill=PANEL, outline=mark.outline, width=2)
        elif isinstance(mark, Disc):
            (x, y), r = mark.centre, mark.radius
            pen.ellipse((x + dx - r, y + dy - r, x + dx + r, y + dy + r), fill=mark.fill, outline=BACKGROUND)
        elif isinstance(mark, Chip):
            x0, y0, x1, y1 = mark.box
            pen.rounded_rectangle((x0 + dx, y0 + dy, x1 + dx, y1 + dy), radius=4, fill=mark.fill)
            draw_text(
                pen, ((x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy), mark.text, CHIP_SIZE, ink_for(mark.fill), anchor="mm"
            )
        else:
            draw_text(
                pen,
                (mark.xy[0] + dx, mark.xy[1] + dy),
                mark.text,
                mark.size,
                mark.fill,
                # PIL's defaults when there is no outline
                stroke_width=2 if outline else 0,
                stroke_fill=BACKGROUND if outline else None,
            )


def draw_map(image: Image.Image, view: ViewData, top: int) -> None:
    image.paste(background(), (MARGIN, top))
    pen = ImageDraw.Draw(image)
    for place, land in view["territories"].items():  # a held Territory's shore in its owner's colour
        mark = city_mark(view, land["owner"]) if land["owner"] else None
        if mark:
            pen.polygon([(x + MARGIN, y + top) for x, y in PLACES[place].shape], outline=mark[1], width=3)
    _draw(pen, map_marks(view), MARGIN, top, outline=True)


def draw(view: ViewData) -> Image.Image:
    battle = view.get("battle")
    panels, y = ([], PANEL_TOP + epireia_battle.HEIGHT) if battle else panel_marks(view, PANEL_TOP)
    roll = view.get("roll")
    image = Image.new("RGB", (WIDTH, int(y + (26 if roll else 0) + MARGIN)), BACKGROUND)
    pen = ImageDraw.Draw(image)
    draw_text(pen, (MARGIN, 8), "Epireia", 28, TEXT)
    draw_text(pen, (WIDTH - MARGIN, 14), fit(headline(view), SMALL, WIDTH - 140), SMALL, MUTED, anchor="ra")
    for row, line in enumerate(wrap(phase_line(view), SMALL, WIDTH - 2 * MARGIN)[:2]):
        draw_text(pen, (MARGIN, 46 + row * 22), line, SMALL, GOLD)
    draw_map(image, view, HEADER)
    _draw(pen, panels)
    if battle:
        epireia_battle.draw(pen, view, MARGIN, PANEL_TOP, WIDTH - 2 * MARGIN)
    if roll:
        dice = " vs ".join(f"{side['who']} {side['die']} ({side['total']})" for side in roll["sides"])
        draw_text(pen, (MARGIN, y), fit(f"Roll at {roll['place']}: {dice}", SMALL, WIDTH - 2 * MARGIN), SMALL, TEXT)
    return image


def group(view: ViewData, action: GameAction) -> str | None:
    """How a long list of moves is grouped on a phone: donations by resource, buildings, units,
    and each figure's destinations; the battle's deployment by front (epireia_battle.py); anything
    else by its kind."""
    kind = action.kind
    if view.get("battle"):
        return epireia_battle.group(view, action)
    if kind == "donate":
        return f"Donate {data.ICON[action.resource]} {action.resource.title()}"
    if kind == "move":
        return f"Send {action.figure}"
    return {
        "build": "Build",
        "architect": "Architect: build for less",
        "produce": "Produce a unit",
        "trade": "Trapezites: exchange",
        "withdraw": "Merchant: take from the treasury",
    }.get(kind)


def hand_picture(view: ViewData) -> bool:
    """A league's own deployment before the reveal: only its seats' pictures show it."""
    battle = view.get("battle")
    return bool(battle and battle.get("my_plan") and not battle["field"])


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("epireia.md"),
    reveal=reveal,
    label=None,
    group=group,
    position=None,
    hand_picture=hand_picture,
)
