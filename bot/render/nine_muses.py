"""Nine Muses as a picture and as short text: the pool, the Muses in the centre, and each
player's Knowledge, Muses and points (plus the viewer's own cards in a private view)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.presentation import GameAction, Presentation, ViewData, rules_page
from bot.render.style import ACCENT, BACKGROUND, GOLD, MUTED, PANEL, SEAT_COLOURS, TEXT, font
from engine.nine_muses.data import MUSES, PHILOSOPHERS
from engine.nine_muses.state import MuseName

WIDTH = 900
MARGIN = 16
KNOWLEDGE = ("craft", "science", "ethics")
TOKEN = {"craft": (214, 158, 72), "science": (84, 153, 232), "ethics": (96, 196, 128)}
EMOJI = {"craft": "🟧", "science": "🟦", "ethics": "🟩"}
MUSE_W, MUSE_H, MUSES_A_ROW = 166, 74, 5
PLAYER_H = 92


def _round_line(view: ViewData) -> str:
    line = f"Round {view['round']} of {view['rounds']}"
    return line + " - last round" if view["last_round"] else line


def _tokens(draw: ImageDraw.ImageDraw, x: int, y: int, knowledge: dict[str, int], size: int = 26) -> int:
    """Three coloured tokens with their counts; returns the x after them."""
    for kind in KNOWLEDGE:
        draw.ellipse((x, y, x + size, y + size), fill=TOKEN[kind])
        count = str(knowledge[kind])
        draw.text((x + size / 2, y + size / 2), count, font=font(15), fill=BACKGROUND, anchor="mm")
        draw.text((x + size + 6, y + size / 2), kind.title(), font=font(13), fill=MUTED, anchor="lm")
        x += size + 76
    return x


def _muse(image: Image.Image, x: int, y: int, name: MuseName) -> None:
    image.paste(_muse_card(name), (x, y))


@lru_cache(maxsize=None)
def _muse_card(name: MuseName) -> Image.Image:
    """A Muse's card, the same in every game: drawn once, then pasted (never changed)."""
    muse = MUSES[name]
    card = Image.new("RGB", (MUSE_W + 1, MUSE_H + 1), BACKGROUND)
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((0, 0, MUSE_W, MUSE_H), radius=8, fill=PANEL, outline=GOLD, width=2)
    draw.text((8, 6), name, font=font(16), fill=GOLD)
    draw.text((8, 28), muse.condition, font=font(11), fill=MUTED)
    draw.text((8, 48), "gift: " + muse.gift.text, font=font(11), fill=TEXT)
    return card


