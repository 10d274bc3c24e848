"""Philosophy Grudgematch as Discord markdown, and the readings of a view that the picture
(bot/render/grudgematch.py) shares: card and team names, the kick shown, what the side to move is
doing; the menu's labels and groups."""

from __future__ import annotations

from bot.render.presentation import GameAction, ViewData
from engine.grudgematch import data, field

TEXT_SUIT = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
ARROWS = field.ARROWS


# --- Reading the view ----------------------------------------------------------------------------


def team_of(name: str) -> int:
    return data.GERMANS if name in data.TEAMS[data.GERMANS] else data.FRENCH


def suit_of(name: str) -> str:
    return data.SUITS[data.TEAMS[team_of(name)].index(name)]


def card_text(card: str) -> str:
    return "🃏" if card == data.JOKER else card[:-1] + TEXT_SUIT.get(card[-1], "?")


def team_name(team: int) -> str:
    return data.TEAM_NAMES[team]


def kick_story(view: ViewData) -> tuple[str | None, list[str], list[str], bool]:
    """Where the shown kick started, the spaces passed, those ahead, and whether it went in."""
    kick = view.get("kick")
    if kick:
        return kick["start"], kick["path"], kick["ahead"], False
    last = view.get("last_kick")
    if last:
        return last["start"], last["path"], [], last["result"] == "goal"
    return None, [], [], False


def highlighted(view: ViewData) -> set[str]:
    """Philosophers the current choice is about: tacklers, blockers, the one on the ball."""
    kick = view.get("kick") or {}
    names = set()
    if view["phase"] == "tackle":
        names |= set(kick.get("tacklers", []))
    if view["phase"] == "block":
        names |= set(kick.get("blockers", []))
    if view.get("placing"):
        names.add(view["placing"])
    return names


def doing(view: ViewData) -> str:
    """What is happening now, in one line of plain text."""
    phase, mover = view["phase"], team_name(view["mover"])
    kick, running = view.get("kick") or {}, view.get("running") or {}
    if phase == "over":
        winner = view.get("winner")
        head = "a draw" if winner is None else f"the {team_name(winner)} win"
        return f"Full time: {head} ({view['result']})."
    if phase == "lineup":
        waiting = [team_name(t) for t in view["to_move"]]
        return f"Line-ups: waiting for the {' and the '.join(waiting)}."
    if phase == "place":
        return f"The ball is on {view['placing']}: the {team_name(team_of(view['placing']))} set it down."
    if phase == "run":
        who = team_name(running["seat"])
        dice = "+".join(str(d) for d in running["rolled"])
        left = ", ".join(str(d) for d in running["left"]) or "none"
        bonus = " (scoring bonus)" if running.get("bonus") else ""
        return f"The {who} run{bonus}: dice {dice}, left {left}."
    if phase == "kick":
        return f"The {mover} may kick."
    if phase == "tackle":
        return f"{' or '.join(kick['tacklers'])} may tackle {kick['kicker']}: {kick['resist']} or more."
    if phase == "block":
        suits = " or ".join(TEXT_SUIT[suit_of(p)] for p in kick["blockers"])
        return f"{' or '.join(kick['blockers'])} may block on {view['ball']}: a {suits} of {kick['required']}+."
    if phase == "bonus":
        return f"Scoring bonus: the {team_name(view['bonus'][0])} choose."
    return ""


# --- Text ----------------------------------------------------------------------------------------


def _team_line(view: ViewData, team: int) -> str:
    info = view["teams"][team]
    spots = view["spots"]
    players = " · ".join(f"{p} {TEXT_SUIT[suit_of(p)]} {spots[p]}" for p in info["philosophers"] if p in spots)
    penalty = f" · penalty box: {', '.join(info['penalty'])}" if info["penalty"] else ""
    return f"**{info['name']}** ({info['hand_size']} cards): {players or 'off the field'}{penalty}"


def _kick_line(view: ViewData) -> str | None:
    kick, last = view.get("kick"), view.get("last_kick")
    story = kick or last
    if not story:
        return None
    direction = f" {ARROWS[kick['direction']]}" if kick else ""
    path = " → ".join(story["path"]) or ("" if kick else "did not move")
    ahead = f" ⋯ {' → '.join(kick['ahead'])}" if kick and kick["ahead"] else ""
    if not path:
        ahead = ahead.lstrip()
    result = "under way" if kick else story["result"]  # the story is the last kick
    title = "Kick" if kick else "Last kick"
    return (
        f"{title}: **{story['kicker']}** {card_text(story['card'])} ({story['value']}){direction} "
        f"from {story['start']}: {path}{ahead} ({result})"
    )


