"""Ostrakon as short Discord markdown (the board's text and the move labels), and the readings of
a view that the picture (bot/render/ostrakon.py) shares."""

from __future__ import annotations

from typing import Any

from bot.render.presentation import GameAction, ViewData
from engine.ostrakon.data import FREE_SUBJECT, TEMPLE
from engine.ostrakon.data import affected_for as affected
from engine.ostrakon.state import STONE_ICON

RULE_HINTS = {
    "regular": "",
    "corruption": "the speaker corrupts {n}",
    "oracle": "the speaker consults {n}",
    "treachery": "the speaker may turn after the reveal",
}


# --- Reading the view ----------------------------------------------------------------------------


def subject_name(subject: str | None) -> str:
    return "free subject" if subject in (None, FREE_SUBJECT) else subject


def outstanding(view: ViewData) -> bool:
    winner = view.get("winner")
    return winner is not None and view["positions"][winner] == TEMPLE


def moons_left(view: ViewData) -> int:
    """Moons still uncovered on the Calendar, today's included; none once the Moon covers it."""
    if view.get("phase") == "over" and not outstanding(view):
        return 0
    left: int = view["days"] - view["day"] + 1
    return left


def next_label(view: ViewData) -> str:
    if view.get("next_speaker") is not None:
        speaker: str = view["names"][view["next_speaker"]]
        return speaker
    return "the game ends" if view["day"] >= view["days"] else f"day {view['day'] + 1} begins"


def visible_stone(view: ViewData, seat: int) -> str | None:
    """A stone everyone may see on the board now (Treachery's reveal, the Oracle's consulted)."""
    if view.get("votes"):
        vote: str | None = view["votes"].get(str(seat))
        return vote
    return (view.get("shown") or {}).get(str(seat))


# --- The text ------------------------------------------------------------------------------------

TEXT_LIMIT = 1800
YOUR_TURN = {
    "ask": "ask a question with two answers",
    "corrupt": "choose {n} to corrupt",
    "consult": "choose {n} to consult",
    "decide": "keep your stone or turn it over",
}


