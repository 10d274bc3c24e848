"""Take-backs through the real bot, as a player on a phone meets them: a table opened with
`undo:off` offers no ↩️ button and `/table undo` says why. A game's own take-backs (a secret choice
by DM, a question the voters were asked) are in its test_<game>_takeback_e2e.py."""

from __future__ import annotations

from tests.registry import a_game

from .game_table import GameTable, Menu, draw_without_encoding, first, seeded_tables

TAKE_BACK = "Take back"


def prompt_of(player):
    """The player's latest DM with moves."""
    return next(m for m in reversed(player.dms()) if Menu(m).moves())


async def test_a_table_with_take_backs_off_offers_none(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-off")
    players = alice, bob = fake.add_users("alice", "bob")
    # a game whose every move can be taken back: only the table's setting keeps the button away
    table = GameTable(fake, a_game(seats=2, undoable=True, toy=True), players)
    await table.open(alice, undo="off")
    assert "Take-backs are off" in table.lobby.content
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    draw_without_encoding(monkeypatch)

    (player,) = table.waiting()
    prompt = await table.moves_of(player)
    await table.choose(player, prompt, first)
    assert prompt.content.startswith("✅") and TAKE_BACK not in prompt.button_labels()
    asked = await player.slash("table undo")
    assert asked.reply.ephemeral and "does not allow take-backs" in (asked.followups or [asked.reply])[-1].content