def text(view: ViewData) -> str:
    germans, french = (view["teams"][t]["score"] for t in (data.GERMANS, data.FRENCH))
    half = "**Sudden death**" if view["sudden_death"] else f"Half {view['half']}"
    lines = [
        f"**Philosophy Grudgematch** · Germans **{germans}** – **{french}** French · {half} · "
        f"Turn {view['turn']} · Deck {view['deck_size']}"
    ]
    ball = f"⚽ Ball on **{view['ball']}**" if view.get("ball") else "⚽ Ball out of play"
    lines.append(f"{ball} · {doing(view)}")
    kick_line = _kick_line(view)
    if kick_line:
        lines.append(kick_line)
    lines += [_team_line(view, data.GERMANS), _team_line(view, data.FRENCH)]
    if view.get("hand") is not None:
        lines.append(f"🫵 Your hand {_hand(view)}")
    out = "\n".join(lines)
    return out if len(out) <= 1800 else out[:1797] + "…"


def _hand(view: ViewData) -> str:
    lineup = f" · line-up: {view['lineup']}" if view.get("lineup") else ""
    return f"({view['team']}): {' '.join(card_text(c) for c in view['hand']) or 'no cards'}{lineup}"


def reveal(view: ViewData) -> list[str]:
    """A seat's secrets in the third person, for the end-of-game summary."""
    return [f"🃏 Hand {_hand(view)}"] if view.get("hand") is not None else []


def label(view: ViewData, action: GameAction) -> str | None:
    """A run names the die it uses (the smallest unused one that reaches, as the rules take it)."""
    if action.kind != "run":
        return None
    running = view.get("running") or {}
    steps = (running.get("reach") or {}).get(action.who, {}).get(action.to)
    dice = [d for d in running.get("left") or [] if steps is not None and d >= steps]
    return f"{action.who} → {action.to} · 🎲{min(dice)}" if dice else None


RUN_GROUP = 25  # a select's options: the spaces of one group of a run


def run_bands(reach: dict[str, int]) -> list[str]:
    """The spaces a runner reaches (`reach`: space -> steps) in bands of neighbouring columns
    ("columns A–D"), each of at most RUN_GROUP spaces, as few bands as can be and as even as can
    be; [""] (one group) where they all fit one select."""
    columns: dict[str, int] = {}
    for space in sorted(reach, key=field.cell):
        columns[space[0]] = columns.get(space[0], 0) + 1
    if sum(columns.values()) <= RUN_GROUP:
        return [""]

    def packed(most: int) -> list[list[str]]:
        bands: list[list[str]] = []
        size = most + 1
        for column, count in columns.items():
            if size + count > most:
                bands.append([])
                size = 0
            bands[-1].append(column)
            size += count
        return bands

    fewest = len(packed(RUN_GROUP))  # a column holds at most 13 spaces (six steps up and down)
    most = max(max(columns.values()), -(-sum(columns.values()) // fewest))
    while len(packed(most)) > fewest:
        most += 1
    return [f"column {band[0]}" if len(band) == 1 else f"columns {band[0]}–{band[-1]}" for band in packed(most)]


def group(view: ViewData, action: GameAction) -> str | None:
    """How a long list of moves is grouped on a phone: by the philosopher who runs (past 25 spaces
    also by columns, "Hegel (columns A–D) runs": a run is two picks, a group and then a space in
    one select), by the card and kicker of a kick (then its directions); anything else by its kind."""
    if action.kind == "run":
        reach = ((view.get("running") or {}).get("reach") or {}).get(action.who) or {}
        bands = run_bands(reach) if action.to in reach else [""]
        band = next((b for b in bands if b and b.split()[-1][0] <= action.to[0] <= b[-1]), "")
        return f"{action.who} ({band}) runs" if band else f"{action.who} runs"
    if action.kind == "kick":
        foul = " (with a foul)" if action.foul else ""
        return f"{card_text(action.card)} {action.who} kicks{foul}"
    return None
