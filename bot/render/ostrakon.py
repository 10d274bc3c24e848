"""Ostrakon as a picture and as Discord markdown, from a view (the public one, or a seat's).

The picture follows the table: the Temple of Wisdom on the left, spaces 1..8 going out along the
bottom row, turning at 8, and 9..16 coming back along the top row to the Temple. Each pile is a
stack of name tokens, bottom to top, with a gold edge and a notch on its top token; the Sun sits on
its space, and the stack under the Sun is listed at the foot of the picture.
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
from bot.render.style import BACKGROUND, GOLD, MUTED, PANEL, SEAT_COLOURS, TEXT, Colour, fit, font, ink_for
from engine.ostrakon.data import FREE_SUBJECT, LAST_SPACE
from engine.ostrakon.data import affected_for as affected

WIDTH, HEIGHT = 1000, 600
MARGIN = 14
HEADER = 84  # day, Calendar, Rule of the Day, subjects and speakers
SQUARE = 34  # height of a path space
TEMPLE_W = 96
COLUMN = (WIDTH - 2 * MARGIN - TEMPLE_W - 4) // 8
PATH_LEFT = WIDTH - MARGIN - 8 * COLUMN
LINE = 28  # a footer line
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


# --- Drawing helpers -----------------------------------------------------------------------------


def write(
    draw: ImageDraw.ImageDraw, x: float, y: float, words: str, size: int, fill: Colour = TEXT, bold: bool = False
) -> float:
    """Words whose left edge is at x and whose middle is at y; returns where they end."""
    draw.text((x, y), words, font=font(size), fill=fill, anchor="lm", stroke_width=1 if bold else 0, stroke_fill=fill)
    return x + font(size).getlength(words) + (2 if bold else 0)


def stone(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float, colour: str) -> None:
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
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    view: ViewData,
    seat: int,
    *,
    top: bool = False,
    size: int = 17,
    shows: str | None = None,
) -> None:
    """One philosopher: the name on the seat's colour. Top of a pile: gold edge and a notch.
    An olive dot while the follower card is unused; a green edge on this turn's follower;
    a bar under the viewer's own name; the stone when everyone may see it."""
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    edge = OLIVE if seat == view.get("follower") else GOLD if top else None
    draw.rounded_rectangle(box, radius=6, fill=colour, outline=edge or BACKGROUND, width=3 if edge else 1)
    middle = (y0 + y1) / 2
    if top:
        draw.polygon(((x0 - 4, middle - 7), (x0 + 5, middle), (x0 - 4, middle + 7)), fill=GOLD)
    ink = ink_for(colour)
    if seat == view.get("seat"):
        draw.rectangle((x0 + 7, y1 - 5, x1 - 7, y1 - 3), fill=ink)
    right = x1 - 5
    if shows:
        radius = min(8, (y1 - y0) * 0.3)
        stone(draw, right - radius, middle, radius, shows)
        right -= 2 * radius + 3
    if seat not in view.get("followed", []):
        draw.ellipse((x1 - 10, y0 + 3, x1 - 4, y0 + 9), fill=OLIVE)
    write(draw, x0 + 8, middle, fit(view["names"][seat], size, right - x0 - 8), size, ink)


# --- The path ------------------------------------------------------------------------------------


def space_box(space: int, back_y: int, out_y: int) -> tuple[int, int, int, int]:
    """Spaces 1..8 run left to right on the bottom row; 9..16 come back on the top row."""
    column, y = (space - 1, out_y) if space <= 8 else (LAST_SPACE - space, back_y)
    x = PATH_LEFT + column * COLUMN
    return x + 3, y, x + COLUMN - 3, y + SQUARE


def draw_temple(draw: ImageDraw.ImageDraw, view: ViewData, top: int, bottom: int, door_y: float) -> None:
    x0, x1 = MARGIN, MARGIN + TEMPLE_W - 8
    middle = (x0 + x1) / 2
    draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=PANEL)
    roof = max(top + 12, min(door_y - 62, bottom - 220))
    draw.polygon(((x0 + 6, roof + 22), (middle, roof), (x1 - 6, roof + 22)), fill=GOLD)
    for column in range(4):
        cx = x0 + 14 + column * (x1 - x0 - 28) / 3
        draw.rectangle((cx - 3, roof + 27, cx + 3, roof + 74), fill=(214, 190, 130))
    draw.rectangle((x0 + 8, roof + 76, x1 - 8, roof + 82), fill=GOLD)
    for row, word in enumerate(("Temple", "of", "Wisdom")):
        draw.text((middle, roof + 98 + row * 19), word, font=font(16), fill=GOLD, anchor="mm")
    if outstanding(view):
        winner_y = roof + 170
        token(draw, (x0 + 4, winner_y, x1 - 4, winner_y + 28), view, view["winner"], size=13)
        crown(draw, middle, winner_y - 2)


