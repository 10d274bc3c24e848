"""Philosophia as a picture, from a view (the public one, or a seat's); its text is in philosophia.py.

The picture is a sketch map of Greece: each place a disc (its colour tells its kind) with its
location token, the schools (houses) and followers (cubes) in the players' colours, and the
philosophers as large lettered discs. The Acropolis spots sit in a box above Athens; the timeline
runs under the map, and the players' boards under it, two a row: it is drawn for a phone
(bot/render/style.py), and what the boards leave out is in the text.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.presentation import ViewData
from bot.render.style import (
    ACCENT,
    BACKGROUND,
    GOLD,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    SMALL,
    TEXT,
    WIDTH,
    draw_text,
    fit,
)

MAP = (12, 66, WIDTH - 12, 606)  # left, top, right, bottom
TIMELINE_Y = MAP[3] + 56
BOARDS_Y = TIMELINE_Y + 40  # the players' boards, two a row
BOARD_W, BOARD_H = (WIDTH - 34) // 2, 96
MOIRAI = (120, 120, 132)
KIND_COLOURS = {
    "city": (96, 110, 132),
    "port": (52, 120, 170),
    "temple": (200, 170, 90),
    "oracle": (140, 92, 170),
    "acropolis": (210, 200, 180),
}
TOKEN_FILL = {
    "black": (20, 20, 24),
    "yellow": (240, 206, 60),
    "blue": (60, 130, 230),
    "red": (220, 60, 60),
    "green": (60, 180, 90),
}
# Where each place sits on the sketch map, as fractions of the map's width and height, and where
# its name is written: under it, or above ("a"), left ("l") or right ("r") where neighbours crowd it.
SPOTS = {
    "elea": (0.05, 0.30, "b"),
    "syracuse": (0.07, 0.74, "b"),
    "ithaca": (0.16, 0.46, "b"),
    "dodona": (0.21, 0.18, "b"),
    "olympia": (0.23, 0.64, "b"),
    "sparta": (0.36, 0.82, "b"),
    "corinth": (0.34, 0.52, "b"),
    "delphi": (0.31, 0.36, "b"),
    "lebadea": (0.42, 0.22, "b"),
    "thebes": (0.50, 0.41, "b"),
    "eleusis": (0.44, 0.65, "b"),
    "athens": (0.62, 0.55, "b"),
    "piraeus": (0.60, 0.70, "b"),
    "stagira": (0.42, 0.05, "b"),
    "abdera": (0.66, 0.04, "b"),
    "chios": (0.95, 0.26, "b"),
    "samos": (0.83, 0.50, "b"),
    "ephesus": (0.96, 0.40, "b"),
    "miletus": (0.94, 0.62, "b"),
    "delos": (0.76, 0.77, "b"),
    "rhodes": (0.93, 0.86, "b"),
    "knossos": (0.60, 0.93, "b"),
}
ACROPOLIS = ("observe", "timeline", "athena", "debate")
ACROPOLIS_BOX = (0.53, 0.13, 0.87, 0.384)
SHORT = {"observe": "Observe", "timeline": "Timeline", "athena": "Athena", "debate": "Debate"}


def colour_of(view: ViewData, who: int) -> tuple[int, int, int]:
    return MOIRAI if view["players"][who]["automaton"] else SEAT_COLOURS[who % len(SEAT_COLOURS)]


def on_map(fx: float, fy: float) -> tuple[float, float]:
    left, top, right, bottom = MAP
    return left + 22 + fx * (right - left - 44), top + 16 + fy * (bottom - top - 40)


def acropolis_box() -> tuple[float, float, float, float]:
    (x0, y0), (x1, y1) = on_map(*ACROPOLIS_BOX[:2]), on_map(*ACROPOLIS_BOX[2:])
    return x0, y0 - 6, x1, y1 + 6


def place_xy(location: str) -> tuple[float, float]:
    if location in ACROPOLIS:  # two rows of two: the first row's names above, the second's below
        x0, y0, x1, y1 = acropolis_box()
        column, row = ACROPOLIS.index(location) % 2, ACROPOLIS.index(location) // 2
        return x0 + (x1 - x0) * (0.27 + 0.46 * column), y0 + 58 + 38 * row
    return on_map(*SPOTS[location][:2])


def name_side(location: str) -> str:
    """Where a place's name is written: below it ("b"), above ("a"), left ("l") or right ("r")."""
    if location in ACROPOLIS:
        return "a" if ACROPOLIS.index(location) < 2 else "b"
    return SPOTS[location][2]


