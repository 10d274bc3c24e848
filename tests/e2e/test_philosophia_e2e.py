"""Philosophia against the real bot, as people play it on Discord: a whole two-player game with a
fast timeline (Athena's auction with secret offerings by DM, a public debate whose cards stay in
their owner's hand until played, an Oracle card and the other player's secret answer to it), and a
solo game against the Moirai started by its host alone: its opening through Discord, then a
moderator hands the seat to a stand-in, which plays it to the end."""

from __future__ import annotations

import re
import time

from .game_table import GameTable, Menu, draw_without_encoding, prefer, seeded_tables
from .plans import Plan

HAND_LINE = "Your hand:"
FAST = "hourglass_rounds=1"  # the timeline moves every round: ten rounds in all


def philosopher():
    """Make an offering to Athena, challenge someone to a debate, collect an Oracle card and play
    it, once each where the place is free, then gather followers and coins; offer 1 coin, let
    Oracle cards be, argue the first card."""
    goals = {
        "auction": ("Go to Acropolis: Offering to Athena", "Give an offering to Athena"),
        "debate": ("Go to Acropolis: Public Debate", "Challenge "),
        "play": (None, "Play "),
        "oracle": ("Go to Oracle of ", "Collect an Oracle card"),
    }
    done: set[str] = set()
    going: list[str] = []  # the goal the philosopher went for, this turn

    def pick(labels: list[str], text: str) -> str:
        for goal, (go, act) in goals.items():
            acts = [label for label in labels if label.startswith(act)]
            if goal not in done and acts:
                done.add(goal)
                if goal == "play":  # an Oracle card played: no need for another one
                    done.add("oracle")
                elif goal == "oracle":  # a card that cannot be played (a Veto) needs another visit
                    going.clear()
                    done.discard("oracle") if "play" not in done else None
                return acts[0]
        if (
            going
            and not any(label.startswith("Go to ") for label in labels)
            and "Take the token's benefit" not in labels
        ):
            done.add(going.pop())  # there, but it cannot be done: never mind
        for goal, (go, act) in goals.items():
            places = [label for label in labels if go and label.startswith(go)]
            if goal not in done and places:
                going[:] = [goal]
                return places[0]
        return prefer(
            "Offer 1 ", "Let it be", "Take the token", "Create a following", "Tutor", "Go to ", "End the turn"
        )(labels, text)

    return pick


# How the crash tests and the bench play this game (tests/e2e/plans.py).
PLAN = Plan(
    philosopher,
    setups=((1, 1, "hourglass_rounds=1"), (2, 0, "hourglass_rounds=1")),
    whole_games=((1, "hourglass_rounds=1"), (2, "hourglass_rounds=1")),
)


async def test_two_players_play_a_whole_game(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "philosophia-two")
    started = time.perf_counter()
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "philosophia", players)
    await table.open(alice, options=FAST)
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    table.assert_real_picture(table.board())  # drawn for real; later boards skip the encoding
    draw_without_encoding(monkeypatch)
    table.read_names()
    assert sorted(table.names) == sorted(p.id for p in players)  # the lobby says who plays whom
    for player in players:  # each one's argument and Oracle cards come by DM
        (deal,) = [m for m in player.dms() if "Your seat" in m.content]
        assert f"You are **{table.names[player.id]}**" in deal.content and HAND_LINE in deal.content
    plans = {player.id: philosopher() for player in players}

    # Alice goes to the Acropolis and makes an offering to Athena: both offer in secret, by DM.
    await table.turn(alice, plans[alice.id])
    assert "makes an offering to Athena" in table.board().content
    assert sorted(u.name for u in table.waiting()) == ["alice", "bob"]
    for player in players:
        await table.turn(player, plans[player.id])
        if player is alice:
            assert "has made a secret offering (1/2)" in table.board().content
            assert not any("offers 1" in text.lower() or "Offer 1" in text for text in table.public_texts())
    assert "The offerings are revealed" in "\n".join(table.public_texts())

    # The rest of the game; every argument card is a private choice until it is played.
    await table.play_until(table.over, lambda user: plans[user.id], most=200)
    text = "\n".join(table.public_texts())
    assert "challenges" in text and "public debate" in text
    assert "🔮" in text and "plays *" in text  # an Oracle card, answered by the other player
    assert not any(HAND_LINE in t for t in table.public_texts())
    for player in players:  # each one's hand shows in their own view only
        assert any(HAND_LINE in m.content for m in player.ephemerals() + player.dms())
    last, summary = table.final()
    assert "🏁" in last.content and ("Winner" in summary.content or "No player wins" in summary.content)
    table.assert_boards_have_pictures()
    print(f"{len(table.played)} moves in {time.perf_counter() - started:.1f}s; menus {table.menus_seen}")


