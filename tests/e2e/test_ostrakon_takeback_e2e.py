"""An Ostrakon question taken back: the voters are told, in the message that offered their stones,
which loses its buttons: one message each, not a second DM (the generic take-back rules:
test_takeback_e2e.py)."""

from __future__ import annotations

from .game_table import draw_without_encoding, seeded_tables
from .ostrakon_table import OstrakonTable, Question
from .test_takeback_e2e import TAKE_BACK


async def test_a_question_taken_back_tells_the_voters_and_settles_their_stones(fake_discord, real_bot, monkeypatch):
    """Ostrakon's speaker asks and everyone gets stone buttons by DM; the speaker takes the question
    back (a typo): each voter's stone prompt loses its buttons and tells them, in place, that it is
    not their turn any more (no new DM: nothing to do, nothing to ping them for); the question asked
    again gives them new stones."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-ostrakon")
    table = OstrakonTable(fake, fake.add_users(*(f"p{n}" for n in range(5))))
    await table.seat_and_start()
    table.read_names()
    draw_without_encoding(monkeypatch)
    (speaker,) = table.waiting()
    typo = Question(1, "The sea or the mountians?", "Sea", "Peaks")
    asked = await speaker.slash("ostrakon ask", question=typo.text, white=typo.white, black=typo.black)
    confirmation = next(m for m in [asked.reply, *asked.followups] if m is not None and TAKE_BACK in m.button_labels())
    voters = [user for user in table.players if user is not speaker]
    stones = {user.id: next(m for m in reversed(user.dms()) if m.buttons()) for user in voters}
    sent = {user.id: len(user.dms()) for user in voters}

    await speaker.click(confirmation, TAKE_BACK)
    assert [user.name for user in table.waiting()] == [speaker.name]
    for user in voters:
        told = stones[user.id].content
        assert told.startswith(f"↩️ At {fake.channel.mention} (**Ostrakon**): ") and told.endswith(
            " took back their move, so it is not your turn any more."
        ), told
        assert not stones[user.id].buttons() and len(user.dms()) == sent[user.id]
    said = f"↩️ **{table.names[speaker.id]}** took back their move."  # by their name in the game, no ping
    assert any(said in m.content for m in fake.channel.messages())

    fixed = Question(1, "The sea or the mountains?", "Sea", "Peaks")
    await table.ask(speaker, fixed, by_form=False)
    assert sorted(user.name for user in table.waiting()) == sorted(user.name for user in table.players)
    await table.vote(voters[0], "white", fixed)