def draw_path(image: Image.Image, draw: ImageDraw.ImageDraw, view: ViewData, top: int, bottom: int) -> None:
    piles = {pile["space"]: pile["seats"] for pile in view["piles"]}
    tallest_back = max([len(seats) for space, seats in piles.items() if space > 8] + [1])
    tallest_out = max([len(seats) for space, seats in piles.items() if space <= 8] + [1])
    room = bottom - top - 2 * SQUARE - 10
    pitch = min(30, room // (tallest_back + tallest_out))
    spare = room - (tallest_back + tallest_out) * pitch
    back_y = top + tallest_back * pitch + spare // 2
    out_y = bottom - SQUARE

    def centre(space: int) -> tuple[float, float]:
        x0, y0, x1, y1 = space_box(space, back_y, out_y)
        return (x0 + x1) / 2, (y0 + y1) / 2

    turn_x = centre(8)[0] + COLUMN / 2 - 1
    draw.line(
        (
            centre(1),
            centre(8),
            (turn_x, centre(8)[1]),
            (turn_x, centre(9)[1]),
            centre(9),
            centre(16),
            (MARGIN + TEMPLE_W - 8, centre(16)[1]),
        ),
        fill=ROAD,
        width=6,
        joint="curve",
    )
    draw_temple(draw, view, top, bottom, centre(16)[1])
    winner, over = view.get("winner"), view.get("phase") == "over"
    size = 17 if pitch >= 26 else 16 if pitch >= 22 else 14
    if view.get("votes") or view.get("shown"):
        size = min(size, 15)
    for space in range(1, LAST_SPACE + 1):
        box = space_box(space, back_y, out_y)
        lit = space == view["sun"] and not over
        image.paste(space_tile(space, lit), box[:2])
        middle = (box[1] + box[3]) / 2
        special = (view.get("special_spaces") or {}).get(str(space))
        if special:  # the day symbol printed on the space: C, O or T in the rule's colour
            tag_x = box[0] + 34 if lit else box[2] - 28
            draw.rounded_rectangle((tag_x, middle - 11, tag_x + 22, middle + 11), radius=5, fill=RULE_COLOURS[special])
            draw.text(
                (tag_x + 11, middle),
                special[0].upper(),
                font=font(16),
                fill=(255, 255, 255),
                anchor="mm",
                stroke_width=1,
                stroke_fill=(255, 255, 255),
            )
        if lit:
            sun(draw, box[2] - 20, middle, 9)
        for height, seat in enumerate(piles.get(space, [])):
            y1 = box[1] - 3 - height * pitch
            is_top = height == len(piles[space]) - 1
            token(
                draw,
                (box[0] + 2, y1 - pitch + 4, box[2] - 2, y1),
                view,
                seat,
                top=is_top,
                size=size,
                shows=visible_stone(view, seat),
            )
            if over and seat == winner:
                crown(draw, (box[0] + box[2]) / 2, y1 - pitch + 3)


@lru_cache(maxsize=None)
def space_tile(space: int, lit: bool) -> Image.Image:
    """A path space with its number, the same in every game: drawn once, then pasted (never changed)."""
    x0, y0, x1, y1 = space_box(1, 0, 0)
    tile = Image.new("RGB", (x1 - x0 + 1, y1 - y0 + 1), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, x1 - x0, y1 - y0),
        radius=7,
        fill=SUNLIT if lit else PANEL,
        outline=GOLD if lit else (78, 82, 90),
        width=2,
    )
    write(draw, 9, (y1 - y0) / 2, str(space), 19, GOLD if lit else MUTED, bold=lit)
    return tile


# --- Header and footer ---------------------------------------------------------------------------


def draw_header(draw: ImageDraw.ImageDraw, view: ViewData) -> None:
    names, rule, days = view["names"], view["rule"], view["days"]
    x = write(draw, MARGIN, 22, "OSTRAKON", 18, GOLD, bold=True) + 18
    x = write(draw, x, 22, f"Day {view['day']} of {days}", 24, TEXT, bold=True) + 14
    left = moons_left(view)
    for moon in range(days):
        uncovered = moon >= days - left
        draw.ellipse((x, 12, x + 20, 32), fill=(236, 226, 190) if uncovered else (28, 29, 33), outline=(120, 120, 130))
        x += 25
    write(draw, x + 6, 22, f"{left} moon{'' if left == 1 else 's'} left", 18, MUTED)
    title = "Regular day" if rule == "regular" else rule.title()
    hint = RULE_HINTS[rule].format(n=affected(len(names)))
    width = font(20).getlength(title) + (font(15).getlength(hint) + 12 if hint else 0) + 26
    box = (WIDTH - MARGIN - width, 6, WIDTH - MARGIN, 38)
    draw.rounded_rectangle(box, radius=8, fill=RULE_COLOURS[rule])
    end = write(draw, box[0] + 12, 22, title, 20, (255, 255, 255), bold=True)
    if hint:
        write(draw, end + 10, 23, hint, 15, (240, 240, 245))
    if view.get("phase") == "over":
        winner = names[view["winner"]] if view.get("winner") is not None else "Nobody"
        why = (
            "reaches the Temple: an Outstanding Victory!" if outstanding(view) else "is closest to the Temple and wins!"
        )
        write(draw, MARGIN, 62, fit(f"{winner} {why}", 22, WIDTH - 2 * MARGIN), 22, GOLD, bold=True)
        return
    x = write(draw, MARGIN, 62, "Now:", 20, MUTED) + 8
    x = write(draw, x, 62, fit(subject_name(view["subject"]), 20, 220), 20, GOLD, bold=True) + 8
    speaker = names[view["speaker"]] if view.get("speaker") is not None else "?"
    x = write(draw, x, 62, fit(f"· {speaker} asks", 20, 240), 20, TEXT, bold=True) + 30
    x = write(draw, x, 62, "Next:", 20, MUTED) + 8
    x = write(draw, x, 62, fit(subject_name(view["next_subject"]), 20, 200), 20, GOLD) + 8
    write(draw, x, 62, fit(f"· {next_label(view)}", 20, WIDTH - MARGIN - x), 20, TEXT)


