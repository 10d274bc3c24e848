"""Epireia's Great Battle as a picture, as text, and as menus (bot/render/epireia.py calls it).

Before the reveal a seat's view shows its own league's deployment, slot by slot; the public sees
only how many tokens stand on each front a league has confirmed. After the reveal the whole
battlefield: the tokens of each column once it is turned over, how many stand face down in the
others, the totals and who won. The deployment menu is a screen per front, a select per column
(bot/discord_app/delivery/layout.py's sections), and one for the figures and the final confirmation.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from bot.render.epireia_marks import LEAGUE_COLOURS, MARKS, Colour
from bot.render.presentation import GameAction, ViewData
from bot.render.style import BACKGROUND, GOLD, MUTED, PANEL, SMALL, TEXT, draw_text, fit
from engine.epireia import data

FRONT_H = 118  # a front: its name, what each league stands there, and its three columns
HEIGHT = 34 + 3 * (FRONT_H + 8)  # the battlefield's part of the picture, the fronts one under another
SHORT = {"delian": "Delian", "peloponnesian": "Peloponnesian"}
UNIT_SHORT = {"hoplites": "Hop", "triremes": "Tri", "cavalry": "Cav"}
SECTION = " › "  # bot/discord_app/delivery/layout.py's SECTION (render may not import delivery): a select per section
FIGURES_GROUP = "Figures & confirm"


def _mine(view: ViewData) -> str | None:
    """The seat's league, if its own plan is in the view."""
    seat = view.get("seat")
    return view["players"][seat]["league"] if seat is not None and view["battle"].get("my_plan") else None


def _token(token: dict[str, Any]) -> str:
    return f"{UNIT_SHORT[token['unit']]} {'I' * token['level']}:{token['strength']}"


def _column(view: ViewData, index: int, column: int, league: str) -> tuple[list[str], str | None]:
    """What a column shows of a league: token lines and a total (None: nothing to add up)."""
    battle, front = view["battle"], data.FRONTS[index]
    opened = battle["columns"][index] if index < len(battle["columns"]) else []
    if battle["field"]:
        spot = battle["field"][front][column][league]
        if spot["tokens"] is None:
            return [f"{spot['count']} hidden"], None
        total = opened[column]["totals"][league] if column < len(opened) else None
        return [_token(t) for t in spot["tokens"]] or ["empty"], None if total is None else str(total)
    if league == _mine(view):
        slots = battle["my_plan"]["fronts"][front]["slots"][2 * column : 2 * column + 2]
        tokens = [t for t in slots if t]
        return [_token(t) for t in tokens] or ["empty"], str(sum(t["strength"] for t in tokens))
    return [], None


def _standing(view: ViewData, front: str, league: str) -> str:
    """A league's line on a front: its figure once revealed; before, what the viewer may know."""
    battle = view["battle"]
    if battle["figures"]:
        figure = battle["figures"].get(league, {}).get(front)
        engaged = " (engaged)" if front in battle["engaged"].get(league, []) else ""
        return f"{SHORT[league]}: {figure or '-'}{engaged}"
    if league == _mine(view):
        plan = battle["my_plan"]
        state = "confirmed" if plan["fronts"][front]["confirmed"] else "setting up"
        return f"{SHORT[league]} (you, {state}): {plan['figures'].get(front) or 'no figure'}"
    count = battle["deployed"].get(league, {}).get(front)
    return f"{SHORT[league]}: " + ("deploying…" if count is None else f"{count} token{'s' * (count != 1)}, face down")


def _league_colour(league: str | None) -> Colour | None:
    """A league's colour; None for none (a front or column nobody has won yet)."""
    return LEAGUE_COLOURS.get(league) if league is not None else None


def draw(pen: ImageDraw.ImageDraw, view: ViewData, left: int, top: float, width: int) -> None:
    battle = view["battle"]
    draw_text(pen, (left, top), "The Great Battle", 22, GOLD)
    step = (width - 16) / 3
    for index, front in enumerate(data.FRONTS):
        x, y = left, top + 34 + index * (FRONT_H + 8)
        winner = battle["fronts"][index] if index < len(battle["fronts"]) else None
        pen.rounded_rectangle(
            (x, y, x + width, y + FRONT_H),
            radius=8,
            fill=PANEL,
            outline=_league_colour(winner) or MUTED,
            width=3 if winner else 1,
        )
        draw_text(pen, (x + 10, y + 6), data.FRONT_NAMES[front], 20, TEXT)
        for row, league in enumerate(data.LEAGUES):
            standing = fit(_standing(view, front, league), SMALL, width - 110)
            draw_text(pen, (x + 100, y + 8 + row * 21), standing, SMALL, LEAGUE_COLOURS[league])
        opened = battle["columns"][index] if index < len(battle["columns"]) else []
        for column in range(data.COLUMNS):
            box = (x + 8 + column * step, y + 54, x + 8 + (column + 1) * step - 6, y + FRONT_H - 8)
            won = opened[column]["winner"] if column < len(opened) else None
            colour = _league_colour(won)
            pen.rounded_rectangle(box, radius=6, fill=BACKGROUND, outline=colour or MUTED, width=2 if colour else 1)
            half = (box[3] - box[1]) / 2
            for row, league in enumerate(data.LEAGUES):
                lines, total = _column(view, index, column, league)
                middle = box[1] + (row + 0.5) * half
                if total is not None:
                    draw_text(pen, (box[2] - 6, middle), total, 20, LEAGUE_COLOURS[league], anchor="rm")
                if lines:
                    tokens = fit(" ".join(lines[:2]), SMALL, box[2] - box[0] - 34)
                    ink = LEAGUE_COLOURS[league] if total is not None else MUTED
                    draw_text(pen, (box[0] + 6, middle), tokens, SMALL, ink, anchor="lm")
            if not battle["field"] and not _mine(view):
                draw_text(pen, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "?", 24, MUTED, anchor="mm")


