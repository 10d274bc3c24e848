"""Epireia as a picture, from a view (the public one, or a seat's); its text is in epireia_text.py.

The picture is a map of Greece (bot/render/epireia_map.py, drawn once): on it, the City token that
holds each Territory and any Brigands, each city's league, and every figure where it stands, in
its player's colour (the colour of the player's emoji in the text). A panel on the right lists the
players. During the Great Battle the battlefield is drawn under the map
(bot/render/epireia_battle.py).

The picture is laid out as a list of marks (`map_marks`, `panel_marks`) before it is drawn, so what
it writes, where and in which colour can be read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.render import epireia_battle
from bot.render.epireia_map import MAP_H, MAP_W, NAME_SIZE, PLACES, background
from bot.render.epireia_marks import ENEMY_MARK, LEAGUE_COLOURS, Colour
from bot.render.epireia_text import city_league, city_mark, headline, owner_mark, phase_line, player_mark, reveal, text
from bot.render.presentation import GameAction, Presentation, ViewData, rules_page
from bot.render.style import BACKGROUND, GOLD, MUTED, PANEL, TEXT, fit, font, ink_for, text_width, wrap
from engine.epireia import data

WIDTH = 1000
MARGIN, HEADER = 12, 64
PANEL_LEFT = MARGIN + MAP_W + 10
PANEL_W = WIDTH - MARGIN - PANEL_LEFT
CHIP_SIZE, CHIP_H, CHIP_ROWS = 11, 14, 3
LINE_SIZE, LINE_H = 12, 16


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
    wide = 14 + text_width(label, 10)
    left = centre - wide / 2
    return [Disc((left + 5, top + 6), 5, colour), Text((left + 14, top), label, 10, colour, wide - 14)]


def map_marks(view: ViewData) -> list[Mark]:
    """What changes on the map, in map coordinates: owners, Brigands, leagues and figures."""
    people = figures_at(view)
    marks: list[Mark] = []
    for place, where in PLACES.items():
        centre, top = where.card
        line = top + NAME_SIZE + 4
        land = view["territories"].get(place)
        if land and land["brigands"]:
            marks.append(Text((centre - 26, line), "Brigands", 10, GOLD, 52))
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
            marks += _token_line(centre, line, f"{data.LEAGUE_NAMES[league].split()[0]} {who}", mark[1])
        marks += _chips(people.get(place, []), centre, line + 15, where.width)
    return marks


def _panel_lines(view: ViewData, player: dict[str, Any]) -> list[tuple[str, Colour]]:
    res = player["resources"]
    admin = f"{player['admin']} ({3 - player['admin_uses']} left)" if player["admin"] else "no Administrator yet"
    army = ", ".join(f"{data.UNIT_NAMES[k[:-1]]} {'I' * int(k[-1])}: {n}" for k, n in sorted(player["army"].items()))
    away = [f"{figure} ({place})" if place != "home" else figure for figure, place in player["figures"].items()]
    lines = [
        (
            f"Prestige {player['prestige']} · Wheat {res['wheat']} · Wood {res['wood']} · Copper {res['copper']}",
            TEXT,
            " · ",
        ),
        (admin, MUTED, " "),
        ("Army: " + (army or "none"), MUTED, ", "),
        ("Built: " + (", ".join(player["buildings"]) or "nothing"), MUTED, ", "),
        ("Figures: " + (", ".join(away) or "-"), MUTED, ", "),
    ]
    return [(part, colour) for line, colour, sep in lines for part in wrap(line, LINE_SIZE, PANEL_W - 16, sep)]


def panel_marks(view: ViewData, top: float) -> tuple[list[Mark], float]:
    """The players' panels from `top`, in picture coordinates, and where they end."""
    marks: list[Mark] = []
    y = top
    for player in view["players"]:
        emoji, colour = player_mark(view, player["seat"])
        name = player["city"] or f"Seat {player['seat'] + 1}"
        league = data.LEAGUE_NAMES[player["league"]]
        league_w = text_width(league, 11)
        lines = _panel_lines(view, player)
        bottom = y + 30 + len(lines) * LINE_H + 6
        marks += [
            Frame((PANEL_LEFT, y, WIDTH - MARGIN, bottom), LEAGUE_COLOURS[player["league"]]),
            Disc((PANEL_LEFT + 15, y + 15), 7, colour),
            Text((PANEL_LEFT + 28, y + 6), name, 17, colour, PANEL_W - 44 - league_w),
            Text((WIDTH - MARGIN - 8 - league_w, y + 9), league, 11, LEAGUE_COLOURS[player["league"]], league_w),
        ]
        marks += [
            Text((PANEL_LEFT + 8, y + 30 + index * LINE_H), line, LINE_SIZE, fill, PANEL_W - 16)
            for index, (line, fill) in enumerate(lines)
        ]
        y = bottom + 8
    return marks, y


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
            pen.text(
                ((x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy),
                mark.text,
                font=font(CHIP_SIZE),
                fill=ink_for(mark.fill),
                anchor="mm",
            )
        else:
            pen.text(
                (mark.xy[0] + dx, mark.xy[1] + dy),
                mark.text,
                font=font(mark.size),
                fill=mark.fill,
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
    panels, bottom = panel_marks(view, HEADER)
    y = max(HEADER + MAP_H, bottom) + 10
    height = y + (epireia_battle.HEIGHT if view.get("battle") else 0) + 30
    image = Image.new("RGB", (WIDTH, int(height)), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.text((MARGIN, MARGIN), "Epireia", font=font(26), fill=TEXT)
    pen.text((WIDTH - MARGIN, MARGIN + 4), fit(headline(view), 15, WIDTH - 160), font=font(15), fill=MUTED, anchor="ra")
    pen.text((MARGIN, MARGIN + 34), fit(phase_line(view), 14, WIDTH - 2 * MARGIN), font=font(14), fill=GOLD)
    draw_map(image, view, HEADER)
    _draw(pen, panels)
    if view.get("battle"):
        epireia_battle.draw(pen, view, MARGIN, y, WIDTH - 2 * MARGIN)
        y += epireia_battle.HEIGHT
    roll = view.get("roll")
    if roll:
        dice = " vs ".join(f"{side['who']} {side['die']} ({side['total']})" for side in roll["sides"])
        pen.text((MARGIN, y), fit(f"Roll at {roll['place']}: {dice}", 14, WIDTH - 2 * MARGIN), font=font(14), fill=TEXT)
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
