"""Epireia as a picture and as Discord markdown, from a view (the public one, or a seat's).

The picture is a schematic map of Greece: the Territories (land and sea) with the City token that
holds them and any Brigands, the six Empires on the edges, the six cities (played ones in their
player's colour, neutral ones with the league they joined), and every figure where it stands. A
panel on the right lists the players. During the Great Battle the battlefield is drawn under the
map (bot/render/epireia_battle.py).
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.epireia import data

from . import epireia_battle
from .style import BACKGROUND, GOLD, MUTED, PANEL, SEAT_COLOURS, TEXT, font, fit

WIDTH, MAP_W, MAP_H = 1000, 660, 500
MARGIN, HEADER = 12, 64
LEAGUE_COLOURS = {"delian": (70, 130, 220), "peloponnesian": (210, 80, 70)}
LEAGUE_ICON = {"delian": "🔵", "peloponnesian": "🔴"}
SEA, LAND, EMPIRE = (38, 70, 104), (96, 88, 62), (92, 64, 110)
ENEMY = (140, 140, 150)
BRIGANDS = (30, 30, 30)
# Where each place sits on the schematic map (centre of its box).
SPOTS = {
    "Illyria": (80, 35), "Macedonia": (300, 35), "Thrakiko Pelagos": (450, 35), "Persia": (590, 35),
    "Epirus": (80, 105), "Larissa": (220, 105), "Chalkidiki": (360, 105), "Aeolis": (590, 105),
    "Delphi": (190, 175), "Euboea": (330, 175), "Aigaio Pelagos": (470, 175),
    "Elis": (80, 245), "Corinth": (220, 245), "Athens": (360, 245), "Ionia": (590, 245),
    "Sparta": (220, 315), "Kritiko Pelagos": (440, 315),
    "Syracuse": (80, 385), "Phoenicia": (590, 385),
    "Carthage": (80, 455), "Egypt": (470, 455),
}
BOX_W, BOX_H = 124, 46


# --- Reading the view ----------------------------------------------------------------------------

def city_of(view: dict, seat: int | None) -> str:
    if seat is None:
        return "the enemy"
    return view["players"][seat]["city"] or f"Seat {seat + 1}"


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def figures_at(view: dict) -> dict[str, list[tuple[str, tuple[int, int, int]]]]:
    """Every figure by place, with its colour (home figures stand on their city)."""
    found: dict[str, list] = {}
    for player in view["players"]:
        for figure, place in player["figures"].items():
            where = player["city"] if place == "home" else place
            found.setdefault(where, []).append((figure, seat_colour(player["seat"])))
    for enemy in view["enemies"]:
        where = enemy["city"] if enemy["place"] == "home" else enemy["place"]
        found.setdefault(where, []).append((enemy["name"], ENEMY))
    return found


def owner_colour(view: dict, city: str | None):
    for player in view["players"]:
        if player["city"] == city:
            return seat_colour(player["seat"])
    return ENEMY if city else None


def headline(view: dict) -> str:
    if view["solo"]:
        scenario = view["solo_scenario"] or "choosing a scenario"
        augur = f" · Augur: {view['augur']}" if view["augur"] else ""
        return f"Turn {view['turn']} of {view['last_turn']} · {scenario}{augur}"
    act = f"Act {'I' * view['act']}: {view['scenario']}" if view["scenario"] else "setting up"
    return f"Turn {view['turn']} of at most {view['last_turn']} · {act}"


def phase_line(view: dict) -> str:
    phase = view["phase"]
    if phase == "over":
        return "Game over: " + view["result"]
    movers = ", ".join(city_of(view, s) for s in view["to_move"])
    names = {"scenario": "Solo scenario", "city": "Choosing cities", "league": "Choosing a league",
             "admin": "Choosing Administrators", "figure": "Secret starting figures", "develop": "Development",
             "diplomacy": "Diplomacy", "resolve": "Resolution", "battle": "The Great Battle"}
    return f"{names.get(phase, phase)}" + (f" · waiting for {movers}" if movers else "")


# --- Drawing -------------------------------------------------------------------------------------

def _box(pen: ImageDraw.ImageDraw, place: str, top: int, fill, outline=None, width: int = 1):
    x, y = SPOTS[place]
    x, y = x + MARGIN, y + top
    box = (x - BOX_W / 2, y - BOX_H / 2, x + BOX_W / 2, y + BOX_H / 2)
    pen.rounded_rectangle(box, radius=7, fill=fill, outline=outline or BACKGROUND, width=width)
    return box


def _figures(pen: ImageDraw.ImageDraw, box, people: list) -> None:
    x, y = box[0] + 6, box[3] - 15
    for figure, colour in people[:4]:
        width = min(58, font(11).getlength(figure) + 8)
        if x + width > box[2] - 2:
            break
        pen.rounded_rectangle((x, y, x + width, y + 13), radius=4, fill=colour)
        pen.text((x + 4, y + 6.5), fit(figure, 11, width - 6), font=font(11), fill=BACKGROUND, anchor="lm")
        x += width + 3


def draw_map(pen: ImageDraw.ImageDraw, view: dict, top: int) -> None:
    pen.rounded_rectangle((MARGIN, top, MARGIN + MAP_W, top + MAP_H), radius=10, fill=(30, 46, 66))
    people = figures_at(view)
    for place in data.EMPIRES:
        box = _box(pen, place, top, EMPIRE, GOLD if data.EMPIRES[place]["sea"] else None)
        low, high = data.EMPIRES[place]["target"]
        pen.text((box[0] + 6, box[1] + 4), place, font=font(13), fill=TEXT)
        pen.text((box[2] - 6, box[1] + 5), f"{low}+/{high}+", font=font(11), fill=MUTED, anchor="ra")
        _figures(pen, box, people.get(place, []))
    for place, land in view["territories"].items():
        colour = owner_colour(view, land["owner"])
        box = _box(pen, place, top, SEA if data.is_sea(place) else LAND, colour, 3 if colour else 1)
        pen.text((box[0] + 6, box[1] + 4), fit(place, 13, BOX_W - 12), font=font(13), fill=TEXT)
        if land["owner"]:
            pen.text((box[2] - 6, box[1] + 19), land["owner"], font=font(10), fill=colour, anchor="ra")
        if land["brigands"]:
            pen.rectangle((box[0] + 6, box[1] + 20, box[0] + 62, box[1] + 31), fill=BRIGANDS)
            pen.text((box[0] + 9, box[1] + 25.5), "Brigands", font=font(10), fill=GOLD, anchor="lm")
        _figures(pen, box, people.get(place, []))
    allies = {c: lg for lg, league in view["leagues"].items() for c in league["allies"]}
    for city in data.CITIES:
        player = next((p for p in view["players"] if p["city"] == city), None)
        enemy = any(e["city"] == city for e in view["enemies"])
        colour = seat_colour(player["seat"]) if player else ENEMY if enemy else MUTED
        league = player["league"] if player else allies.get(city)
        if enemy:  # solo: the enemy cities are in the other league
            league = "delian" if view["players"][0]["league"] == "peloponnesian" else "peloponnesian"
        box = _box(pen, city, top, PANEL, LEAGUE_COLOURS.get(league) or MUTED, 3 if league else 1)
        pen.text((box[0] + 6, box[1] + 4), city, font=font(14), fill=colour)
        if city in allies:
            pen.text((box[2] - 6, box[1] + 5), "ally", font=font(10), fill=LEAGUE_COLOURS[allies[city]], anchor="ra")
        _figures(pen, box, people.get(city, []))


def draw_players(pen: ImageDraw.ImageDraw, view: dict, left: int, top: int) -> None:
    y = top
    for player in view["players"]:
        colour = seat_colour(player["seat"])
        pen.rounded_rectangle((left, y, WIDTH - MARGIN, y + 112), radius=8, fill=PANEL,
                              outline=LEAGUE_COLOURS[player["league"]], width=2)
        name = player["city"] or f"Seat {player['seat'] + 1}"
        pen.text((left + 8, y + 6), name, font=font(17), fill=colour)
        pen.text((WIDTH - MARGIN - 8, y + 9), data.LEAGUE_NAMES[player["league"]], font=font(11),
                 fill=LEAGUE_COLOURS[player["league"]], anchor="ra")
        res = player["resources"]
        admin = f"{player['admin']} ({3 - player['admin_uses']} left)" if player["admin"] else "no Administrator yet"
        army = " ".join(f"{data.UNIT_NAMES[k[:-1]][0]}{'I' * int(k[-1])}:{n}" for k, n in sorted(player["army"].items()))
        lines = [
            f"Prestige {player['prestige']} · Wheat {res['wheat']} · Wood {res['wood']} · Copper {res['copper']}",
            admin,
            "Army: " + (army or "none"),
            fit("Built: " + (", ".join(player["buildings"]) or "nothing"), 12, WIDTH - MARGIN - left - 16),
            fit("Figures: " + (", ".join(player["figures"]) or "-"), 12, WIDTH - MARGIN - left - 16),
        ]
        for index, line in enumerate(lines):
            pen.text((left + 8, y + 30 + index * 16), line, font=font(12), fill=TEXT if index == 0 else MUTED)
        y += 120


def _height(view: dict) -> int:
    players = HEADER + len(view["players"]) * 120
    body = max(MAP_H, players - HEADER)
    return HEADER + body + (epireia_battle.HEIGHT if view.get("battle") else 0) + 40


def draw(view: dict) -> Image.Image:
    image = Image.new("RGB", (WIDTH, _height(view)), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.text((MARGIN, MARGIN), "Epireia", font=font(26), fill=TEXT)
    pen.text((WIDTH - MARGIN, MARGIN + 4), fit(headline(view), 15, WIDTH - 160), font=font(15), fill=MUTED, anchor="ra")
    pen.text((MARGIN, MARGIN + 34), fit(phase_line(view), 14, WIDTH - 2 * MARGIN), font=font(14), fill=GOLD)
    draw_map(pen, view, HEADER)
    draw_players(pen, view, MARGIN + MAP_W + 10, HEADER)
    y = HEADER + max(MAP_H, len(view["players"]) * 120) + 10
    if view.get("battle"):
        epireia_battle.draw(pen, view, MARGIN, y, WIDTH - 2 * MARGIN)
        y += epireia_battle.HEIGHT
    roll = view.get("roll")
    if roll:
        dice = " vs ".join(f"{side['who']} {side['die']} ({side['total']})" for side in roll["sides"])
        pen.text((MARGIN, y), fit(f"Roll at {roll['place']}: {dice}", 14, WIDTH - 2 * MARGIN), font=font(14), fill=TEXT)
    return image


# --- Text ----------------------------------------------------------------------------------------

def _player_line(view: dict, player: dict) -> str:
    res = player["resources"]
    army = " ".join(f"{data.UNIT_ICON[k[:-1]]}{'I' * int(k[-1])}×{n}" for k, n in sorted(player["army"].items()))
    away = [f"{f}@{p}" for f, p in player["figures"].items() if p != "home"]
    home = [f for f, p in player["figures"].items() if p == "home"]
    figures = ", ".join(home + away) or "-"
    name = player["city"] or f"Seat {player['seat'] + 1}"
    count = len(player["buildings"])
    built = f"{count} building{'s' if count != 1 else ''}"
    return (f"{LEAGUE_ICON[player['league']]} **{name}** ⭐{player['prestige']} 🌾{res['wheat']} 🪵{res['wood']} "
            f"🪙{res['copper']} · {army or 'no army'} · {built} · {figures}")


def text(view: dict) -> str:
    lines = [f"**Epireia** · {headline(view)}", phase_line(view)]
    if view["solo"] and view["solo_scenario"]:
        card = data.SOLO_SCENARIOS[view["solo_scenario"]]
        met = len(view["objectives_met"])
        lines.append(f"🎯 {card['text']} ({met}/{len(card['objectives'])} met)")
    elif view["scenario"]:
        card = data.SCENARIOS[view["scenario"]]
        winner = view["scenario_winner"]
        done = f" ✅ {city_of(view, winner)}" if winner is not None else ""
        lines.append(f"🎯 {card['text']}{done}")
    lines += [_player_line(view, p) for p in view["players"]]
    held = [f"{place}: {land['owner'] or ''}{' 🗡️' if land['brigands'] else ''}".strip()
            for place, land in view["territories"].items() if land["owner"] or land["brigands"]]
    if held:
        lines.append("🗺️ " + " · ".join(held))
    allies = [f"{c} ({'Delian' if lg == 'delian' else 'Peloponnesian'})"
              for lg, league in view["leagues"].items() for c in league["allies"]]
    if allies:
        lines.append("🤝 Allied cities: " + ", ".join(allies))
    if view["enemies"]:
        lines.append("👁️ Enemy: " + ", ".join(f"{e['name']}@{e['place']}" for e in view["enemies"]))
    if view.get("battle"):
        lines += epireia_battle.lines(view)
    lines += [f"Your {line[0].lower()}{line[1:]}" for line in reveal(view)]
    if view["phase"] == "over" and view["winners"]:
        lines.append("🏆 " + ", ".join(f"**{city_of(view, s)}**" for s in view["winners"]))
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"


def group(view: dict, action) -> str | None:
    """How a long list of moves is grouped on a phone: donations by resource, buildings, units,
    and each figure's destinations; the battle's deployment by front (epireia_battle.py); anything
    else by its kind."""
    kind = action.kind
    if view.get("battle"):
        return epireia_battle.group(view, action)
    if kind == "donate":
        return f"Donate {data.ICON[action.resource]} {action.resource.title()}"
    if kind == "move":
        return f"Send {action.figure}"
    return {"build": "Build", "architect": "Architect: build for less", "produce": "Produce a unit",
            "trade": "Trapezites: exchange", "withdraw": "Merchant: take from the treasury"}.get(kind)


def reveal(view: dict) -> list[str]:
    """A seat's secrets in the third person (the summary's words; the seat's own text says "Your")."""
    lines = []
    if view.get("seat") is not None and view.get("league_tokens"):
        tokens = ", ".join(f"{data.UNIT_ICON[t['unit']]}{'I' * t['level']}:{t['strength']}" for t in view["league_tokens"])
        lines.append(f"League's tokens (secret): {tokens}")
    if view.get("seat") is not None and view.get("my_figure_choice"):
        lines.append(f"Secret figure: {view['my_figure_choice']}")
    return lines
