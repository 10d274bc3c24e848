"""Ostrakon as a picture and as Discord markdown, from a view (the public one, or a seat's).

The picture is drawn for a phone (bot/render/style.py): the path climbs from space 1 at the bottom
to the Temple of Wisdom at the top, four spaces a row, turning at each row's end (1-4, 5-8 back,
9-12, 13-16 back). Each pile is a stack of name tokens, bottom to top, with a gold edge and a notch
on its top token; the Sun sits on its space, and the stack under the Sun is listed at the foot.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.render.ostrakon_text import (
    RULE_HINTS,
    label,
    moons_left,
    next_label,
    outstanding,
    reveal,
    subject_name,
    text,
    visible_stone,
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
    font,
    ink_for,
    wrap,
)
from engine.ostrakon.data import FREE_SUBJECT, LAST_SPACE
from engine.ostrakon.data import affected_for as affected

MARGIN = 12
HEADER = 150  # day, Calendar, Rule of the Day, subjects and speakers
EDGE = 18  # left and right of the path: room for the road's turns
COLUMN = (WIDTH - 2 * EDGE) // 4
SQUARE = 36  # height of a path space
PITCH = 29  # height of a token in a pile
TEMPLE_H = 92
BODY = 21  # the footer's text
RULE_COLOURS = {
    "regular": (88, 93, 104),
    "corruption": (190, 58, 88),
    "oracle": (58, 128, 206),
    "treachery": (206, 116, 30),
}
STONE_FILL = {"white": (246, 246, 246), "black": (16, 16, 18)}
OLIVE = (128, 186, 72)
SUNLIT = (88, 74, 36)
ROAD = (70, 74, 82)
Pen = ImageDraw.ImageDraw | None  # None: only measure where things would go


# --- Drawing helpers -----------------------------------------------------------------------------


def write(pen: Pen, x: float, y: float, words: str, size: int, fill: Colour = TEXT, bold: bool = False) -> float:
    """Words whose left edge is at x and whose middle is at y; returns where they end."""
    if pen is not None:
        draw_text(pen, (x, y), words, size, fill, anchor="lm", stroke_width=1 if bold else 0, stroke_fill=fill)
    return x + font(size).getlength(words) + (2 if bold else 0)


def stone(draw: Pen, x: float, y: float, radius: float, colour: str) -> None:
    if draw is not None:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=STONE_FILL[colour], outline=(170, 170, 178))


def sun(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    for ray in range(12):
        angle = ray * math.pi / 6
        inner, outer = radius + 2, radius + 7
        draw.line(
            (
                x + inner * math.cos(angle),
                y + inner * math.sin(angle),
                x + outer * math.cos(angle),
                y + outer * math.sin(angle),
            ),
            fill=GOLD,
            width=3,
        )
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=GOLD, outline=(255, 226, 130), width=2)


def crown(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A small gold crown whose base is centred on (x, y)."""
    points = ((-13, 0), (-13, -11), (-6, -5), (0, -14), (6, -5), (13, -11), (13, 0))
    draw.polygon([(x + dx, y + dy) for dx, dy in points], fill=GOLD, outline=(120, 90, 20))


def token(
    draw: Pen,
    box: tuple[float, float, float, float],
    view: ViewData,
    seat: int,
    *,
    top: bool = False,
    shows: str | None = None,
) -> None:
    """One philosopher: the name on the seat's colour. Top of a pile: gold edge and a notch.
    An olive dot while the follower card is unused; a green edge on this turn's follower;
    a bar under the viewer's own name; the stone when everyone may see it."""
    if draw is None:
        return
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    edge = OLIVE if seat == view.get("follower") else GOLD if top else None
    draw.rounded_rectangle(box, radius=6, fill=colour, outline=edge or BACKGROUND, width=3 if edge else 1)
    middle = (y0 + y1) / 2
    if top:
        draw.polygon(((x0 - 4, middle - 7), (x0 + 5, middle), (x0 - 4, middle + 7)), fill=GOLD)
    ink = ink_for(colour)
    if seat == view.get("seat"):
        draw.rectangle((x0 + 7, y1 - 4, x1 - 7, y1 - 3), fill=ink)
    right = x1 - 9
    if shows:
        radius = min(8, (y1 - y0) * 0.3)
        stone(draw, x1 - 6 - radius, middle, radius, shows)
        right -= 2 * radius + 2
    if seat not in view.get("followed", []):
        draw.ellipse((x1 - 8, y0 + 3, x1 - 3, y0 + 8), fill=OLIVE)
    write(draw, x0 + 7, middle, fit(view["names"][seat], SMALL, right - x0 - 7), SMALL, ink)


