"""Philosophia as a picture and as Discord markdown, from a view (the public one, or a seat's).

The picture is a sketch map of Greece: each place a disc (its colour tells its kind) with its
location token, the schools (houses) and followers (cubes) in the players' colours, and the
philosophers as large lettered discs. The Acropolis spots sit in a box above Athens; the timeline
runs along the foot; the players' boards are on the right.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.presentation import GameAction, Presentation, ViewData, rules_page
from bot.render.style import ACCENT, BACKGROUND, GOLD, MUTED, PANEL, SEAT_COLOURS, TEXT, fit, font

WIDTH, HEIGHT = 1000, 680
MAP = (12, 52, 640, 588)  # left, top, right, bottom
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
TOKEN_ICON = {"black": "⚫", "yellow": "🟡", "blue": "🔵", "red": "🔴", "green": "🟢"}
SEAT_ICONS = ("🔴", "🔵", "🟢", "🟡", "🟣", "🟠")
# Where each place sits on the sketch map, as fractions of the map's width and height.
SPOTS = {
    "elea": (0.06, 0.30),
    "syracuse": (0.07, 0.72),
    "ithaca": (0.20, 0.44),
    "dodona": (0.22, 0.20),
    "olympia": (0.27, 0.64),
    "sparta": (0.38, 0.78),
    "corinth": (0.40, 0.56),
    "delphi": (0.33, 0.38),
    "lebadea": (0.44, 0.34),
    "thebes": (0.53, 0.42),
    "eleusis": (0.49, 0.54),
    "athens": (0.60, 0.55),
    "piraeus": (0.58, 0.68),
    "stagira": (0.46, 0.06),
    "abdera": (0.68, 0.05),
    "chios": (0.88, 0.30),
    "samos": (0.84, 0.55),
    "ephesus": (0.95, 0.45),
    "miletus": (0.93, 0.66),
    "delos": (0.72, 0.74),
    "rhodes": (0.93, 0.88),
    "knossos": (0.62, 0.92),
}
ACROPOLIS = ("observe", "timeline", "athena", "debate")
ACROPOLIS_BOX = (0.56, 0.15, 0.80, 0.36)
SHORT = {"observe": "Observe", "timeline": "Timeline", "athena": "Athena", "debate": "Debate"}


def colour_of(view: ViewData, who: int) -> tuple[int, int, int]:
    return MOIRAI if view["players"][who]["automaton"] else SEAT_COLOURS[who % len(SEAT_COLOURS)]


def icon_of(view: ViewData, who: int) -> str:
    return "⚙️" if view["players"][who]["automaton"] else SEAT_ICONS[who % len(SEAT_ICONS)]


def place_xy(location: str) -> tuple[float, float]:
    left, top, right, bottom = MAP
    if location in ACROPOLIS:
        x0, y0, x1, y1 = ACROPOLIS_BOX
        column, row = ACROPOLIS.index(location) % 2, ACROPOLIS.index(location) // 2
        fx, fy = x0 + (x1 - x0) * (0.27 + 0.46 * column), y0 + (y1 - y0) * (0.36 + 0.42 * row)
    else:
        fx, fy = SPOTS[location]
    return left + 22 + fx * (right - left - 44), top + 16 + fy * (bottom - top - 40)


def short_name(view: ViewData, location: str) -> str:
    name: str = view["locations"][location]["name"]
    if location in SHORT:
        return SHORT[location]
    for prefix in ("Temple of Apollo at ", "Temple of Zeus at ", "Temple of Demeter at ", "Agora of ", "Oracle of "):
        name = name.replace(prefix, "")
    return name


# --- The picture -----------------------------------------------------------------------------------


def draw(view: ViewData) -> Image.Image:
    image = backdrop(
        tuple((location, spot["kind"], short_name(view, location)) for location, spot in view["locations"].items()),
        tuple(view["timeline"]["years"]),
        view["timeline"]["index"],
    ).copy()
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
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    canvas = ImageDraw.Draw(image)
    canvas.rounded_rectangle(MAP, radius=12, fill=(34, 52, 70))
    left, top, right, bottom = MAP
    bx0, by0, bx1, by1 = ACROPOLIS_BOX
    canvas.rounded_rectangle(
        (
            left + 22 + bx0 * (right - left - 44),
            top + 16 + by0 * (bottom - top - 40) - 6,
            left + 22 + bx1 * (right - left - 44),
            top + 16 + by1 * (bottom - top - 40) + 6,
        ),
        radius=8,
        fill=(70, 66, 60),
        outline=GOLD,
    )
    canvas.text(
        (left + 22 + (bx0 + bx1) / 2 * (right - left - 44), top + 16 + by0 * (bottom - top - 40) + 4),
        "Acropolis",
        font=font(12),
        fill=GOLD,
        anchor="mm",
    )
    for location, kind, name in places:
        x, y = place_xy(location)
        radius = radius_of(location)
        canvas.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=KIND_COLOURS[kind], outline=(230, 230, 235), width=1
        )
        canvas.text((x, y + radius + 8), name, font=font(12), fill=TEXT, anchor="mm")
    timeline(canvas, years, year)
    return image


def header(canvas: ImageDraw.ImageDraw, view: ViewData) -> None:
    year = view["timeline"]["year"]
    title = f"Philosophia · round {view['round']} · {year} BC"
    canvas.text((16, 26), title, font=font(22), fill=TEXT, anchor="lm")
    canvas.text((WIDTH - 16, 26), fit(status(view), 15, 520), font=font(15), fill=MUTED, anchor="rm")


def radius_of(location: str) -> int:
    return 15 if location not in ACROPOLIS else 13


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
        px, py = x + n * 10, y
        fill = colour_of(view, who)
        edge = GOLD if who in view.get("to_move", []) or who == view["turn"] else (250, 250, 250)
        canvas.ellipse((px - 10, py - 10, px + 10, py + 10), fill=fill, outline=edge, width=3)
        canvas.text((px, py), view["players"][who]["character"][0], font=font(13), fill=(255, 255, 255), anchor="mm")


def timeline(canvas: ImageDraw.ImageDraw, years: tuple[int, ...], now: int) -> None:
    left, right, y = 24, 628, 630
    canvas.line((left, y, right, y), fill=MUTED, width=3)
    step = (right - left) / (len(years) - 1)
    for index, year in enumerate(years):
        x = left + index * step
        here = index == now
        fill = GOLD if here else (190, 60, 60) if index == len(years) - 1 else PANEL
        canvas.ellipse((x - 9, y - 9, x + 9, y + 9), fill=fill, outline=TEXT if here else MUTED)
        canvas.text((x, y + 24), f"{year}", font=font(12), fill=TEXT if here else MUTED, anchor="mm")
    canvas.text((left, y - 24), "Timeline (BC) - Rome arrives in 146", font=font(12), fill=MUTED, anchor="lm")


def boards(canvas: ImageDraw.ImageDraw, view: ViewData) -> None:
    left, top = 656, 52
    height = min(96, (HEIGHT - top - 12) // max(1, len(view["players"])))
    for who, player in enumerate(view["players"]):
        y = top + who * height
        canvas.rounded_rectangle(
            (left, y, WIDTH - 12, y + height - 6),
            radius=8,
            fill=PANEL,
            outline=GOLD if who in view.get("to_move", []) else PANEL,
            width=2,
        )
        canvas.ellipse((left + 8, y + 8, left + 24, y + 24), fill=colour_of(view, who))
        name = view["names"][who] + (" (you)" if who == view.get("seat") else "")
        canvas.text((left + 32, y + 16), fit(name, 16, 240), font=font(16), fill=TEXT, anchor="lm")
        labyrinth = len(player["labyrinth"])
        canvas.text(
            (WIDTH - 22, y + 16),
            f"Labyrinth {labyrinth}/3" + (f" #{player['numbered']}" if player["numbered"] else ""),
            font=font(13),
            fill=GOLD if labyrinth else MUTED,
            anchor="rm",
        )
        hand = player["hand"]
        lines = [
            (
                f"coins {player['coins']}  debates {player['debate_wins']}  wisdom {len(player['wisdom'])}/3  "
                f"cards {hand['sophistry']}+{hand['syllogism']}  oracle {sum(player['oracles'].values())}",
                TEXT,
            ),
            (
                f"followers {9 - player['followers_left']}/9  schools {4 - player['schools_left']}/4  "
                f"builders {player['builders']}  sophists {player['sophists']}",
                MUTED,
            ),
        ]
        for row, (words, ink) in enumerate(lines[: 1 + (height > 60)]):
            canvas.text((left + 10, y + 38 + 18 * row), fit(words, 13, 318), font=font(13), fill=ink, anchor="lm")
        if height > 78:
            for n, colour in enumerate(player["tokens"]):
                canvas.ellipse(
                    (left + 10 + n * 14, y + 68, left + 20 + n * 14, y + 78),
                    fill=TOKEN_FILL[colour],
                    outline=(240, 240, 240),
                )
            if player["silenced"]:
                canvas.text((WIDTH - 22, y + 73), "spellbound", font=font(12), fill=ACCENT, anchor="rm")


# --- The text ----------------------------------------------------------------------------------------


def who(view: ViewData, index: int) -> str:
    return f"**{view['names'][index]}**"


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


def player_line(view: ViewData, index: int) -> str:
    player = view["players"][index]
    place = view["locations"][player["location"]]["name"]
    hand = player["hand"]
    tokens = "".join(TOKEN_ICON[c] for c in player["tokens"])
    lab = f"🌀{len(player['labyrinth'])}" + (f"#{player['numbered']}" if player["numbered"] else "")
    return (
        f"{icon_of(view, index)} {who(view, index)} at {place} · {lab} · 💰{player['coins']} · "
        f"followers {9 - player['followers_left']}/9 · schools {4 - player['schools_left']}/4 · "
        f"🗣️{player['debate_wins']} · 🃏{hand['sophistry']}+{hand['syllogism']} · "
        f"🔮{sum(player['oracles'].values())}{' ' + tokens if tokens else ''}"
    )


def text(view: ViewData) -> str:
    lines = [
        f"**Philosophia** · round {view['round']} · **{view['timeline']['year']} BC** "
        f"({len(view['timeline']['years']) - 1 - view['timeline']['index']} steps to 146 BC)"
    ]
    if view["phase"] == "over":
        lines.append(f"🏁 {view['end']}")
    else:
        lines.append(f"➡️ {status(view)}")
    debate = view.get("debate")
    if debate:
        piles = ", ".join(f"{who(view, int(s))} {len(p)}" for s, p in debate["piles"].items())
        table = f" · on the table: *{debate['table']}*" if debate["table"] else ""
        lines.append(
            f"🗣️ {who(view, debate['initiator'])} vs {who(view, debate['challenged'])} · "
            f"round {debate['round']} · piles {piles}{table}"
        )
    if view.get("auction"):
        auction = view["auction"]
        lines.append(f"🦉 Athena offers *{auction['card']}* ({auction['text']}); offerings made: {len(auction['bid'])}")
    if view.get("veto"):
        veto = view["veto"]
        lines.append(f"🔮 {who(view, veto['player'])} played *{veto['card']}*; answers: {len(veto['answered'])}")
    lines += [player_line(view, index) for index in range(len(view["players"]))]
    if "seat" in view:
        lines.append(f"Your hand: {_hand(view)}")
    return "\n".join(lines)[:1800]


def _hand(view: ViewData) -> str:
    return f"{', '.join(view['my_hand']) or 'none'} · Oracle cards: {', '.join(view['my_oracles']) or 'none'}"


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person, for the end-of-game summary."""
    return [f"Hand: {_hand(view)}"] if "seat" in view else []


