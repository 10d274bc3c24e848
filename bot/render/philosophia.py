"""Philosophia as Discord markdown and menus, from a view (the public one, or a seat's); its picture
is drawn by bot/render/philosophia_board.py.
"""

from __future__ import annotations

from bot.render.philosophia_board import draw, status
from bot.render.presentation import GameAction, Presentation, ViewData, rules_page

TOKEN_ICON = {"black": "⚫", "yellow": "🟡", "blue": "🔵", "red": "🔴", "green": "🟢"}
SEAT_ICONS = ("🔴", "🔵", "🟢", "🟡", "🟣", "🟠")


def icon_of(view: ViewData, who: int) -> str:
    return "⚙️" if view["players"][who]["automaton"] else SEAT_ICONS[who % len(SEAT_ICONS)]


# --- The text ----------------------------------------------------------------------------------------


def who(view: ViewData, index: int) -> str:
    return f"**{view['names'][index]}**"


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
        f"🔮{sum(player['oracles'].values())}{' ' + tokens if tokens else ''} · wisdom {len(player['wisdom'])}/3 · "
        f"builders {player['builders']} · sophists {player['sophists']}{' · spellbound' if player['silenced'] else ''}"
    )  # the picture's boards show less


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


# Places by kind, and cities by region (the Olympic Requests and the Moirai ask for those). A place
# of a kind not here (an Oracle, an Acropolis spot: each its own action) is a button of its own.
PLACE_GROUPS = {
    ("city", ""): "Go to a mainland city",
    ("city", "west"): "Go to a western city",
    ("city", "east"): "Go to an eastern city",
    ("port", ""): "Go to a port",
    ("temple", ""): "Go to a Temple",
}


# Actions that come once per target or choice, by what they do.
ACTION_GROUPS = {
    "use_sophist": "Use a Sophist on someone's follower",
    "challenge": "Challenge someone to a debate",
    "labyrinth": "Collect a Labyrinth token",
    "unlock": "Study: unlock a Wisdom card",
    "observe": "Observe: draw 2 argument cards",
}


def group(view: ViewData, action: GameAction) -> str | None:
    """How a long list of moves is grouped on a phone: places by kind (cities by region), each
    Oracle and Acropolis spot on its own; Oracle cards and claimed arguments by card; anything else
    by what it does."""
    from engine.philosophia.actions import label as engine_label
    from engine.philosophia.data import LOCATIONS

    if action.kind == "move" and action.to in LOCATIONS:
        place = LOCATIONS[action.to]
        return PLACE_GROUPS.get((place.kind, place.region)) or engine_label(action)
    if action.kind == "play_oracle":
        return f"Play {action.card}"
    if action.kind == "argue" and action.claim:  # True Philosopher: a card, then what you claim
        card: str = action.card
        return card
    return ACTION_GROUPS.get(action.kind)


PRESENTATION = Presentation(
    draw=draw,
    text=text,
    rules=rules_page("philosophia.md"),
    reveal=reveal,
    label=label,
    group=group,
    position=None,
    hand_picture=None,
    group_from=11,  # past ten buttons: the places by kind, then the place
)