# --- The path ------------------------------------------------------------------------------------


def row_of(space: int) -> int:
    """0 for spaces 1-4 (the bottom row) to 3 for 13-16."""
    return (space - 1) // 4


def column_of(space: int) -> int:
    """Rows 0 and 2 run left to right, rows 1 and 3 back."""
    step = (space - 1) % 4
    return step if row_of(space) % 2 == 0 else 3 - step


def space_box(space: int, rows: list[float]) -> tuple[int, int, int, int]:
    """`rows`: the top of each row's spaces."""
    x, y = EDGE + column_of(space) * COLUMN, int(rows[row_of(space)])
    return x + 3, y, x + COLUMN - 3, y + SQUARE


def row_tops(view: ViewData, top: float) -> tuple[list[float], float]:
    """The top of each row's spaces, from `top` down, each under room for its tallest pile; and
    where the path ends."""
    tallest = [0] * 4
    for pile in view["piles"]:
        row = row_of(pile["space"])
        tallest[row] = max(tallest[row], len(pile["seats"]))
    rows = [0.0] * 4
    y = top
    for row in (3, 2, 1, 0):
        y += tallest[row] * PITCH + (6 if tallest[row] else 0)
        rows[row] = y
        y += SQUARE + 14
    return rows, y - 14


def draw_temple(draw: ImageDraw.ImageDraw, view: ViewData, top: float) -> None:
    x0, x1, bottom = MARGIN, WIDTH - MARGIN, top + TEMPLE_H
    draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=PANEL)
    left, right = x0 + 14, x0 + 96
    middle = (left + right) / 2
    draw.polygon(((left, top + 30), (middle, top + 10), (right, top + 30)), fill=GOLD)
    for column in range(4):
        cx = left + 8 + column * (right - left - 16) / 3
        draw.rectangle((cx - 3, top + 34, cx + 3, top + 72), fill=(214, 190, 130))
    draw.rectangle((left, top + 74, right, top + 80), fill=GOLD)
    write(draw, right + 18, top + 24, "Temple of Wisdom", 22, GOLD)
    if outstanding(view):
        y = top + 57
        token(draw, (right + 18, y, right + 188, y + PITCH - 3), view, view["winner"])
        crown(draw, right + 103, y - 1)


def draw_path(image: Image.Image, draw: ImageDraw.ImageDraw, view: ViewData, top: float) -> float:
    """The Temple and the path from `top`; returns where they end."""
    draw_temple(draw, view, top)
    rows, bottom = row_tops(view, top + TEMPLE_H + 8)

    def centre(space: int) -> tuple[float, float]:
        x0, y0, x1, y1 = space_box(space, rows)
        return (x0 + x1) / 2, (y0 + y1) / 2

    road = [centre(1)]
    for space in range(2, LAST_SPACE + 1):
        if row_of(space) != row_of(space - 1):  # round the row's end, outside the piles
            side = EDGE / 2 if column_of(space) == 0 else WIDTH - EDGE / 2
            road += [(side, centre(space - 1)[1]), (side, centre(space)[1])]
        road.append(centre(space))
    road += [(EDGE / 2, centre(LAST_SPACE)[1]), (EDGE / 2, top + TEMPLE_H - 6)]
    draw.line(road, fill=ROAD, width=6, joint="curve")
    draw_temple(draw, view, top)  # over the road's end
    piles = {pile["space"]: pile["seats"] for pile in view["piles"]}
    winner, over = view.get("winner"), view.get("phase") == "over"
    for space in range(1, LAST_SPACE + 1):
        box = space_box(space, rows)
        lit = space == view["sun"] and not over
        special = (view.get("special_spaces") or {}).get(str(space))
        image.paste(space_tile(space, lit, special), box[:2])
        for height, seat in enumerate(piles.get(space, [])):
            y1 = box[1] - 3 - height * PITCH
            token(
                draw,
                (box[0] + 2, y1 - PITCH + 3, box[2] - 2, y1),
                view,
                seat,
                top=height == len(piles[space]) - 1,
                shows=visible_stone(view, seat),
            )
            if over and seat == winner:
                crown(draw, (box[0] + box[2]) / 2, y1 - PITCH + 2)
    return bottom


