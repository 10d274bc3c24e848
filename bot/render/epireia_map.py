"""Epireia's map of Greece, the part that never changes: the seas, the land shapes of the
Territories, cities and Empires, roughly where a map of Greece has them, and their names. It is
drawn once (`background`) and pasted under every picture.

Coordinates are the map's own (MAP_W x MAP_H): the shapes were drawn on 660 x 580 and are
narrowed to a phone's picture (bot/render/style.py). Each place has a land (or sea) shape and a
card: the spot, on or beside its shape, where its name and what stands there (owner, Brigands,
figures) are written.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.render.style import GOLD, SMALL, TEXT, WIDTH, Colour, draw_text
from engine.epireia import data

DRAWN_W, DRAWN_H = 660, 580  # the size the shapes below were drawn at
MAP_W, MAP_H = WIDTH - 24, 600
CARD_W, EMPIRE_W, SEA_W = 110, 100, 156
NAME_SIZE = SMALL

SEA = (30, 74, 122)  # the Aegean and the seas around Greece
SEA_ZONE = (44, 98, 150)  # a sea Territory
LAND = (112, 101, 72)
CITY_LAND = (124, 112, 80)
EMPIRE = (92, 68, 112)
BORDER = (58, 52, 40)
OUTLINE = (20, 24, 30)  # round the names, so they read on land and sea alike


@dataclass(frozen=True)
class Place:
    shape: tuple[tuple[int, int], ...]
    card: tuple[int, int]  # the centre of the card's top edge
    width: int = CARD_W


def blob(centre: tuple[int, int], radii: tuple[int, int], corners: int = 18) -> tuple[tuple[int, int], ...]:
    """An oval as a polygon: a sea Territory's waters."""
    (x, y), (rx, ry) = centre, radii
    return tuple(
        (round(x + rx * math.cos(2 * math.pi * k / corners)), round(y + ry * math.sin(2 * math.pi * k / corners)))
        for k in range(corners)
    )


DRAWN: dict[str, Place] = {
    # Mainland Greece, north to south.
    "Illyria": Place(((30, 0), (170, 0), (160, 55), (150, 85), (140, 110), (60, 110), (40, 70)), (95, 8)),
    "Epirus": Place(((40, 110), (140, 110), (150, 130), (145, 175), (120, 215), (60, 200), (45, 160)), (88, 134)),
    "Larissa": Place(
        ((140, 110), (150, 85), (260, 80), (275, 110), (270, 165), (230, 170), (150, 170), (145, 130)), (208, 96)
    ),
    "Chalkidiki": Place(
        (
            (280, 85),
            (350, 72),
            (390, 80),
            (395, 110),
            (380, 150),
            (365, 125),
            (350, 155),
            (335, 125),
            (320, 150),
            (305, 120),
            (285, 125),
        ),
        (336, 92),
    ),
    "Delphi": Place(
        ((120, 215), (145, 175), (150, 170), (230, 170), (270, 172), (272, 212), (240, 228), (140, 232)), (190, 176)
    ),
    "Euboea": Place(((262, 166), (300, 158), (342, 174), (378, 214), (372, 236), (340, 226), (300, 204)), (322, 178)),
    "Athens": Place(
        ((240, 228), (272, 212), (300, 226), (336, 244), (350, 282), (320, 302), (285, 292), (252, 262)), (300, 250)
    ),
    # The Peloponnese, across the Gulf of Corinth.
    "Corinth": Place(((150, 244), (212, 240), (252, 262), (246, 300), (230, 316), (150, 306)), (188, 262)),
    "Elis": Place(((20, 300), (150, 256), (150, 306), (135, 342), (120, 382), (40, 382), (24, 342)), (72, 320)),
    "Sparta": Place(
        (
            (135, 342),
            (150, 306),
            (230, 316),
            (246, 300),
            (266, 340),
            (252, 410),
            (226, 432),
            (206, 402),
            (186, 436),
            (160, 402),
            (130, 382),
        ),
        (196, 356),
    ),
    # The seas.
    "Thrakiko Pelagos": Place(blob((455, 72), (50, 58)), (452, 30), SEA_W),
    "Aigaio Pelagos": Place(blob((428, 318), (52, 66)), (425, 296), SEA_W),
    "Kritiko Pelagos": Place(blob((390, 432), (92, 34)), (390, 410), SEA_W),
    # Asia Minor.
    "Aeolis": Place(((470, 96), (560, 70), (565, 180), (482, 186), (458, 140)), (518, 110)),
    "Ionia": Place(((482, 186), (565, 180), (570, 322), (500, 332), (470, 262)), (525, 230)),
    # The Empires, on the edges.
    "Macedonia": Place(
        ((170, 0), (400, 0), (396, 40), (350, 72), (280, 85), (260, 80), (160, 55)), (290, 14), EMPIRE_W
    ),
    "Persia": Place(((560, 0), (660, 0), (660, 330), (570, 322), (565, 180), (560, 70)), (600, 40), EMPIRE_W),
    "Phoenicia": Place(((578, 352), (660, 340), (660, 482), (592, 472), (572, 412)), (598, 380), EMPIRE_W),
    "Egypt": Place(((340, 522), (560, 506), (604, 580), (330, 580)), (452, 524), EMPIRE_W),
    "Carthage": Place(((0, 500), (150, 506), (200, 580), (0, 580)), (80, 524), EMPIRE_W),
    "Syracuse": Place(((0, 402), (62, 410), (98, 440), (62, 472), (0, 472)), (60, 418), EMPIRE_W),
}


def narrowed(points: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((round(x * MAP_W / DRAWN_W), round(y * MAP_H / DRAWN_H)) for x, y in points)


PLACES = {name: Place(narrowed(p.shape), narrowed((p.card,))[0], p.width) for name, p in DRAWN.items()}
CRETE = narrowed(((300, 482), (430, 472), (456, 484), (420, 494), (310, 497)))  # scenery: no place of the game


def empire_rolls(place: str) -> str:
    """An Empire's rolls to win its favour: alone / when two figures meet there."""
    low, high = data.EMPIRES[place]["target"]
    return f"roll {low}+ / {high}+"


def fill_of(place: str) -> Colour:
    if place in data.EMPIRES:
        return EMPIRE
    if place in data.CITIES:
        return CITY_LAND
    return SEA_ZONE if data.is_sea(place) else LAND


def outlined(
    pen: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: Colour, anchor: str = "mt"
) -> None:
    """Text with a dark rim, readable on any colour of the map."""
    draw_text(pen, xy, text, size, fill, anchor=anchor, stroke_width=2, stroke_fill=OUTLINE)


@cache
def background() -> Image.Image:
    """The map without anything that changes: drawn once a process, copied into each picture."""
    image = Image.new("RGB", (MAP_W, MAP_H), SEA)
    pen = ImageDraw.Draw(image)
    for place, where in PLACES.items():
        sea = data.is_sea(place) and place in data.TERRITORIES
        pen.polygon(where.shape, fill=fill_of(place), outline=SEA if sea else BORDER, width=2)
    pen.polygon(CRETE, fill=LAND, outline=BORDER)
    for place, where in PLACES.items():
        sail = data.is_sea(place) and place in data.EMPIRES  # a sea Empire: figures with ⛵ only
        outlined(pen, where.card, place, NAME_SIZE, GOLD if sail else TEXT)  # the Empires' rolls: in the text
    return image
