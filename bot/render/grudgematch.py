"""Philosophy Grudgematch as a picture, from a view (public or a seat's); its text and menu labels
are in grudgematch_text.py.

The picture is the field as the engine names it: columns A..K, rows 1..17, the German goal at the
top and the French goal at the bottom, the centre line's spaces numbered 2..12. Philosophers are
discs in their team's colour with their initials and suit; the ball is white; the last kick (or
the kick under way) is a gold line through every space the ball passed, the spaces still ahead
dotted. Drawn for a phone (bot/render/style.py): the score, whose turn it is and what they are
doing above the field; the kick, the penalty boxes and, in a seat's own view, its hand below it.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.render.grudgematch_text import (
    ARROWS,
    doing,
    group,
    highlighted,
    kick_story,
    label,
    reveal,
    suit_of,
    team_name,
    team_of,
    text,
)
from bot.render.presentation import Presentation, ViewData, rules_page
from bot.render.style import (
    BACKGROUND,
    GOLD,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    SMALL,
    TEXT,
    WIDTH,
    Colour,
    draw_text,
    fit,
    ink_for,
    wrap,
)
from engine.grudgematch import data, field

CELL = 46
MARGIN = 10
HEAD = 136  # the title and score, the turn, and what is happening
LABEL = 24  # the row numbers' width, the column letters' height
GOAL_DEPTH = 14
FIELD_W, FIELD_H = field.WIDTH * CELL, field.HEIGHT * CELL
FIELD_X = (WIDTH - FIELD_W + LABEL) // 2
FIELD_Y = HEAD + LABEL + GOAL_DEPTH
PANEL_Y = FIELD_Y + FIELD_H + GOAL_DEPTH + 10  # the kick, the teams, the hand or the legend
PANEL_W = WIDTH - 2 * MARGIN
LINE = 25
HEIGHT = PANEL_Y + 4 * LINE + 64 + MARGIN
GRASS, STRIPE, CHALK = (44, 112, 64), (50, 122, 70), (222, 236, 224)
BOX_TINT = (58, 132, 80)
SUIT_INK = {"C": (20, 20, 24), "S": (20, 20, 24), "H": (200, 36, 48), "D": (200, 36, 48)}
INITIALS = {
    "Nietzsche": "Ni",
    "Husserl": "Hu",
    "Hegel": "Hg",
    "Heidegger": "Hd",
    "Descartes": "De",
    "Pascal": "Pa",
    "Sartre": "Sa",
    "Foucault": "Fo",
}


# --- Drawing helpers -----------------------------------------------------------------------------


def centre(space: str) -> tuple[float, float]:
    column, row = field.cell(space)
    return FIELD_X + (column - 0.5) * CELL, FIELD_Y + (row - 0.5) * CELL


def cell_box(space: str, inset: float = 0) -> tuple[float, float, float, float]:
    column, row = field.cell(space)
    x, y = FIELD_X + (column - 1) * CELL, FIELD_Y + (row - 1) * CELL
    return x + inset, y + inset, x + CELL - inset, y + CELL - inset


def suit_shape(pen: ImageDraw.ImageDraw, x: float, y: float, size: float, suit: str, ink: Colour | None = None) -> None:
    """A small suit symbol centred on (x, y), drawn with shapes (the bundled font has none)."""
    ink = ink or SUIT_INK[suit]
    r = size / 2
    if suit == "D":
        pen.polygon(((x, y - r), (x + r * 0.75, y), (x, y + r), (x - r * 0.75, y)), fill=ink)
    elif suit == "H":
        lobe = r * 0.52
        pen.ellipse((x - r, y - r * 0.75, x - r + 2 * lobe, y - r * 0.75 + 2 * lobe), fill=ink)
        pen.ellipse((x + r - 2 * lobe, y - r * 0.75, x + r, y - r * 0.75 + 2 * lobe), fill=ink)
        pen.polygon(((x - r, y - r * 0.2), (x + r, y - r * 0.2), (x, y + r)), fill=ink)
    elif suit == "S":
        lobe = r * 0.52
        pen.polygon(((x, y - r), (x + r, y + r * 0.15), (x - r, y + r * 0.15)), fill=ink)
        pen.ellipse((x - r, y - r * 0.25, x - r + 2 * lobe, y - r * 0.25 + 2 * lobe), fill=ink)
        pen.ellipse((x + r - 2 * lobe, y - r * 0.25, x + r, y - r * 0.25 + 2 * lobe), fill=ink)
        pen.polygon(((x, y + r * 0.2), (x + r * 0.35, y + r), (x - r * 0.35, y + r)), fill=ink)
    else:
        lobe = r * 0.45
        for dx, dy in ((0, -r * 0.5), (-r * 0.5, r * 0.1), (r * 0.5, r * 0.1)):
            pen.ellipse((x + dx - lobe, y + dy - lobe, x + dx + lobe, y + dy + lobe), fill=ink)
        pen.polygon(((x, y), (x + r * 0.35, y + r), (x - r * 0.35, y + r)), fill=ink)


def small_card(pen: ImageDraw.ImageDraw, x: float, y: float, card: str) -> float:
    """A little face-up card; returns the x after it."""
    w, h = 38, 52
    pen.rounded_rectangle((x, y, x + w, y + h), radius=4, fill=(246, 246, 240), outline=MUTED)
    if card == data.JOKER:
        draw_text(pen, (x + w / 2, y + h / 2), "JK", SMALL, (120, 40, 160), anchor="mm")
        return x + w + 5
    suit = card[-1]
    draw_text(pen, (x + w / 2, y + 15), card[:-1], 19, SUIT_INK.get(suit, MUTED), anchor="mm")
    if suit in SUIT_INK:
        suit_shape(pen, x + w / 2, y + 37, 14, suit)
    return x + w + 5


# --- The field -----------------------------------------------------------------------------------


def draw_field(pen: ImageDraw.ImageDraw) -> None:
    x: float
    y: float
    for row in range(1, field.HEIGHT + 1):
        y = FIELD_Y + (row - 1) * CELL
        pen.rectangle((FIELD_X, y, FIELD_X + FIELD_W, y + CELL), fill=STRIPE if row % 2 else GRASS)
    for team in (data.GERMANS, data.FRENCH):
        boxes = [s for s in field.ALL_SPACES if field.goal_box_team(s) == team]
        x0, y0 = min(cell_box(s)[0] for s in boxes), min(cell_box(s)[1] for s in boxes)
        x1, y1 = max(cell_box(s)[2] for s in boxes), max(cell_box(s)[3] for s in boxes)
        pen.rectangle((x0, y0, x1, y1), fill=BOX_TINT, outline=CHALK, width=2)
        goal_y0, goal_y1 = (y0 - GOAL_DEPTH, y0) if field.own_row(team, 1) == 1 else (y1, y1 + GOAL_DEPTH)
        pen.rectangle((x0, goal_y0, x1, goal_y1), fill=(230, 230, 230), outline=CHALK, width=2)
        for k in range(1, 6):  # the net
            gx = x0 + k * (x1 - x0) / 6
            pen.line((gx, goal_y0, gx, goal_y1), fill=(170, 170, 170))
    for column in range(field.WIDTH + 1):
        x = FIELD_X + column * CELL
        pen.line((x, FIELD_Y, x, FIELD_Y + FIELD_H), fill=(70, 140, 90))
    for row in range(field.HEIGHT + 1):
        y = FIELD_Y + row * CELL
        pen.line((FIELD_X, y, FIELD_X + FIELD_W, y), fill=(70, 140, 90))
    pen.rectangle((FIELD_X, FIELD_Y, FIELD_X + FIELD_W, FIELD_Y + FIELD_H), outline=CHALK, width=3)
    middle = FIELD_Y + (data.CENTRE_ROW - 0.5) * CELL
    y0, y1 = middle - CELL / 2, middle + CELL / 2
    pen.line((FIELD_X, y0, FIELD_X + FIELD_W, y0), fill=CHALK, width=2)
    pen.line((FIELD_X, y1, FIELD_X + FIELD_W, y1), fill=CHALK, width=2)
    for number in range(2, 13):
        x, y = centre(field.centre_space(number))
        draw_text(pen, (x, y), str(number), 19, (120, 176, 132), anchor="mm")
    for team, exit_space in enumerate(data.PENALTY_EXIT):
        x0, y0, x1, y1 = cell_box(exit_space, 2)
        draw_text(pen, (x0 + 1, y0), "P", SMALL, SEAT_COLOURS[team], anchor="la", stroke_width=1)
    for column in range(1, field.WIDTH + 1):
        x = FIELD_X + (column - 0.5) * CELL
        draw_text(pen, (x, HEAD + LABEL / 2), data.COLUMNS[column - 1], SMALL, MUTED, anchor="mm")
    for row in range(1, field.HEIGHT + 1):
        y = FIELD_Y + (row - 0.5) * CELL
        draw_text(pen, (FIELD_X - 5, y), str(row), SMALL, MUTED, anchor="rm")


def draw_kick(pen: ImageDraw.ImageDraw, view: ViewData) -> None:
    start, passed, ahead, scored = kick_story(view)
    if start is None:
        return
    points = [centre(start)] + [centre(s) for s in passed]
    if ahead:
        dots = [points[-1]] + [centre(s) for s in ahead]
        for (ax, ay), (bx, by) in zip(dots, dots[1:]):
            for k in range(1, 6):
                t = k / 6
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                pen.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=(240, 220, 150))
    if scored and len(points) > 1:
        (ax, ay), (bx, by) = points[-2], points[-1]
        points.append((bx + (bx - ax) * 0.8, by + (by - ay) * 0.8))
    if len(points) > 1:
        pen.line(points, fill=GOLD, width=4, joint="curve")
    for x, y in points[1 : len(passed) + 1]:
        pen.ellipse((x - 4, y - 4, x + 4, y + 4), fill=GOLD)
    x, y = points[0]
    pen.ellipse((x - 6, y - 6, x + 6, y + 6), outline=GOLD, width=2)


def draw_philosophers(pen: ImageDraw.ImageDraw, view: ViewData) -> None:
    rings = highlighted(view)
    for name, space in view["spots"].items():
        team = team_of(name)
        colour = SEAT_COLOURS[team]
        x, y = centre(space)
        r = CELL / 2 - 4
        if name in rings:
            pen.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=GOLD, width=3)
        goalie = suit_of(name) == data.GOALIE_SUIT
        pen.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=colour,
            outline=(250, 250, 250) if goalie else BACKGROUND,
            width=3 if goalie else 1,
        )
        draw_text(pen, (x - 2, y + 2), INITIALS.get(name, name[:2]), SMALL, ink_for(colour), anchor="mm")
        pen.ellipse((x + r - 12, y - r - 2, x + r + 2, y - r + 12), fill=(246, 246, 240))
        suit_shape(pen, x + r - 5, y - r + 5, 9, suit_of(name))


def draw_ball(pen: ImageDraw.ImageDraw, view: ViewData) -> None:
    ball = view.get("ball")
    if not ball:
        return
    x, y = centre(ball)
    r = 8
    if ball in view["spots"].values():  # on a philosopher: in the corner of his space
        x, y, r = x + CELL / 2 - 8, y + CELL / 2 - 8, 6
    pen.ellipse((x - r, y - r, x + r, y + r), fill=(252, 252, 252), outline=(20, 20, 24), width=2)
    pen.ellipse((x - r / 3, y - r / 3, x + r / 3, y + r / 3), fill=(20, 20, 24))


# --- The panel -----------------------------------------------------------------------------------

SUIT_WORD = {"C": "club", "H": "heart", "S": "spade", "D": "diamond"}


def card_words(card: str) -> str:
    return "the joker" if card == data.JOKER else f"{card[:-1]} of {SUIT_WORD.get(card[-1], '?')}s"


def plain(text: str) -> str:
    """The bundled font has no suit or arrow glyphs: spell them out for the picture."""
    for symbol, word in (("♣", "club"), ("♥", "heart"), ("♠", "spade"), ("♦", "diamond"), ("–", "-")):
        text = text.replace(symbol, word)
    for direction, arrow in ARROWS.items():
        text = text.replace(arrow, "")
    return text


def draw_head(pen: ImageDraw.ImageDraw, view: ViewData) -> None:
    """Above the field: the title and the score, the turn, and what is happening."""
    draw_text(pen, (MARGIN, 26), "Philosophy Grudgematch", 22, TEXT, anchor="lm")
    x0, x1 = WIDTH - MARGIN - 250, WIDTH - MARGIN
    pen.rounded_rectangle((x0, 6, x1, 46), radius=8, fill=PANEL)
    draw_text(pen, (x0 + 10, 26), team_name(0), SMALL, SEAT_COLOURS[0], anchor="lm")
    draw_text(pen, (x1 - 10, 26), team_name(1), SMALL, SEAT_COLOURS[1], anchor="rm")
    score = f"{view['teams'][0]['score']} - {view['teams'][1]['score']}"
    draw_text(pen, ((x0 + x1) / 2, 26), score, 24, TEXT, anchor="mm")
    half = "Sudden death" if view["sudden_death"] else f"Half {view['half']}"
    status = f"{half} · Turn {view['turn']} of {view['turn_limit']} · Deck {view['deck_size']}"
    if view.get("dice"):
        status += " · Dice " + " + ".join(str(d) for d in view["dice"])
    draw_text(pen, (MARGIN, 64), fit(status, SMALL, PANEL_W), SMALL, MUTED, anchor="lm")
    for row, line in enumerate(wrap(plain(doing(view)), 21, PANEL_W)[:2]):
        draw_text(pen, (MARGIN, 92 + row * 27), line, 21, GOLD, anchor="lm")


def draw_panel(pen: ImageDraw.ImageDraw, view: ViewData) -> None:
    """Under the field: the kick, the teams' hands and penalty boxes, and the hand or the legend."""
    x, y = MARGIN, PANEL_Y
    kick = view.get("kick") or view.get("last_kick")
    if kick:
        title = "Kick" if view.get("kick") else "Last kick"
        line = f"{title}: {kick['kicker']}, {card_words(kick['card'])} = {kick['value']}"
        result = view["last_kick"]["result"] if not view.get("kick") else "under way"
        for row, part in enumerate(wrap(f"{line} ({result})", SMALL, PANEL_W)[:2]):
            draw_text(pen, (x, y + row * LINE), part, SMALL, TEXT)
    y += 2 * LINE
    for team in (data.GERMANS, data.FRENCH):
        info = view["teams"][team]
        penalty = ", ".join(info["penalty"]) or "empty"
        words = f"{info['name']}: {info['hand_size']} cards · penalty box: {penalty}"
        draw_text(pen, (x, y), fit(words, SMALL, PANEL_W), SMALL, SEAT_COLOURS[team])
        y += LINE
    y += 8
    if view.get("hand") is not None:
        draw_text(pen, (x, y + 26), f"Your hand ({view['team']})", SMALL, TEXT, anchor="lm")
        cx: float = x + 200
        for card in view["hand"]:
            cx = small_card(pen, cx, y, card)
        return
    draw_text(pen, (x, y), "Germans defend the top goal, French the bottom.", SMALL, MUTED)
    draw_text(pen, (x, y + LINE), "P: penalty-box exit.", SMALL, MUTED)


@cache
def pitch() -> Image.Image:
    """The field, the same in every game: drawn once, then copied (never changed)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw_field(ImageDraw.Draw(image))
    return image


def draw(view: ViewData) -> Image.Image:
    image = pitch().copy()
    pen = ImageDraw.Draw(image)
    draw_kick(pen, view)
    draw_philosophers(pen, view)
    draw_ball(pen, view)
    draw_head(pen, view)
    draw_panel(pen, view)
    return image


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("grudgematch.md"),
    reveal=reveal,
    label=label,
    group=group,
    position=None,
    hand_picture=None,
)