def label(view: ViewData, action: GameAction) -> str | None:
    """Argument cards read with what they do against the card on the table (unless the True
    Philosopher variant hides it); everything else as the engine labels it."""
    if getattr(action, "kind", None) != "argue" or "beats" not in view or action.claim:
        return None
    debate = view.get("debate") or {}
    if debate.get("step") == "respond" and debate.get("table"):
        from engine.philosophia.data import contest

        return f"{action.card}: {contest(action.card, debate['table'])} against {debate['table']}"[:80]
    beats = [card for card in view["beats"].get(action.card, []) if card in view["beats"]]
    return f"{action.card} (beats {', '.join(beats)})"[:80] if beats else None


PLACE_GROUPS = {
    "city": "Go to a city",
    "port": "Go to a port",
    "temple": "Go to a Temple",
    "oracle": "Go to an Oracle",
    "acropolis": "Go to the Acropolis",
}


def group(view: ViewData, action: GameAction) -> str | None:
    """How a long list of moves is grouped on a phone: places by kind, Oracle cards and claimed
    arguments by card; anything else by its kind."""
    from engine.philosophia.data import LOCATIONS

    if action.kind == "move" and action.to in LOCATIONS:
        return PLACE_GROUPS.get(LOCATIONS[action.to].kind)
    if action.kind == "play_oracle":
        return f"Play {action.card}"
    if action.kind == "argue" and action.claim:  # True Philosopher: a card, then what you claim
        card: str = action.card
        return card
    return None


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("philosophia.md"),
    reveal=reveal,
    label=label,
    group=group,
    position=None,
    hand_picture=None,
)
