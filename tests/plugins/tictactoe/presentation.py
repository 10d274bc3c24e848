"""How tic-tac-toe is shown: a picture of the board, the same as text, its rules page."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from bot.render.presentation import Presentation
from bot.render.style import BACKGROUND, GOLD, PANEL, TEXT

from .rules import MARKS

CELL, MARGIN = 140, 20
WIDTH, HEIGHT = 640, 3 * CELL + 2 * MARGIN  # a board's picture is at least 600 x 400


def draw(view: dict) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = ImageDraw.Draw(image)
    for square, mark in enumerate(view["board"]):
        left, top = MARGIN + square % 3 * CELL, MARGIN + square // 3 * CELL
        pen.rectangle((left, top, left + CELL, top + CELL), outline=PANEL, width=3)
        inset = 30
        if mark == "X":
            pen.line((left + inset, top + inset, left + CELL - inset, top + CELL - inset), fill=GOLD, width=6)
            pen.line((left + inset, top + CELL - inset, left + CELL - inset, top + inset), fill=GOLD, width=6)
        elif mark == "O":
            pen.ellipse((left + inset, top + inset, left + CELL - inset, top + CELL - inset), outline=TEXT, width=6)
    return image


def text(view: dict) -> str:
    rows = [" ".join(mark or "·" for mark in view["board"][row * 3 : row * 3 + 3]) for row in range(3)]
    names = view["names"]
    if view["winner"] is not None:
        status = f"🏆 {names[view['winner']]} wins."
    elif view["to_move"]:
        seat = view["to_move"][0]
        status = f"{names[seat]} ({MARKS[seat]}) to mark a square."
    else:
        status = "The board is full: a draw."
    return "```\n" + "\n".join(rows) + "\n```\n" + status


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=Path(__file__).with_name("rules.md"),
    reveal=None,
    label=None,
    group=None,
    position=None,
    hand_picture=None,
)
