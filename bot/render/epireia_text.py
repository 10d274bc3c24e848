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


def _figures(player: dict[str, Any]) -> tuple[list[str], list[str]]:
    """A player's figures at home, and those away (`Pericles@Persia`)."""
    home = [f for f, p in player["figures"].items() if p == "home"]
    return home, [f"{f}@{p}" for f, p in player["figures"].items() if p != "home"]


def _player_line(view: ViewData, player: dict[str, Any], full: bool = True, figures: bool = True) -> str:
    """A player's line: in full on the board. In a seat's own text (its DMs), the other players' in
    short, what they hold and where their figures went (their Administrator and buildings are on
    the board); in the Great Battle the seat's own too, with its figures, and the others' without."""
    res = player["resources"]
    army = " ".join(f"{data.UNIT_ICON[k[:-1]]}{'I' * int(k[-1])}×{n}" for k, n in sorted(player["army"].items()))
    home, away = _figures(player)
    name = player["city"] or f"Seat {player['seat'] + 1}"
    head = (
        f"{player_mark(view, player['seat'])[0]} **{name}** ⭐{player['prestige']} 🌾{res['wheat']} 🪵{res['wood']} "
        f"🪙{res['copper']}"
    )
    if not full:
        shown = home + away if figures else [] if view.get("battle") else away
        return f"{head} · {army or 'no army'}" + (f" · {', '.join(shown)}" if shown else "")
    admin = f"{player['admin']} ({3 - player['admin_uses']} left)" if player["admin"] else "no Administrator"
    built = "🏛️ " + (", ".join(player["buildings"]) or "nothing built")  # the picture's panel lists none
    return f"{head} · {admin} · {army or 'no army'} · {built} · {', '.join(home + away) or '-'}"


def _player_lines(view: ViewData) -> list[str]:
    """Every player's line: in full on the board; in a seat's own text, its own (but in the Great
    Battle) in full and the others' in short."""
    seat, battle = view.get("seat"), bool(view.get("battle"))
    if seat is None:
        return [_player_line(view, p) for p in view["players"]]
    return [
        _player_line(view, p, full=p["seat"] == seat and not battle, figures=p["seat"] == seat) for p in view["players"]
    ]


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
    seat = view.get("seat")
    lines += _player_lines(view)
    held = [
        f"{place}: "
        + (f"{owner_mark(view, land['owner'])[0]} {land['owner']}" if land["owner"] else "")
        + (" 🗡️" if land["brigands"] else "")
        for place, land in view["territories"].items()
        if land["owner"] or land["brigands"]
    ]
    if held and (seat is None or not view.get("battle")):  # the Territories count for nothing in the battle
        lines.append("🗺️ " + " · ".join(held))
    allies = [
        f"{c} ({'Delian' if lg == 'delian' else 'Peloponnesian'})"
        for lg, league in view["leagues"].items()
        for c in league["allies"]
    ]
    if allies:
        lines.append("🤝 Allied cities: " + ", ".join(allies))
    if seat is None and view["phase"] in ("develop", "diplomacy", "resolve"):  # on the board, and in /rules
        rolls = " · ".join(f"{e} {t['target'][0]}+/{t['target'][1]}+" for e, t in data.EMPIRES.items())
        lines.append(f"🎲 Empires' favour (alone / two figures): {rolls}")
    if view["enemies"]:
        lines.append(f"👁️ {ENEMY_MARK[0]} Enemy: " + ", ".join(f"{e['name']}@{e['place']}" for e in view["enemies"]))
    if view.get("battle"):
        lines += epireia_battle.lines(view)
    lines += secrets(view)
    if view["phase"] == "over" and view["winners"]:
        lines.append("🏆 " + ", ".join(f"**{city_of(view, s)}**" for s in view["winners"]))
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"


def tokens_text(tokens: list[dict[str, Any]]) -> str:
    """Tokens by kind, each kind's strengths: `🛡️I 1 1 2 · 🛡️II 4 · ⛵I 1`."""
    kinds: dict[tuple[int, int], list[str]] = {}
    for token in tokens:
        kind = (list(data.UNIT_ICON).index(token["unit"]), token["level"])
        kinds.setdefault(kind, []).append(str(token["strength"]))
    return " · ".join(
        f"{list(data.UNIT_ICON.values())[unit]}{'I' * level} {' '.join(sorted(strengths, key=int))}"
        for (unit, level), strengths in sorted(kinds.items())
    )


def secrets(view: ViewData) -> list[str]:
    """What only a seat sees, in its own text: its league's tokens (but while its battle plan shows
    them, placed and not) and its secret figure."""
    if view.get("seat") is None:
        return []
    battle = view.get("battle") or {}
    planned = battle.get("stage") == "place" and battle.get("my_plan")  # epireia_battle.py shows it then
    tokens = view.get("league_tokens") if not planned else None
    lines = [f"Your league's tokens (secret): {tokens_text(tokens)}"] if tokens else []
    return lines + ([f"Your secret figure: {view['my_figure_choice']}"] if view.get("my_figure_choice") else [])


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person, for the end-of-game summary: its secret figure, and its
    league's tokens under the league's first seat only (its partners' are the same tokens)."""
    seat = view.get("seat")
    if seat is None:
        return []
    lines = []
    league = view["players"][seat]["league"]
    first = min(p["seat"] for p in view["players"] if p["league"] == league)
    if view.get("league_tokens") and seat == first:
        lines.append(f"{data.LEAGUE_NAMES[league]}'s tokens: {tokens_text(view['league_tokens'])}")
    if view.get("my_figure_choice"):
        lines.append(f"Secret figure: {view['my_figure_choice']}")
    return lines
