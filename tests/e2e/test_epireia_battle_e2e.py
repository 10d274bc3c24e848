"""Epireia's Great Battle against the real bot, played through the menus: each league deploys in its
DM, a front at a time (a select per column, Strongest, Confirm), then its figures and the final
confirmation; the channel sees only how many tokens stand on each front until the reveal.

The table starts at the battle: its set-up is the game's own, followed by stand-ins playing a short
game (three turns) with every player holding tokens of each kind."""

from __future__ import annotations

import dataclasses

from engine import referee
from engine.epireia.state import draw_token
from tests.registry import GAMES

from .game_table import OVER, GameTable, Menu, prefer, seeded_tables

ARMY = (("hoplites", 1), ("hoplites", 2), ("hoplites", 1), ("cavalry", 1), ("cavalry", 2), ("triremes", 2))
PLAN = "Your league's plan"


def start_at_the_battle(monkeypatch) -> None:
    game = GAMES["epireia"]

    def setup(seats, options, chance):
        state = game.setup(seats, options.model_copy(update={"last_turn": 3}), chance)
        while state.phase in ("scenario", "city", "league", "admin", "figure"):
            seat = min(game.to_move(state))
            state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
        for player in state.players:
            player.reserve = [draw_token(state, unit, level, chance) for unit, level in ARMY]
        while state.phase != "battle":
            seat = min(game.to_move(state))
            state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
        return state

    monkeypatch.setitem(GAMES, "epireia", dataclasses.replace(game, setup=setup))


def deployer():
    """Strongest and Confirm on each front; then each figure on a front of its own, and Confirm."""
    placed: set[str] = set()

    def pick(labels: list[str], text: str = "") -> str:
        for word in ("⚔️ Confirm the battle plan", "Strongest on", "✅ Confirm the"):
            if any(label.startswith(word) for label in labels):
                return next(label for label in labels if label.startswith(word))
        for label in labels:
            figure, _, front = label.partition(" on the ")
            if front and figure != "No figure" and not placed & {figure, front}:
                placed.update({figure, front})
                return label
        return labels[0]

    return pick


def dm_menu(user):
    return next(m for m in reversed(user.dms()) if not Menu(m).empty())


async def test_a_battle_deployed_through_the_menus(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "epireia-battle")
    start_at_the_battle(monkeypatch)
    alice, bob = players = fake.add_users("alice", "bob")
    table = GameTable(fake, "epireia", players)
    await table.open(alice, options="leagues=seats")
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    assert set(table.waiting()) == {alice, bob}

    # Alice's DM opens on her Flank: a select per column, Strongest, Confirm, and the other screens.
    prompt = dm_menu(alice)
    assert len(prompt.files()) == 1  # a picture of her league's deployment comes with it
    menu = Menu(prompt)
    selects = menu.move_selects()
    assert [s["placeholder"] for s in selects] == [f"Column {n}, empty: choose…" for n in (1, 2, 3)]
    assert {"Strongest on the Flank", "✅ Confirm the Flank"} <= set(menu.move_buttons())
    assert {"⚔️ Centre", "⚔️ Maritime", "Figures & confirm"} <= set(menu.nav())
    assert all(o["label"].startswith("Flank column 1, row") for o in selects[0]["options"])
    # A token chosen in column 2 stands there; the same message shows the Flank again.
    option = selects[1]["options"][0]["label"]
    assert await table.choose(alice, prompt, prefer(option)) == option
    token = option.split(": ", 1)[1]
    assert Menu(prompt).move_selects()[1]["placeholder"] == f"Column 2, now {token}: choose…"
    assert PLAN in prompt.content and "✏️ Flank: — + — · " in prompt.content
    # With it, a picture of her league's deployment as it stands, drawn again at each step.
    (first_picture,) = prompt.files().values()
    assert not any(token in text or PLAN in text for text in table.public_texts())

    # Strongest and Confirm, front after front; then a figure on each front and the final word.
    labels = []
    while alice in table.waiting() and len(labels) < 20:
        prompt = dm_menu(alice)
        labels.append(await table.choose(alice, prompt, deployer()))
    assert [label for label in labels if "Confirm" in label] == [
        "✅ Confirm the Flank",
        "✅ Confirm the Centre",
        "✅ Confirm the Maritime",
        "⚔️ Confirm the battle plan",
    ]
    assert any(" on the " in label for label in labels)
    assert "🛡️ The Delian League has placed its army and figures (tokens: Flank " in "\n".join(table.public_texts())
    (last_picture,) = prompt.files().values()  # the confirmed plan, with the answer to its confirmation
    assert last_picture != first_picture
    (carol,) = fake.add_users("carol")  # someone watching sees how many tokens, never where
    watched = await table.hand(carol)
    assert "🛡️ Delian League: ✅ ready (tokens: Flank " in watched.content and PLAN not in watched.content
    assert not watched.files()

    # Bob lets the bot finish his plan (on the last screen); the figures are revealed, the fronts fought.
    prompt = dm_menu(bob)
    await bob.click(prompt, Menu(prompt).nav()["Figures & confirm"]["custom_id"])
    assert await table.choose(bob, prompt, prefer("Finish the plan for me")) == "🎲 Finish the plan for me"
    public = "\n".join(table.public_texts())
    assert "🎴 The figures are revealed." in public and "🏺 Flank, column 1: Delian League **" in public
    await table.play_until(table.over, lambda user: prefer("Engage", "Hold back"), most=40)
    last, summary = table.final()
    assert "The Great Battle is over" in "\n".join(table.public_texts()[-3:]) and OVER in last.content
    assert not any(PLAN in text for text in table.public_texts())
    table.assert_boards_have_pictures()