def short_name(view: ViewData, location: str) -> str:
    name: str = view["locations"][location]["name"]
    if location in SHORT:
        return SHORT[location]
    for prefix in ("Temple of Apollo at ", "Temple of Zeus at ", "Temple of Demeter at ", "Agora of ", "Oracle of "):
        name = name.replace(prefix, "")
    return name


# --- The picture -----------------------------------------------------------------------------------


def draw(view: ViewData) -> Image.Image:
    rows = -(-len(view["players"]) // 2)
    image = Image.new("RGB", (WIDTH, BOARDS_Y + rows * (BOARD_H + 8) + 4), BACKGROUND)
    image.paste(
        backdrop(
            tuple((location, spot["kind"], short_name(view, location)) for location, spot in view["locations"].items()),
            tuple(view["timeline"]["years"]),
            view["timeline"]["index"],
        )
    )
    canvas = ImageDraw.Draw(image)
    header(canvas, view)
    for location in view["locations"]:
        pieces(canvas, view, location)
    boards(canvas, view)
    return image


@lru_cache(maxsize=32)
def backdrop(places: tuple[tuple[str, str, str], ...], years: tuple[int, ...], year: int) -> Image.Image:
    """What changes only with the year: the map with its places and their names, and the timeline.
    Drawn once per game and year (most of a picture's text), then copied; never changed."""
    image = Image.new("RGB", (WIDTH, BOARDS_Y), BACKGROUND)
    canvas = ImageDraw.Draw(image)
    canvas.rounded_rectangle(MAP, radius=12, fill=(34, 52, 70))
    box = acropolis_box()
    canvas.rounded_rectangle(box, radius=8, fill=(70, 66, 60), outline=GOLD)
    draw_text(canvas, ((box[0] + box[2]) / 2, box[1] + 12), "Acropolis", SMALL, GOLD, anchor="mm")
    for location, kind, name in places:
        x, y = place_xy(location)
        radius = radius_of(location)
        canvas.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=KIND_COLOURS[kind], outline=(230, 230, 235), width=1
        )
        xy, anchor = {
            "b": ((x, y + radius + 10), "mm"),
            "a": ((x, y - radius - (10 if location in ACROPOLIS else 26)), "mm"),  # over its schools
            "l": ((x - radius - 6, y + 2), "rm"),
            "r": ((x + radius + 6, y + 2), "lm"),
        }[name_side(location)]
        draw_text(canvas, xy, name, SMALL, TEXT, anchor=anchor)
    timeline(canvas, years, year)
    return image


def header(canvas: ImageDraw.ImageDraw, view: ViewData) -> None:
    year = view["timeline"]["year"]
    title = f"Philosophia · round {view['round']} · {year} BC"
    draw_text(canvas, (12, 20), title, 22, TEXT, anchor="lm")
    draw_text(canvas, (12, 48), fit(status(view), 19, WIDTH - 24), 19, MUTED, anchor="lm")


def radius_of(location: str) -> int:
    return 14 if location not in ACROPOLIS else 13