def escape(text: str, limit: int) -> str:
    """Player-written text made safe for Discord markdown: no formatting, no mentions, not too long."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    text = "".join("\\" + c if c in "\\*_~`|>[]()<" else c for c in text)
    return text.replace("@", "@\u200b")


def bold(view: ViewData, seat: int) -> str:
    return f"**{view['names'][seat]}**"


def result_line(view: ViewData, last: dict[str, Any]) -> str:
    votes = last["votes"]
    black = sum(1 for vote in votes.values() if vote == "black")
    outcome = f"forward {last['advanced']}" if last["advanced"] else "under the Sun"
    return (
        f"📜 Last: {bold(view, last['speaker'])} asked *{escape(last['question']['text'], 120)}*: "
        f"⚪ {len(votes) - black} · ⚫ {black} → {outcome}"
    )


def turn_lines(view: ViewData) -> list[str]:
    """The question on the table and where its vote stands (no secret: only who has voted)."""
    names, phase, question = view["names"], view["phase"], view["question"]
    lines = [
        f"❓ {bold(view, view['speaker'])} asks: *{escape(question['text'], 220)}*",
        f"⚪ {escape(question['white'], 60)} · ⚫ {escape(question['black'], 60)}",
    ]
    if phase == "vote":
        waiting = [names[seat] for seat in range(len(names)) if seat not in view["voted"]]
        lines[-1] += f" — {len(view['voted'])}/{len(names)} voted, waiting for {', '.join(waiting)}"
    elif phase in ("corrupt", "consult"):
        verb = "corrupt" if phase == "corrupt" else "consult"
        lines.append(f"All stones are down: {bold(view, view['speaker'])} chooses {affected(len(names))} to {verb}.")
    elif phase == "decide":
        stones = view.get("votes") or view.get("shown") or {}
        seen = " · ".join(
            f"{names[int(seat)]} {STONE_ICON[stone]}" for seat, stone in sorted(stones.items(), key=lambda i: int(i[0]))
        )
        what = "The stones" if view.get("votes") else "The Oracle shows"
        lines.append(f"{what}: {seen}")
        lines.append(f"{bold(view, view['speaker'])} may turn their stone over.")
    if view.get("follower") is not None:
        lines.append(f"🫒 {bold(view, view['follower'])} follows this turn.")
    return lines


def path_lines(view: ViewData) -> list[str]:
    """The piles from the leading one back, each read from its top."""
    names, special = view["names"], view.get("special_spaces") or {}
    lines = []
    for pile in reversed(view["piles"]):
        top, *rest = list(reversed(pile["seats"]))
        sun = " ☀️" if pile["space"] == view["sun"] and view["phase"] != "over" else ""
        mark = f" ({special[str(pile['space'])][0].upper()})" if str(pile["space"]) in special else ""
        lines.append(f"`{pile['space']:>2}`{sun}{mark} **{names[top]}**" + "".join(f", {names[s]}" for s in rest))
    return lines


def legend(view: ViewData) -> str | None:
    """What the path's letters mean, in the text and on the picture's spaces: each special day and
    its spaces (`(C) Corruption 4, 10`); None when every day is a regular one."""
    special = view.get("special_spaces") or {}
    rules: dict[str, list[str]] = {}
    for space, rule in sorted(special.items(), key=lambda item: int(item[0])):
        rules.setdefault(rule, []).append(space)
    if not rules:
        return None
    kinds = " · ".join(f"({rule[0].upper()}) {rule.title()} {', '.join(spaces)}" for rule, spaces in rules.items())
    return f"🔣 Special days, by the Sun's space when a day starts: {kinds}"


def text(view: ViewData) -> str:
    names, phase, rule = view["names"], view["phase"], view["rule"]
    left = moons_left(view)
    rule_text = (
        "a regular day"
        if rule == "regular"
        else f"**{rule.title()}** ({RULE_HINTS[rule].format(n=affected(len(names)))})"
    )
    lines = [
        f"**Ostrakon** · Day {view['day']} of {view['days']} · "
        f"{'🌕' * left}{'🌑' * (view['days'] - left)} · Rule of the Day: {rule_text}"
    ]
    if phase == "over":
        winner = bold(view, view["winner"])
        lines.append(
            f"🏛️ {winner} reaches the Temple of Wisdom: an Outstanding Victory!"
            if outstanding(view)
            else f"🏆 {winner} stands closest to the Temple and wins!"
        )
    else:
        lines.append(
            f"🗣️ Now: **{escape(subject_name(view['subject']), 60)}** — {bold(view, view['speaker'])} asks · "
            f"Next: {escape(subject_name(view['next_subject']), 60)} — {next_label(view)}"
        )
    if view.get("under_sun"):
        lines.append(
            f"☀️ Under the Sun on space {view['sun']} (bottom → top): "
            + ", ".join(names[seat] for seat in view["under_sun"])
        )
    lines.append("**The path** (each pile from its top):")
    lines += path_lines(view)
    if outstanding(view):
        lines.insert(len(lines) - len(view["piles"]), f"`17` 🏛️ **{names[view['winner']]}**")
    key = legend(view)
    if key and phase != "over":
        lines.append(key)
    if view.get("question") and phase != "over":
        lines += turn_lines(view)
    elif view.get("last"):
        lines.append(result_line(view, view["last"]))
    if "seat" in view and phase != "over":
        mine, question = view.get("my_vote"), view.get("question")
        if view["seat"] == view["speaker"] and phase in YOUR_TURN:
            lines.append(f"🫵 Your turn: {YOUR_TURN[phase].format(n=affected(len(names)))}.")
        if mine and question:
            lines.append(f"🫵 Your vote: {_stone(view)}")
        elif phase == "vote":
            lines.append("🫵 You have not voted yet.")
        if view.get("can_follow"):
            lines.append(f"🫒 You may follow {bold(view, view['speaker'])} (once a game, before you vote).")
    result = "\n".join(lines)
    return result if len(result) <= TEXT_LIMIT else result[: TEXT_LIMIT - 1] + "…"


def _stone(view: ViewData) -> str:
    return f"{STONE_ICON[view['my_vote']]} {escape(view['question'][view['my_vote']], 60)}"


def reveal(view: ViewData) -> list[str]:
    """A seat's secret in the third person, for the end-of-game summary: a stone not yet revealed
    (whether a seat voted is public, and after the last day every stone was shown)."""
    if "seat" not in view or view["phase"] == "over" or not (view.get("my_vote") and view.get("question")):
        return []
    return [f"🗳️ Stone: {_stone(view)}"]


def label(view: ViewData, action: GameAction) -> str | None:
    """How a move reads on its button, in words from the table (None: the engine's own label)."""
    names, question = view["names"], view.get("question") or {}
    if action.kind == "vote" and question:
        return f"{STONE_ICON[action.stone]} {question[action.stone]}"[:80]
    if action.kind == "follow" and view.get("speaker") is not None:
        return f"🫒 Follow {names[view['speaker']]}"
    if action.kind in ("corrupt", "consult"):
        return f"{action.kind.title()} {' + '.join(names[seat] for seat in action.seats)}"[:80]
    if action.kind == "decide" and view.get("my_vote"):
        turned = {"white": "black", "black": "white"}[view["my_vote"]]
        stone = turned if action.flip else view["my_vote"]
        return f"{'Turn it to' if action.flip else 'Keep'} {STONE_ICON[stone]} {question.get(stone, stone)}"[:80]
    return None
