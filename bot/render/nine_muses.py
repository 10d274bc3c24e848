"""Nine Muses as a picture and as short text: the pool, the Muses in the centre, and each
player's Knowledge, Muses and points (plus the viewer's own cards in a private view). The picture
is drawn for a phone (bot/render/style.py); the Muses' conditions are in the text."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.presentation import GameAction, Presentation, ViewData, rules_page
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
    wrap,
)
from engine.nine_muses.actions import label as engine_label
from engine.nine_muses.data import MUSES, PHILOSOPHERS
from engine.nine_muses.state import MuseName

MARGIN = 12
KNOWLEDGE = ("craft", "science", "ethics")
TOKEN = {"craft": (214, 158, 72), "science": (84, 153, 232), "ethics": (96, 196, 128)}
EMOJI = {"craft": "🟧", "science": "🟦", "ethics": "🟩"}
MUSES_A_ROW = 2
MUSE_W, MUSE_H = (WIDTH - 2 * MARGIN - 10) // MUSES_A_ROW, 64
PLAYER_H = 100
TOP = 154  # where the Muses start, under the title, the pool and Aristotle


def _round_line(view: ViewData) -> str:
    line = f"Round {view['round']} of {view['rounds']}"
    return line + " - last round" if view["last_round"] else line


def _tokens(pen: ImageDraw.ImageDraw, x: int, y: int, knowledge: dict[str, int], size: int = 28) -> int:
    """Three coloured tokens with their counts; returns the x after them."""
    for kind in KNOWLEDGE:
        pen.ellipse((x, y, x + size, y + size), fill=TOKEN[kind])
        draw_text(pen, (x + size / 2, y + size / 2), str(knowledge[kind]), 19, BACKGROUND, anchor="mm")
        draw_text(pen, (x + size + 6, y + size / 2), kind.title(), SMALL, MUTED, anchor="lm")
        x += size + 94
    return x


@lru_cache(maxsize=None)
def _muse_card(name: MuseName) -> Image.Image:
    """A Muse's card, the same in every game: drawn once, then pasted (never changed)."""
    card = Image.new("RGB", (MUSE_W + 1, MUSE_H + 1), BACKGROUND)
    pen = ImageDraw.Draw(card)
    pen.rounded_rectangle((0, 0, MUSE_W, MUSE_H), radius=8, fill=PANEL, outline=GOLD, width=2)
    draw_text(pen, (10, 6), name, 20, GOLD)
    draw_text(pen, (10, 36), fit("gift: " + MUSES[name].gift.text, SMALL, MUSE_W - 20), SMALL, TEXT)
    return card