@lru_cache(maxsize=None)
def space_tile(space: int, lit: bool, special: str | None) -> Image.Image:
    """A path space with its number, the day symbol printed on it (C, O or T in the rule's colour)
    and the Sun when it stands there: drawn once, then pasted (never changed)."""
    x0, y0, x1, y1 = space_box(1, [0.0])
    w, h = x1 - x0, y1 - y0
    tile = Image.new("RGB", (w + 1, h + 1), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, w, h), radius=7, fill=SUNLIT if lit else PANEL, outline=GOLD if lit else (78, 82, 90), width=2
    )
    write(draw, 9, h / 2, str(space), 20, GOLD if lit else MUTED, bold=lit)
    if special:
        tag_x = 40 if lit else w - 30
        draw.rounded_rectangle((tag_x, h / 2 - 12, tag_x + 24, h / 2 + 12), radius=5, fill=RULE_COLOURS[special])
        draw_text(draw, (tag_x + 12, h / 2), special[0].upper(), SMALL, (255, 255, 255), anchor="mm", stroke_width=1)
    if lit:
        sun(draw, w - 20, h / 2, 8)
    return tile


# --- Header and footer ---------------------------------------------------------------------------


def draw_header(draw: ImageDraw.ImageDraw, view: ViewData) -> None:
    """Day, Calendar, Rule of the Day, subjects and speakers, above HEADER."""
    names, rule, days = view["names"], view["rule"], view["days"]
    x = write(draw, MARGIN, 24, "OSTRAKON", 20, GOLD, bold=True) + 14
    x = write(draw, x, 24, f"Day {view['day']} of {days}", 24, TEXT, bold=True) + 12
    left = moons_left(view)
    for moon in range(days):
        uncovered = moon >= days - left
        draw.ellipse((x, 15, x + 18, 33), fill=(236, 226, 190) if uncovered else (28, 29, 33), outline=(120, 120, 130))
        x += 22
    moons = f"{left} moon{'' if left == 1 else 's'} left"
    if x + 6 + font(SMALL).getlength(moons) <= WIDTH - MARGIN:
        write(draw, x + 6, 24, moons, SMALL, MUTED)
    title = "Regular day" if rule == "regular" else rule.title()
    hint = RULE_HINTS[rule].format(n=affected(len(names)))
    room = WIDTH - 2 * MARGIN - 28 - font(20).getlength(title)
    hint = fit(hint, SMALL, room) if hint else ""
    width = font(20).getlength(title) + (font(SMALL).getlength(hint) + 10 if hint else 0) + 26
    draw.rounded_rectangle((MARGIN, 46, MARGIN + width, 78), radius=8, fill=RULE_COLOURS[rule])
    end = write(draw, MARGIN + 12, 62, title, 20, (255, 255, 255), bold=True)
    if hint:
        write(draw, end + 10, 63, hint, SMALL, (240, 240, 245))
    if view.get("phase") == "over":
        winner = names[view["winner"]] if view.get("winner") is not None else "Nobody"
        why = (
            "reaches the Temple: an Outstanding Victory!" if outstanding(view) else "is closest to the Temple and wins!"
        )
        for row, line in enumerate(wrap(f"{winner} {why}", 22, WIDTH - 2 * MARGIN)[:2]):
            write(draw, MARGIN, 100 + row * 28, line, 22, GOLD, bold=True)
        return
    speaker = names[view["speaker"]] if view.get("speaker") is not None else "?"
    for y, word, subject, who, bold in (
        (98, "Now:", view["subject"], f"· {speaker} asks", True),
        (126, "Next:", view["next_subject"], f"· {next_label(view)}", False),
    ):
        x = write(draw, MARGIN, y, word, SMALL, MUTED) + 8
        x = write(draw, x, y, fit(subject_name(subject), 20, 210), 20, GOLD, bold=bold) + 8
        write(draw, x, y, fit(who, 20, WIDTH - MARGIN - x), 20, TEXT, bold=bold)