def footer_lines(view: ViewData) -> list[tuple[str, Colour, bool]]:
    """The text lines of the footer: (text, colour, bold)."""
    names, phase, question = view["names"], view.get("phase"), view.get("question")
    lines = []
    if question and phase != "over":
        lines.append((f"{names[view['speaker']]} asks: {question['text']}", TEXT, True))
    elif phase == "ask":
        about = "on any subject" if view["subject"] in (None, FREE_SUBJECT) else f"about {view['subject']}"
        lines.append((f"{names[view['speaker']]} is thinking of a question {about}.", TEXT, False))
    last = view.get("last")
    if last and not (question and phase != "over"):
        black = sum(1 for vote in last["votes"].values() if vote == "black")
        result = f"forward {last['advanced']}" if last["advanced"] else "under the Sun"
        lines.append(
            (
                f"Last: {names[last['speaker']]} asked “{last['question']['text']}” "
                f"({len(last['votes']) - black} white, {black} black: {result})",
                MUTED,
                False,
            )
        )
    return lines


def footer_height(view: ViewData) -> int:
    height = LINE * len(footer_lines(view))
    height += LINE + 2 if view.get("question") and view.get("phase") != "over" else 0
    return height + (LINE + 4 if view.get("under_sun") else 0)


def draw_footer(draw: ImageDraw.ImageDraw, view: ViewData, top: int) -> None:
    names, phase, question = view["names"], view.get("phase"), view.get("question")
    y = top + LINE / 2
    for words, colour, bold in footer_lines(view):
        write(draw, MARGIN, y, fit(words, 20, WIDTH - 2 * MARGIN), 20, colour, bold)
        y += LINE
    if question and phase != "over":
        x: float = MARGIN
        for side in ("white", "black"):
            stone(draw, x + 10, y, 9, side)
            x = write(draw, x + 26, y, fit(question[side], 19, 230), 19) + 22
        status = {
            "vote": "the council votes",
            "corrupt": "Corruption: the speaker chooses",
            "consult": "Oracle: the speaker chooses",
            "decide": "the speaker may turn the stone",
        }[view["phase"]]  # a question is put in one of these phases
        if view.get("follower") is not None:
            status += f" · {names[view['follower']]} follows"
        x = write(draw, x + 4, y, status, 19, MUTED) + 18
        mine = view.get("my_vote")
        if mine:
            x = write(draw, x, y, "Your vote:", 19, GOLD) + 8
            stone(draw, x + 9, y, 9, mine)
            write(draw, x + 24, y, fit(question[mine], 19, WIDTH - MARGIN - x - 24), 19, GOLD, bold=True)
        y += LINE + 2
    if view.get("under_sun"):
        x = write(draw, MARGIN, y + 1, "Under the Sun:", 17, GOLD) + 10
        for seat in view["under_sun"]:  # bottom to top, left to right
            width = font(15).getlength(names[seat]) + 20
            if x + width > WIDTH - MARGIN:
                write(draw, x, y + 1, "…", 17, GOLD)
                break
            token(draw, (x, y - 12, x + width, y + 14), {**view, "followed": list(range(len(names)))}, seat, size=15)
            x += width + 6


# --- The picture ---------------------------------------------------------------------------------


def position(view: ViewData) -> dict[str, Any]:
    """What the picture shows: all but who has voted (the board's text keeps that count), so the
    publisher draws one picture a question, not one a vote."""
    return {key: value for key, value in view.items() if key != "voted"}


def draw(view: ViewData) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    canvas = ImageDraw.Draw(image)
    draw_header(canvas, view)
    canvas.line((MARGIN, HEADER, WIDTH - MARGIN, HEADER), fill=PANEL, width=2)
    footer_top = HEIGHT - MARGIN + 4 - footer_height(view)
    draw_path(image, canvas, view, HEADER + 10, footer_top - 10)
    draw_footer(canvas, view, footer_top)
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