def _muse_rows(view: ViewData) -> int:
    return max(1, -(-len(view["centre"]) // MUSES_A_ROW))


def _hand_lines(view: ViewData) -> list[str]:
    """The viewer's own cards (a seat's view), in as many lines as they take."""
    if view.get("hand") is None:
        return []
    return wrap("Your cards: " + (", ".join(view["hand"]) or "none"), 19, WIDTH - 2 * MARGIN, ", ")


def _height(view: ViewData) -> int:
    hand = 26 * len(_hand_lines(view)) + 10
    return TOP + _muse_rows(view) * (MUSE_H + 10) + 4 + len(view["players"]) * (PLAYER_H + 10) + hand + MARGIN


def draw(view: ViewData) -> Image.Image:
    image = Image.new("RGB", (WIDTH, _height(view)), BACKGROUND)
    pen = ImageDraw.Draw(image)
    draw_text(pen, (MARGIN, 10), "Nine Muses", 28, TEXT)
    draw_text(pen, (WIDTH - MARGIN, 16), _round_line(view), 19, MUTED, anchor="ra")

    # The pool and Aristotle's card.
    draw_text(pen, (MARGIN, 70), "Pool", SMALL, MUTED, anchor="lm")
    _tokens(pen, MARGIN + 48, 56, view["pool"])
    worth = " · ".join(f"{k.title()} {v} VP" for k, v in view["aristotle"].items())
    draw_text(pen, (MARGIN, 92), fit(f"Aristotle: {worth}", SMALL, WIDTH - 2 * MARGIN), SMALL, TEXT)
    draw_text(pen, (MARGIN, 120), f"Centre ({view['muses_left']} Muses still face down)", SMALL, MUTED)

    # The Muses in the centre.
    y = TOP
    for index, name in enumerate(view["centre"]):
        row, column = divmod(index, MUSES_A_ROW)
        image.paste(_muse_card(name), (MARGIN + column * (MUSE_W + 10), y + row * (MUSE_H + 10)))
    y += _muse_rows(view) * (MUSE_H + 10) + 4

    # The players.
    for player in view["players"]:
        seat = player["seat"]
        to_move = view["turn"] == seat
        outline = GOLD if seat in view["winners"] else ACCENT if to_move else PANEL
        right = WIDTH - MARGIN - 14
        pen.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + PLAYER_H), radius=10, fill=PANEL, outline=outline, width=3
        )
        pen.ellipse((MARGIN + 12, y + 12, MARGIN + 30, y + 30), fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        marks = " (first)" if view["first"] == seat and view["phase"] != "over" else ""
        marks += " - to play" if to_move else ""
        marks += " - wins!" if seat in view["winners"] else ""
        draw_text(pen, (right, y + 6), f"{player['points']} VP", 28, GOLD, anchor="ra")
        draw_text(
            pen, (MARGIN + 40, y + 21), fit(player["name"] + marks, 20, right - MARGIN - 130), 20, TEXT, anchor="lm"
        )
        _tokens(pen, MARGIN + 40, y + 40, player["knowledge"], size=24)
        cards = player["cards"]
        draw_text(pen, (right, y + 52), f"{cards} card{'s' if cards != 1 else ''}", SMALL, MUTED, anchor="rm")
        muses = fit(", ".join(player["muses"]) or "no Muses", SMALL, right - MARGIN - 40)
        draw_text(pen, (MARGIN + 40, y + 84), muses, SMALL, TEXT, anchor="lm")
        y += PLAYER_H + 10

    for line in _hand_lines(view):
        draw_text(pen, (MARGIN, y + 2), line, 19, TEXT)
        y += 26
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
    centre = [f"**{name}** ({MUSES[name].condition} → {MUSES[name].gift.text})" for name in view["centre"]]
    lines.append("Centre: " + (", ".join(centre) or "no Muses"))  # the conditions are not in the picture
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


DISCARD = " · discard "  # in a move's label: the card it gives up


def label(view: ViewData, action: GameAction) -> str | None:
    """A toil that steals names the card it gives up last, as every other move does ("Toil: +1
    Craft · steal Craft from Zeno · discard Aesop"); anything else as the engine labels it."""
    if getattr(action, "kind", None) != "toil" or not action.steal:
        return None
    plain = f"Toil: +1 Craft{DISCARD}{action.card}"
    thefts = engine_label(action).removeprefix(plain)
    return f"Toil: +1 Craft{thefts}{DISCARD}{action.card}"


def group(view: ViewData, action: GameAction) -> str | None:
    """How a turn's moves are grouped: the action first, then the card. A move that only gives a
    card up (call, demonstrate, toil) is grouped by what it does, its label without the card
    ("Demonstrate 2 Craft → 2 VP"), so the group offers one move per card in hand. An exchange is
    grouped by the card's option ("Aesop: gain 2 Craft"), so the group offers whom to steal from;
    but where another card in hand prints the same option, by what it does ("Exchange: gain 2
    Craft"), so the group offers the cards."""
    kind = getattr(action, "kind", None)
    if kind == "exchange":
        options = PHILOSOPHERS[action.card][1]
        if action.option >= len(options):
            return None
        text = options[action.option].text
        others = [card for card in view.get("hand") or () if card != action.card and card in PHILOSOPHERS]
        if any(text == trade.text for card in others for trade in PHILOSOPHERS[card][1]):
            return f"Exchange: {engine_label(action).split(': ', 1)[1]}"[:80]
        return f"{action.card}: {text}"[:80]
    if kind in ("call", "demonstrate", "toil"):
        return (label(view, action) or engine_label(action)).rsplit(DISCARD, 1)[0][:80]
    return None


def _cards(view: ViewData) -> str:
    return ", ".join(view["hand"]) or "none"


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person, for the end-of-game summary: the cards it still held (a
    game ended on the way). A finished game's last round plays every card, so nothing is left hidden."""
    return [f"Cards in hand: {_cards(view)}"] if view.get("hand") else []


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("nine-muses.md"),
    reveal=reveal,
    label=label,
    group=group,
    position=None,
    hand_picture=None,
    group_from=2,  # a move that repeats another but for the card: the action first, then the card
)
