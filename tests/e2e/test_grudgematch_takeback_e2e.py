"""A take-back in Philosophy Grudgematch: a misclicked secret line-up taken back with the ↩️ button
on its DM confirmation (the generic take-back rules: test_takeback_e2e.py)."""

from __future__ import annotations

from .game_table import GameTable, Menu, draw_without_encoding, prefer, seeded_tables
from .test_takeback_e2e import TAKE_BACK, prompt_of


async def test_a_misclicked_line_up_is_taken_back_with_its_button(fake_discord, real_bot, monkeypatch):
    """Taken back in the DM it was chosen in, chosen again, and the game goes on; nobody learnt the
    line-up taken back. Once the other player has chosen, the old button refuses."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-e2e")
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "grudgematch", players)
    await table.seat_everyone()
    draw_without_encoding(monkeypatch)

    prompt = prompt_of(alice)
    await table.choose(alice, prompt, prefer("Line-up: Attack"))  # meant Defence
    assert prompt.content.startswith("✅") and TAKE_BACK in prompt.button_labels()
    assert "The **Germans** have chosen their line-up." in table.board().content

    undone = await alice.click(prompt, TAKE_BACK)
    assert not [m for m in [undone.reply, *undone.followups] if m is not None and m.content.startswith("🚫")]
    assert "taken back" in prompt.content and "Line-up: Defence" in Menu(prompt).moves()
    assert TAKE_BACK not in prompt.button_labels()
    said = f"↩️ **{table.names[alice.id]}** took back their move."  # the team's name in the game, no ping
    assert any(said in m.content for m in fake.channel.messages())
    assert sorted(u.name for u in table.waiting()) == ["alice", "bob"]

    await table.choose(alice, prompt, prefer("Line-up: Defence"))
    confirmation = prompt
    await table.choose(bob, prompt_of(bob), prefer("Line-up: Attack"))
    public = "\n".join(table.public_texts())
    assert "(**Germans**: Defence · **French**: Attack)" in public
    assert "Germans**: Attack" not in public  # the line-up taken back was never shown

    too_late = await alice.click(confirmation, TAKE_BACK)  # after Bob's line-up
    refused = [m.content for m in [too_late.reply, *too_late.followups] if m is not None]
    assert any(text.startswith("🚫 Too late") for text in refused), refused
    assert TAKE_BACK not in confirmation.button_labels()  # the message shows the moves as they are now
