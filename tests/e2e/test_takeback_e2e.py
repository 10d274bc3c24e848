"""A take-back through the real bot, as a player on a phone meets it: a misclicked secret line-up in
Philosophy Grudgematch is taken back with the ↩️ button on its confirmation (in the DM it was
chosen in), chosen again, and the game goes on; nobody learnt the line-up taken back. Once the
other player has chosen, the old button refuses. A table opened with `undo:off` offers no button
and `/table undo` says why. An Ostrakon question taken back tells the voters and takes their stone
buttons away."""

from __future__ import annotations

from .game_table import GameTable, Menu, prefer, seeded_tables
from .ostrakon_table import OstrakonTable, Question, draw_without_encoding

TAKE_BACK = "Take back"


def prompt_of(player):
    return next(m for m in reversed(player.dms()) if Menu(m).moves())


async def test_a_misclicked_line_up_is_taken_back_with_its_button(fake_discord, real_bot, monkeypatch):
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
    assert any(f"<@{alice.id}> took back their move." in m.content for m in fake.channel.messages())
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


async def test_a_table_with_take_backs_off_offers_none(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-off")
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "grudgematch", players)
    await table.open(alice, undo="off")
    assert "Take-backs are off" in table.lobby.content
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    draw_without_encoding(monkeypatch)

    prompt = prompt_of(alice)
    await table.choose(alice, prompt, prefer("Line-up: Attack"))
    assert prompt.content.startswith("✅") and TAKE_BACK not in prompt.button_labels()
    asked = await alice.slash("table undo")
    assert asked.reply.ephemeral and "does not allow take-backs" in (asked.followups or [asked.reply])[-1].content


async def test_a_question_taken_back_tells_the_voters_and_settles_their_stones(fake_discord, real_bot, monkeypatch):
    """Ostrakon's speaker asks and everyone gets stone buttons by DM; the speaker takes the question
    back (a typo): each voter is told by DM that it is not their turn any more, and their stone
    prompt loses its buttons; the question asked again gives them new stones."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-ostrakon")
    table = OstrakonTable(fake, fake.add_users(*(f"p{n}" for n in range(5))))
    await table.seat_and_start()
    draw_without_encoding(monkeypatch)
    (speaker,) = table.waiting()
    typo = Question(1, "The sea or the mountians?", "Sea", "Peaks")
    asked = await speaker.slash("ostrakon ask", question=typo.text, white=typo.white, black=typo.black)
    confirmation = next(m for m in [asked.reply, *asked.followups] if m is not None and TAKE_BACK in m.button_labels())
    voters = [user for user in table.players if user is not speaker]
    stones = {user.id: next(m for m in reversed(user.dms()) if m.buttons()) for user in voters}

    await speaker.click(confirmation, TAKE_BACK)
    assert [user.name for user in table.waiting()] == [speaker.name]
    for user in voters:
        assert not stones[user.id].buttons() and "was taken back" in stones[user.id].content, stones[user.id].content
        assert any("took back their move, so it is not your turn any more" in m.content for m in user.dms())
    assert any(f"<@{speaker.id}> took back their move." in m.content for m in fake.channel.messages())

    fixed = Question(1, "The sea or the mountains?", "Sea", "Peaks")
    await table.ask(speaker, fixed, by_form=False)
    assert sorted(user.name for user in table.waiting()) == sorted(user.name for user in table.players)
    await table.vote(voters[0], "white", fixed)