def footer(draw: Pen, view: ViewData, top: float) -> float:
    """The question and its stones, the last result, and the stack under the Sun, from `top`
    (with no pen, only measured); returns where it ends."""
    names, phase, question = view["names"], view.get("phase"), view.get("question")
    room = WIDTH - 2 * MARGIN
    y = top + 26
    if question and phase != "over":
        for line in wrap(f"{names[view['speaker']]} asks: {question['text']}", BODY, room)[:3]:
            write(draw, MARGIN, y, line, BODY, TEXT, bold=True)
            y += 28
        x: float = MARGIN
        for side in ("white", "black"):
            stone(draw, x + 10, y + 2, 9, side)
            x = write(draw, x + 26, y + 2, fit(question[side], BODY, room / 2 - 40), BODY) + 18
        y += 30
        status = {
            "vote": "the council votes",
            "corrupt": "Corruption: the speaker chooses",
            "consult": "Oracle: the speaker chooses",
            "decide": "the speaker may turn the stone",
        }[view["phase"]]  # a question is put in one of these phases
        if view.get("follower") is not None:
            status += f" · {names[view['follower']]} follows"
        write(draw, MARGIN, y, fit(status, SMALL, room), SMALL, MUTED)
        y += 28
        mine = view.get("my_vote")
        if mine:
            x = write(draw, MARGIN, y, "Your vote:", BODY, GOLD) + 8
            stone(draw, x + 9, y, 9, mine)
            write(draw, x + 24, y, fit(question[mine], BODY, WIDTH - MARGIN - x - 24), BODY, GOLD, bold=True)
            y += 30
    elif phase == "ask":
        about = "on any subject" if view["subject"] in (None, FREE_SUBJECT) else f"about {view['subject']}"
        for line in wrap(f"{names[view['speaker']]} is thinking of a question {about}.", BODY, room)[:2]:
            write(draw, MARGIN, y, line, BODY)
            y += 28
    last = view.get("last")
    if last and not (question and phase != "over"):  # the question itself is in the board's messages
        black = sum(1 for vote in last["votes"].values() if vote == "black")
        result = f"forward {last['advanced']}" if last["advanced"] else "under the Sun"
        words = (
            f"Last: {names[last['speaker']]}'s question, {len(last['votes']) - black} white, {black} black: {result}"
        )
        write(draw, MARGIN, y, fit(words, SMALL, room), SMALL, MUTED)
        y += 28
    if view.get("under_sun"):
        x = write(draw, MARGIN, y + 1, "Under the Sun:", SMALL, GOLD) + 10
        seen = {**view, "followed": list(range(len(names)))}
        for seat in view["under_sun"]:  # bottom to top, left to right, in as many lines as it takes
            width = min(font(SMALL).getlength(names[seat]) + 18, room)
            if x + width > WIDTH - MARGIN:
                x, y = MARGIN, y + 33
            token(draw, (x, y - 14, x + width, y + 14), seen, seat)
            x += width + 6
        y += 33
    return y


# --- The picture ---------------------------------------------------------------------------------


def position(view: ViewData) -> dict[str, Any]:
    """What the picture shows: all but who has voted (the board's text keeps that count), so the
    publisher draws one picture a question, not one a vote."""
    return {key: value for key, value in view.items() if key != "voted"}


def draw(view: ViewData) -> Image.Image:
    path = TEMPLE_H + 8 + row_tops(view, 0)[1]
    image = Image.new("RGB", (WIDTH, int(HEADER + 10 + path + footer(None, view, 0) + MARGIN)), BACKGROUND)
    canvas = ImageDraw.Draw(image)
    draw_header(canvas, view)
    canvas.line((MARGIN, HEADER, WIDTH - MARGIN, HEADER), fill=PANEL, width=2)
    footer(canvas, view, draw_path(image, canvas, view, HEADER + 10))
    return image


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("ostrakon.md"),
    reveal=reveal,
    label=label,
    group=None,
    position=position,
    hand_picture=None,
)
