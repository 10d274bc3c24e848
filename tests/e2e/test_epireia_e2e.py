"""Epireia against the real bot, as people play it on Discord: a whole two-player game to the Great
Battle (cities, Administrators, secret starting figures by DM, three turns of Development and
Diplomacy, the secret battle plans and engagements by DM), and a whole solo game against the
enemy and the Augurs, started by its host alone."""

from __future__ import annotations

import re
import time

from .game_table import OVER, GameTable, Menu, draw_without_encoding, prefer, seeded_tables
from .plans import Plan

SECRET = ("tokens (secret)", "Your secret figure")
FIGURE = re.compile(r"^(\w+) ⚔️")


def commander(solo: bool = False):
    """Develop (an army for the battle; Prestige in the solo game), send figures to Territories,
    re-roll what fails, and fight with everything in the battle."""
    develop = ("Donate", "Produce", "Build ") if solo else ("Produce", "Build ", "Donate")
    return prefer(
        "Re-roll",
        "Engage",
        "Confirm the battle plan",
        "Strongest on",
        "✅ Confirm the",
        " on the Flank",
        "Send ",
        *develop,
        "(territory)",
        "End my moves",
        "End my Development",
        "Bonus",
    )


# How the crash tests and the bench play this game (tests/e2e/plans.py).
PLAN = Plan(
    commander,
    setups=((2, 0, "last_turn=3, leagues=seats"), (1, 0, "")),
    whole_games=((1, ""), (2, "last_turn=3, leagues=seats")),
)


async def test_two_players_play_to_the_great_battle(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "epireia-two")
    started = time.perf_counter()
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "epireia", players)
    await table.open(alice, options="last_turn=3, leagues=seats")
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    table.assert_real_picture(table.board())  # drawn for real; later boards skip the encoding
    draw_without_encoding(monkeypatch)
    plan = commander()

    # Cities and Administrators in turn, from "My hand & moves".
    while not table.waiting() or len(table.waiting()) == 1:
        (player,) = table.waiting()
        await table.choose(player, await table.hand(player), plan)
    assert "Now each player secretly chooses a starting Influential Figure" in table.board().content

    # The starting figures are chosen at once, in secret, by DM (the player whose move began it: in
    # that move's answer): the channel only says who chose.
    chosen = {}
    for player in players:
        prompt = await table.moves_of(player)
        assert prompt.ephemeral or "Your move at" in prompt.content
        label = await table.choose(player, prompt, plan)
        chosen[player.id] = FIGURE.match(label).group(1)
        if player is alice:
            assert "has chosen a starting figure" in table.board().content
            assert not any(chosen[alice.id] in text for text in table.public_texts())
            assert f"Your secret figure: {chosen[alice.id]}" in (await table.hand(alice)).content
    revealed = next(line for line in table.board().content.splitlines() if "Starting figures:" in line)
    assert all(figure in revealed for figure in chosen.values()), revealed

    # Three turns of Development and Diplomacy; each player's moves edit one board in place.
    boards_before = len(fake.channel.messages())
    while "The Great Battle!" not in "\n".join(table.public_texts()):
        (player,) = table.waiting()
        await table.turn(player, plan)
    assert len(fake.channel.messages()) - boards_before < len(table.played), "a board per move"

    # The battle plans are secret and simultaneous: by DM (or in the answer to the move that began
    # them), front by front in the same message.
    for player in players:
        assert player in table.waiting()
        prompt = await table.moves_of(player)
        assert "**Your league's plan** (secret)" in prompt.content and "Not deployed: " in prompt.content
        steps = []
        while Menu(prompt).moves() and player in table.waiting() and len(steps) < 30:
            steps.append(await table.choose(player, prompt, plan))
        assert "⚔️ Confirm the battle plan" in steps and any(" on the Flank" in step for step in steps)
        assert not any(step in text for step in steps for text in table.public_texts())
    # Engagements: each league that could still change a column chooses, in secret when both do.
    await table.play_until(table.over, lambda user: plan, most=40)
    assert "League has decided." in "\n".join(table.public_texts())  # a secret choice, told without its content
    assert any(  # the answer names the move, then the secret choice's own text
        re.match(r"✅ You played \*\*Engage .*\*\*\. You chose: engage\.", m.content)
        for p in players
        for m in p.dms() + p.ephemerals()
    )

    last, summary = table.final()
    assert "The Great Battle is over" in "\n".join(table.public_texts()[-3:]) and OVER in last.content
    assert "Winner" in summary.content and "League wins" in summary.content
    assert not any(word in text for text in table.public_texts() for word in SECRET)
    table.assert_boards_have_pictures()
    print(f"{len(table.played)} moves in {time.perf_counter() - started:.1f}s; menus {table.menus_seen}")


async def test_a_solo_game_against_the_enemy(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    draw_without_encoding(monkeypatch)
    seeded_tables(monkeypatch, "epireia-solo")
    started = time.perf_counter()
    (alice,) = players = fake.add_users("alice")
    table = GameTable(fake, "epireia", players)
    lobby = await table.open(alice)
    assert "Ready to start" in lobby.content
    await alice.click(lobby, "Start")
    assert "has begun" in lobby.content

    # The host plays every decision from one "My hand & moves" message, turn after turn.
    plan = commander(solo=True)
    first_labels = Menu(await table.hand(alice)).moves()
    assert all(label.endswith(" turns)") for label in first_labels)  # the solo scenarios
    moves = await table.play_until(table.over, lambda user: plan, most=120)
    text = "\n".join(table.public_texts())
    assert "Solo scenario" in text and "🔮 Augur:" in text and "Enemy" in text
    last, summary = table.final()
    assert "victory" in summary.content or "defeat" in summary.content, summary.content
    assert not any(word in text for word in SECRET)
    table.assert_boards_have_pictures()
    print(
        f"solo: {moves} moves in {time.perf_counter() - started:.1f}s; {len(fake.channel.messages())} messages; "
        f"menus {table.menus_seen}"
    )