def _height(view: ViewData) -> int:
    muse_rows = max(1, -(-len(view["centre"]) // MUSES_A_ROW))
    hand = 40 if view.get("hand") is not None else 0
    return 110 + muse_rows * (MUSE_H + 10) + 30 + len(view["players"]) * (PLAYER_H + 10) + hand + MARGIN


def draw(view: ViewData) -> Image.Image:
    image = Image.new("RGB", (WIDTH, _height(view)), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.text((MARGIN, MARGIN), "Nine Muses", font=font(26), fill=TEXT)
    pen.text((WIDTH - MARGIN, MARGIN + 6), _round_line(view), font=font(16), fill=MUTED, anchor="ra")

    # The pool and Aristotle's card.
    y = 56
    pen.text((MARGIN, y + 5), "Pool", font=font(15), fill=MUTED)
    _tokens(pen, MARGIN + 50, y, view["pool"])
    worth = "   ".join(f"{k.title()} {v} VP" for k, v in view["aristotle"].items())
    pen.text((WIDTH - MARGIN, y + 6), f"Aristotle: {worth}", font=font(14), fill=TEXT, anchor="ra")

    # The Muses in the centre.
    y += 44
    pen.text((MARGIN, y), f"Centre ({view['muses_left']} Muses still face down)", font=font(14), fill=MUTED)
    y += 22
    for index, name in enumerate(view["centre"]):
        row, column = divmod(index, MUSES_A_ROW)
        _muse(image, MARGIN + column * (MUSE_W + 10), y + row * (MUSE_H + 10), name)
    y += max(1, -(-len(view["centre"]) // MUSES_A_ROW)) * (MUSE_H + 10) + 8

    # The players.
    for player in view["players"]:
        seat = player["seat"]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        to_move = view["turn"] == seat
        outline = GOLD if seat in view["winners"] else ACCENT if to_move else PANEL
        pen.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + PLAYER_H), radius=10, fill=PANEL, outline=outline, width=3
        )
        pen.ellipse((MARGIN + 12, y + 14, MARGIN + 30, y + 32), fill=colour)
        marks = " (first)" if view["first"] == seat and view["phase"] != "over" else ""
        marks += " - to play" if to_move else ""
        marks += " - wins!" if seat in view["winners"] else ""
        pen.text((MARGIN + 40, y + 12), player["name"] + marks, font=font(18), fill=TEXT)
        pen.text((WIDTH - MARGIN - 16, y + 8), f"{player['points']} VP", font=font(28), fill=GOLD, anchor="ra")
        _tokens(pen, MARGIN + 40, y + 44, player["knowledge"], size=24)
        cards = player["cards"]
        pen.text((MARGIN + 360, y + 50), f"{cards} card{'s' if cards != 1 else ''}", font=font(13), fill=MUTED)
        muses = ", ".join(player["muses"]) or "no Muses"
        pen.text((WIDTH - MARGIN - 16, y + 52), muses, font=font(14), fill=TEXT, anchor="ra")
        y += PLAYER_H + 10

    if view.get("hand") is not None:
        pen.text((MARGIN, y + 8), "Your cards: " + (", ".join(view["hand"]) or "none"), font=font(16), fill=TEXT)
    return image


def text(view: ViewData) -> str:
    names = view["names"]
    lines = [f"**Nine Muses** · {_round_line(view)}"]
    if view["phase"] == "over":
        winners = " and ".join(f"**{names[s]}**" for s in view["winners"])
        lines.append(f"🏆 {winners} {'win' if len(view['winners']) > 1 else 'wins'}!")
    elif view["phase"] == "collect":
        lines.append(f"**{names[view['turn']]}** chooses whom **{view['pending'][0]}** steals from.")
    else:
        lines.append(f"**{names[view['turn']]}** to play.")
    lines.append("Pool: " + " · ".join(f"{EMOJI[k]} {view['pool'][k]} {k.title()}" for k in KNOWLEDGE))
    lines.append("Centre: " + (", ".join(view["centre"]) or "no Muses"))
    for player in view["players"]:
        held = " ".join(f"{EMOJI[k]}{player['knowledge'][k]}" for k in KNOWLEDGE)
        muses = ", ".join(player["muses"]) or "-"
        lines.append(
            f"**{player['name']}** {player['points']} VP · {held} · Muses: {muses} · "
            f"{player['cards']} card{'s' if player['cards'] != 1 else ''}"
        )
    if view.get("hand") is not None:
        lines.append(f"Your cards: {_cards(view)}")
    if view["last"]:
        lines.append(f"Last: {view['last']}")
    return "\n".join(lines)[:1800]


def group(view: ViewData, action: GameAction) -> str | None:
    """How a long list of moves is grouped on a phone: by the Philosopher card played (with its
    two options), as a turn is one card and what to do with it."""
    card = getattr(action, "card", None)
    if card not in PHILOSOPHERS:
        return None
    options = " / ".join(trade.text for trade in PHILOSOPHERS[card][1])
    return f"Play {card} ({options})"[:80]


def _cards(view: ViewData) -> str:
    return ", ".join(view["hand"]) or "none"


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person, for the end-of-game summary."""
    return [f"Cards in hand: {_cards(view)}"] if view.get("hand") is not None else []


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("nine-muses.md"),
    reveal=reveal,
    label=None,
    group=group,
    position=None,
    hand_picture=None,
)
