"""Epireia as short Discord markdown, and the readings of a view that the picture
(bot/render/epireia.py) shares: above all each player's mark, an emoji and its colour, so that
"🔵 Corinth" in the text is blue in the picture too."""

from __future__ import annotations

from typing import Any

from bot.render import epireia_battle
from bot.render.epireia_marks import ENEMY_MARK, MARKS, Colour
from bot.render.presentation import ViewData
from engine.epireia import data

# --- Reading the view ----------------------------------------------------------------------------


def city_of(view: ViewData, seat: int | None) -> str:
    if seat is None:
        return "the enemy"
    return view["players"][seat]["city"] or f"Seat {seat + 1}"


def player_mark(view: ViewData, seat: int) -> tuple[str, Colour]:
    league = view["players"][seat]["league"]
    partners = [p["seat"] for p in view["players"] if p["league"] == league]
    marks = MARKS[league]
    return marks[partners.index(seat) % len(marks)]


def enemy_league(view: ViewData) -> str:
    """Solo: the enemy cities are in the other league."""
    return "delian" if view["players"][0]["league"] == "peloponnesian" else "peloponnesian"


def city_league(view: ViewData, city: str | None) -> str | None:
    """The league of a city: its player's, the enemy's (solo), or the one it joined, if any."""
    player = next((p for p in view["players"] if p["city"] == city), None)
    if player:
        league: str = player["league"]
        return league
    if any(e["city"] == city for e in view["enemies"]):
        return enemy_league(view)
    return next((lg for lg, league in view["leagues"].items() if city in league["allies"]), None)


def city_mark(view: ViewData, city: str | None) -> tuple[str, Colour] | None:
    """The mark of a city: its player's, the enemy's, or its league's once it has joined one."""
    player = next((p for p in view["players"] if p["city"] == city), None)
    if player:
        return player_mark(view, player["seat"])
    if any(e["city"] == city for e in view["enemies"]):
        return ENEMY_MARK
    league = city_league(view, city)
    return MARKS[league][0] if league else None


def owner_mark(view: ViewData, owner: str) -> tuple[str, Colour]:
    """The mark of a territory's owner."""
    mark = city_mark(view, owner)
    assert mark is not None, "a territory's owner is a player's or the enemy's city"
    return mark


def headline(view: ViewData) -> str:
    if view["solo"]:
        scenario = view["solo_scenario"] or "choosing a scenario"
        augur = f" · Augur: {view['augur']}" if view["augur"] else ""
        return f"Turn {view['turn']} of {view['last_turn']} · {scenario}{augur}"
    act = f"Act {'I' * view['act']}: {view['scenario']}" if view["scenario"] else "setting up"
    return f"Turn {view['turn']} of at most {view['last_turn']} · {act}"


def phase_line(view: ViewData) -> str:
    phase = view["phase"]
    if phase == "over":
        result: str = view["result"]
        return "Game over: " + result
    movers = ", ".join(city_of(view, s) for s in view["to_move"])
    names = {
        "scenario": "Solo scenario",
        "city": "Choosing cities",
        "league": "Choosing a league",
        "admin": "Choosing Administrators",
        "figure": "Secret starting figures",
        "develop": "Development",
        "diplomacy": "Diplomacy",
        "resolve": "Resolution",
        "battle": "The Great Battle",
    }
    return f"{names.get(phase, phase)}" + (f" · waiting for {movers}" if movers else "")


# --- Text ----------------------------------------------------------------------------------------


def _player_line(view: ViewData, player: dict[str, Any]) -> str:
    res = player["resources"]
    army = " ".join(f"{data.UNIT_ICON[k[:-1]]}{'I' * int(k[-1])}×{n}" for k, n in sorted(player["army"].items()))
    away = [f"{f}@{p}" for f, p in player["figures"].items() if p != "home"]
    home = [f for f, p in player["figures"].items() if p == "home"]
    figures = ", ".join(home + away) or "-"
    name = player["city"] or f"Seat {player['seat'] + 1}"
    count = len(player["buildings"])
    built = f"{count} building{'s' if count != 1 else ''}"
    return (
        f"{player_mark(view, player['seat'])[0]} **{name}** ⭐{player['prestige']} 🌾{res['wheat']} 🪵{res['wood']} "
        f"🪙{res['copper']} · {army or 'no army'} · {built} · {figures}"
    )


def text(view: ViewData) -> str:
    lines = [f"**Epireia** · {headline(view)}", phase_line(view)]
    if view["solo"] and view["solo_scenario"]:
        solo_card = data.SOLO_SCENARIOS[view["solo_scenario"]]
        met = len(view["objectives_met"])
        lines.append(f"🎯 {solo_card['text']} ({met}/{len(solo_card['objectives'])} met)")
    elif view["scenario"]:
        card = data.SCENARIOS[view["scenario"]]
        winner = view["scenario_winner"]
        done = f" ✅ {city_of(view, winner)}" if winner is not None else ""
        lines.append(f"🎯 {card['text']}{done}")
    lines += [_player_line(view, p) for p in view["players"]]
    held = [
        f"{place}: "
        + (f"{owner_mark(view, land['owner'])[0]} {land['owner']}" if land["owner"] else "")
        + (" 🗡️" if land["brigands"] else "")
        for place, land in view["territories"].items()
        if land["owner"] or land["brigands"]
    ]
    if held:
        lines.append("🗺️ " + " · ".join(held))
    allies = [
        f"{c} ({'Delian' if lg == 'delian' else 'Peloponnesian'})"
        for lg, league in view["leagues"].items()
        for c in league["allies"]
    ]
    if allies:
        lines.append("🤝 Allied cities: " + ", ".join(allies))
    if view["enemies"]:
        lines.append(f"👁️ {ENEMY_MARK[0]} Enemy: " + ", ".join(f"{e['name']}@{e['place']}" for e in view["enemies"]))
    if view.get("battle"):
        lines += epireia_battle.lines(view)
    lines += [f"Your {line[0].lower()}{line[1:]}" for line in reveal(view)]
    if view["phase"] == "over" and view["winners"]:
        lines.append("🏆 " + ", ".join(f"**{city_of(view, s)}**" for s in view["winners"]))
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person (the summary's words; the seat's own text says "Your")."""
    lines = []
    if view.get("seat") is not None and view.get("league_tokens"):
        tokens = ", ".join(
            f"{data.UNIT_ICON[t['unit']]}{'I' * t['level']}:{t['strength']}" for t in view["league_tokens"]
        )
        lines.append(f"League's tokens (secret): {tokens}")
    if view.get("seat") is not None and view.get("my_figure_choice"):
        lines.append(f"Secret figure: {view['my_figure_choice']}")
    return lines
