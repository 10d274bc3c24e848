"""Nine Muses against the real bot, as two people play it on Discord: a whole game (five rounds,
thirty turns) through the lobby buttons, "My hand & moves", the menu of groups (one per
Philosopher card in hand) and their moves, with each new round's cards by DM."""

from __future__ import annotations

import re
import time

from .game_table import GameTable, Menu, check_limits, draw_without_encoding, seeded_tables
from .plans import Plan

CARDS = re.compile(r"^Your cards: (.*)$", re.M)
NEW_CARDS = re.compile(r"Your Philosopher cards: ([^.\n]*)\.")
PRIVATE = ("Your cards", "Your Philosopher cards")
VP = re.compile(r"→ (\d+) VP")


def muse_collector(labels: list[str], text: str) -> str:
    """Call a Muse when one can be called; gather Knowledge, and in the last round demonstrate it
    for the most VP. On a long list: the card group with the most moves."""
    groups = [label for label in labels if label.startswith("Play ")]
    calls = [label for label in labels if label.startswith("Call ")]
    shows = [label for label in labels if label.startswith("Demonstrate ")]
    gains = [label for label in labels if ": gain " in label]
    if calls:
        return calls[0]
    if shows and "last round" in text:
        return max(shows, key=lambda label: int(VP.search(label).group(1)))
    if gains:
        return gains[0]
    return groups[-1] if groups else labels[0]


# How the crash tests and the bench play this game (tests/e2e/plans.py).
PLAN = Plan(lambda: muse_collector, setups=((1, 1, ""), (2, 0, "")), whole_games=((2, ""),))


def hand_of(message) -> list[str]:
    found = CARDS.search(message.content)
    assert found, message.content
    return found.group(1).split(", ")


async def test_two_players_play_a_whole_game(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "nine-muses-two")
    started = time.perf_counter()
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "nine-muses", players)
    await table.seat_everyone()
    table.assert_real_picture(table.board())  # drawn for real; later boards skip the encoding
    draw_without_encoding(monkeypatch)
    assert "(Thales)" in table.lobby.content and "(Sappho)" in table.lobby.content

    # Each player's three cards come by DM, with who they are.
    dealt = {}
    for player in players:
        (deal,) = player.dms()
        assert f"You are **{table.names[player.id]}**" in deal.content
        dealt[player.id] = hand_of(deal)
        assert len(dealt[player.id]) == 3

    turns = 0
    stale_checked = False
    while not table.over():
        (player,) = table.waiting()
        mine = await table.hand(player)
        cards = hand_of(mine)
        assert cards and mine.ephemeral_to is player
        if not stale_checked and Menu(mine).groups():
            # A second "My hand" left open on the side goes stale once the move is made elsewhere.
            spare = await table.hand(player)
            label = await table.choose(player, mine, muse_collector)
            refused = await player.select(
                spare, [Menu(spare).groups()[0]], select=Menu(spare).group_select()["custom_id"]
            )
            assert "It is not your turn" in refused.reply.content and refused.reply.ephemeral_to is player
            stale_checked = True
        else:
            label = await table.choose(player, mine, muse_collector)
        played_card = label.rsplit("discard ", 1)[-1].split(" ·")[0] if "discard " in label else label.split(":")[0]
        assert played_card in cards, (label, cards)  # only a card of one's own hand is offered
        turns += 1
        check_limits(table.board())

    # Five rounds of three cards each; each round's cards came to their owner only: the first by
    # DM at the start, the later ones by DM or in the reply to the move that ended the round.
    assert turns == 30 and stale_checked
    for player in players:
        seen = [
            text
            for m in player.dms() + player.ephemerals()
            for text in [old.get("content") or "" for old in m.history] + [m.content]
        ]
        rounds = {tuple(found.split(", ")) for text in seen for found in NEW_CARDS.findall(text)}
        assert len(rounds) == 5 and all(len(cards) == 3 for cards in rounds), rounds
        assert tuple(dealt[player.id]) in rounds
    assert not any(word in text for text in table.public_texts() for word in PRIVATE)
    assert table.menus_seen["groups"] and table.menus_seen["select"] and table.menus_seen["buttons"]

    # The end: the last board names the winner with its picture, then the summary.
    last, summary = table.final()
    assert "The last round is over. 🏆" in last.content and last.buttons() == []
    table.assert_boards_have_pictures()
    assert "finished after" in summary.content and any(p.mention in summary.content for p in players)
    print(f"{turns} turns in {time.perf_counter() - started:.1f}s; menus {table.menus_seen}")