def pieces(canvas: ImageDraw.ImageDraw, view: ViewData, location: str) -> None:
    """What stands on a place: its token, schools, followers and philosophers."""
    spot = view["locations"][location]
    x, y = place_xy(location)
    radius = radius_of(location)
    if spot["token"]:
        canvas.ellipse(
            (x + radius - 6, y - radius - 2, x + radius + 4, y - radius + 8),
            fill=TOKEN_FILL[spot["token"]],
            outline=(240, 240, 240),
        )
    for n, owner in enumerate(spot["schools"]):  # houses above the place
        hx, hy = x - radius + n * 11, y - radius - 8
        canvas.polygon(
            ((hx, hy), (hx + 5, hy - 6), (hx + 10, hy), (hx + 10, hy + 6), (hx, hy + 6)),
            fill=colour_of(view, owner),
            outline=(15, 15, 15),
        )
    for n, owner in enumerate(spot["followers"]):  # cubes to the left
        cx, cy = x - radius - 10 - (n % 3) * 8, y - 6 + (n // 3) * 8
        canvas.rectangle((cx, cy, cx + 6, cy + 6), fill=colour_of(view, owner), outline=(15, 15, 15))
    for n, who in enumerate(spot["philosophers"]):  # the philosophers on top
        px, py = x + n * 12, y
        fill = colour_of(view, who)
        edge = GOLD if who in view.get("to_move", []) or who == view["turn"] else (250, 250, 250)
        canvas.ellipse((px - 12, py - 12, px + 12, py + 12), fill=fill, outline=edge, width=3)
        letter = view["players"][who]["character"][0]
        draw_text(canvas, (px, py + 1), letter, SMALL, (255, 255, 255), anchor="mm", stroke_width=1, stroke_fill=fill)


def timeline(canvas: ImageDraw.ImageDraw, years: tuple[int, ...], now: int) -> None:
    left, right, y = 30, WIDTH - 30, TIMELINE_Y
    draw_text(canvas, (12, y - 30), "Timeline (BC) - Rome arrives in 146", SMALL, MUTED, anchor="lm")
    canvas.line((left, y, right, y), fill=MUTED, width=3)
    step = (right - left) / (len(years) - 1)
    for index, year in enumerate(years):
        x = left + index * step
        here = index == now
        fill = GOLD if here else (190, 60, 60) if index == len(years) - 1 else PANEL
        canvas.ellipse((x - 9, y - 9, x + 9, y + 9), fill=fill, outline=TEXT if here else MUTED)
        draw_text(canvas, (x, y + 22), f"{year}", SMALL, TEXT if here else MUTED, anchor="mm")


def boards(canvas: ImageDraw.ImageDraw, view: ViewData) -> None:
    """Each player's board: name, Labyrinth, coins, wisdom, debates won and location tokens (the
    rest is in the text)."""
    for who, player in enumerate(view["players"]):
        column, row = who % 2, who // 2
        x, y = 12 + column * (BOARD_W + 10), BOARDS_Y + row * (BOARD_H + 8)
        canvas.rounded_rectangle(
            (x, y, x + BOARD_W, y + BOARD_H),
            radius=8,
            fill=PANEL,
            outline=GOLD if who in view.get("to_move", []) else PANEL,
            width=2,
        )
        canvas.ellipse((x + 8, y + 9, x + 24, y + 25), fill=colour_of(view, who))
        name = view["names"][who] + (" (you)" if who == view.get("seat") else "")
        draw_text(canvas, (x + 32, y + 17), fit(name, 20, BOARD_W - 40), 20, TEXT, anchor="lm")
        labyrinth = len(player["labyrinth"])
        maze = f"Labyrinth {labyrinth}/3" + (f" #{player['numbered']}" if player["numbered"] else "")
        left, right = x + 10, x + 10 + (BOARD_W - 20) * 0.62
        draw_text(canvas, (left, y + 44), maze, SMALL, GOLD if labyrinth else MUTED, anchor="lm")
        draw_text(canvas, (right, y + 44), f"coins {player['coins']}", SMALL, TEXT, anchor="lm")
        draw_text(canvas, (left, y + 68), f"wisdom {len(player['wisdom'])}/3", SMALL, TEXT, anchor="lm")
        draw_text(canvas, (right, y + 68), f"debates {player['debate_wins']}", SMALL, TEXT, anchor="lm")
        for n, colour in enumerate(player["tokens"]):
            canvas.ellipse(
                (left + n * 14, y + 82, left + 10 + n * 14, y + 92), fill=TOKEN_FILL[colour], outline=(240, 240, 240)
            )
        if player["silenced"]:
            draw_text(canvas, (x + BOARD_W - 8, y + 86), "spellbound", SMALL, ACCENT, anchor="rm")


def status(view: ViewData) -> str:
    """What the table is waiting for, in a few words."""
    phase = view["phase"]
    if phase == "over":
        end: str = view["end"]
        return end
    waiting = ", ".join(view["names"][s] for s in view["to_move"])
    if phase == "debate":
        debate = view["debate"]
        step = {"lead": "to lead", "respond": "to answer", "dump": "may add cards to their pile"}[debate["step"]]
        return f"Debate: {waiting} {step}"
    if phase == "auction":
        return f"Athena's auction: waiting for {waiting}"
    if phase == "veto":
        return f"Oracle card in play: waiting for {waiting}"
    return f"{waiting}: {'move' if phase == 'move' else 'the location token' if phase == 'bonus' else 'one action'}"