# --- Text ----------------------------------------------------------------------------------------


def _short(token: dict[str, Any] | None) -> str:
    return f"{data.UNIT_ICON[token['unit']]}{token['strength']}" if token else "—"


def _plan_lines(view: ViewData) -> list[str]:
    plan = view["battle"]["my_plan"]
    lines = ["🗺️ **Your league's plan** (secret):"]
    for front in data.FRONTS:
        spot = plan["fronts"][front]
        columns = [" + ".join(_short(t) for t in spot["slots"][2 * c : 2 * c + 2]) for c in range(data.COLUMNS)]
        mark = "✅" if spot["confirmed"] else "✏️"
        lines.append(
            f"{mark} {data.FRONT_NAMES[front]}: {' · '.join(columns)} · figure: {plan['figures'].get(front) or '-'}"
        )
    spare = ", ".join(_short(t) for t in plan["spare"])
    lines.append(f"Not deployed: {spare or 'nothing'}" + (" · ✅ plan confirmed" if plan["ready"] else ""))
    return lines


def lines(view: ViewData) -> list[str]:
    battle = view["battle"]
    found = []
    for index, front in enumerate(data.FRONTS):
        columns = battle["columns"][index] if index < len(battle["columns"]) else []
        if not columns:
            continue
        shown = " · ".join(f"{c['totals']['delian']}-{c['totals']['peloponnesian']}" for c in columns)
        won = battle["fronts"][index] if index < len(battle["fronts"]) else "…"
        result = "nobody" if won is None else "…" if won == "…" else f"{MARKS[won][0][0]} {data.LEAGUE_NAMES[won]}"
        found.append(f"⚔️ {data.FRONT_NAMES[front]} (Delian-Peloponnesian): {shown} → {result}")
    if battle["stage"] == "place":
        for league in data.LEAGUES:
            deployed = battle["deployed"].get(league, {})
            fronts = " · ".join(f"{data.FRONT_NAMES[f]} {deployed[f]}" for f in data.FRONTS if f in deployed)
            state = "✅ ready" if battle["ready"].get(league) else "deploying in secret"
            found.append(f"🛡️ {data.LEAGUE_NAMES[league]}: {state}" + (f" (tokens: {fronts})" if fronts else ""))
        if _mine(view):
            found += _plan_lines(view)
    return found


# --- Menus ---------------------------------------------------------------------------------------


def _column_name(view: ViewData, front: str, column: int) -> str:
    slots = view["battle"]["my_plan"]["fronts"][front]["slots"][2 * column : 2 * column + 2]
    tokens = [t for t in slots if t]
    if not tokens:
        return f"Column {column + 1}, empty"
    shown = " + ".join(
        f"{data.UNIT_ICON[t['unit']]} {data.unit_name(t['unit'], t['level'])} ({t['strength']})" for t in tokens
    )
    return f"Column {column + 1}, now {shown}" + (f" = {sum(t['strength'] for t in tokens)}" if len(tokens) > 1 else "")


def group(view: ViewData, action: GameAction) -> str | None:
    """The deployment's groups: a screen per front (a select per column: what stands there now),
    and one for the figures (a select per front) and the confirmations."""
    kind = action.kind
    if kind in ("place", "strongest", "confirm_front"):
        name = f"⚔️ {data.FRONT_NAMES[action.front]}"
        return f"{name}{SECTION}{_column_name(view, action.front, action.slot // 2)}" if kind == "place" else name
    if kind == "station":
        here = view["battle"]["my_plan"]["figures"].get(action.front)
        return f"{FIGURES_GROUP}{SECTION}Figure on the {data.FRONT_NAMES[action.front]}, now {here or 'none'}"
    if kind in ("reopen", "confirm_plan", "auto_deploy"):
        return FIGURES_GROUP
    return None