async def test_a_solo_game_against_the_moirai(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    draw_without_encoding(monkeypatch)
    seeded_tables(monkeypatch, "philosophia-solo")
    started = time.perf_counter()
    (alice,) = players = fake.add_users("alice")
    table = GameTable(fake, "philosophia", players)
    lobby = await table.open(alice, options=FAST)
    await alice.click(lobby, "Start")
    assert "has begun" in lobby.content

    # Four turns through Discord, the Moirai answering each of them (unless they win first).
    plan = philosopher()
    while table.channel_text().count("**'s turn.") < 4 and not table.over():
        await table.turn(alice, plan)
    text = table.channel_text()
    assert "🧵 The Moirai draw" in text and "Athena favours" in text or "The offerings are revealed" in text
    assert "challenges **The Moirai" in text
    assert not any(HAND_LINE in t for t in table.public_texts())

    # Alice has to leave: a moderator hands her seat to a stand-in, which plays to the end.
    if not table.over():
        moderator = fake.add_user("archon", moderator=True)
        await moderator.slash("table kick", member=alice)
    last, summary = table.final()
    assert "🏁" in last.content and ("Winner" in summary.content or "No player wins" in summary.content)
    held = rf"held by {re.escape(alice.mention)} \(\d+ moves?\) → 🤖 stand-in \(\d+ moves?\)"
    assert re.search(held, summary.content) or "The Moirai hold" in last.content
    table.assert_boards_have_pictures()
    print(f"solo: {len(table.played)} moves in {time.perf_counter() - started:.1f}s; menus {table.menus_seen}")


async def test_a_true_philosopher_writes_examples_in_a_form(fake_discord, real_bot, monkeypatch):
    """True Philosopher with examples: each card argued needs a one-line example, written in a
    form; the answer also claims whether it wins. Everyone reads both."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    draw_without_encoding(monkeypatch)
    seeded_tables(monkeypatch, "philosophia-true")
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "philosophia", players)
    await table.open(alice, options="true_philosopher=true, examples=true")
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    table.read_names()
    challenger = table.waiting()[0]
    went = await table.turn(challenger, prefer("Go to Acropolis: Public Debate", "Challenge "), most=2)
    assert went[-1].startswith("Challenge ") and "challenges" in table.board().content

    written = []
    for n in range(2):  # the challenger leads, the other answers with a claim
        (speaker,) = table.waiting()
        mine = await table.hand(speaker)
        cards = [label for label in Menu(mine).moves() if label != "Pass"]
        label = cards[0] if n == 0 else next(label for label in cards if "I claim it" in label)
        button = Menu(mine).move_buttons().get(label)
        if button:
            opened = await speaker.click(mine, button["custom_id"])
        else:
            select, option = next(
                (s, o) for s in Menu(mine).move_selects() for o in s["options"] if o["label"] == label
            )
            opened = await speaker.select(mine, [option["value"]], select=select["custom_id"])
        assert opened.modal is not None and len(opened.modal["title"]) <= 45, opened.modal
        example = f"If it rains, the agora is wet; it rains; so it is wet ({n + 1})."
        done = await speaker.submit_modal(Example=example)
        assert done.reply.content.startswith("✅"), done.reply.content
        written.append(example)
    text = table.channel_text()
    assert all(f"“{example}”" in text for example in written), text
    assert "claimed it" in text  # the answer's claim, judged by the rules
