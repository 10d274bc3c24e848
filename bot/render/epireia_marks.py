"""Each Epireia player's mark, an emoji and its colour, shared by the text (epireia_text.py), the
map (epireia.py) and the battlefield (epireia_battle.py), so that "🔵 Corinth" is blue everywhere."""

from __future__ import annotations

Colour = tuple[int, int, int]
# Each league's players in seat order take its marks in turn; the colours are the emoji's own
# (Twemoji's), so the picture and the text agree.
MARKS: dict[str, tuple[tuple[str, Colour], ...]] = {
    "delian": (("🔵", (85, 172, 238)), ("🟣", (170, 142, 214))),
    "peloponnesian": (("🔴", (221, 46, 68)), ("🟠", (244, 144, 12))),
}
ENEMY_MARK = ("⚪", (230, 231, 232))  # the solo mode's enemy cities
LEAGUE_COLOURS = {league: marks[0][1] for league, marks in MARKS.items()}
