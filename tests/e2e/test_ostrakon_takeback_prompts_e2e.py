"""An Ostrakon question taken back, as each voter's DMs show it: the message that offered their
stones says, in place, that the question was taken back and it is not their turn any more. One
edit, and no new DM: a new DM would notify them of nothing to do (the question asked again does,
with its new stones)."""

from __future__ import annotations

from .game_table import draw_without_encoding, seeded_tables
from .ostrakon_table import OstrakonTable, Question
from .test_takeback_e2e import TAKE_BACK

DM_CREATE = ("POST", "/channels/{channel_id}/messages")


async def test_a_question_taken_back_tells_each_voter_once_in_their_stones_message(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "takeback-ostrakon-prompts")
    table = OstrakonTable(fake, fake.add_users(*(f"p{n}" for n in range(5))))
    await table.seat_and_start()
    draw_without_encoding(monkeypatch)
    (speaker,) = table.waiting()
    typo = Question(1, "The sea or the mountians?", "Sea", "Peaks")
    asked = await speaker.slash("ostrakon ask", question=typo.text, white=typo.white, black=typo.black)
    confirmation = next(m for m in [asked.reply, *asked.followups] if m is not None and TAKE_BACK in m.button_labels())
    voters = [user for user in table.players if user is not speaker]
    stones = {user: next(m for m in reversed(user.dms()) if m.buttons()) for user in voters}
    sent = {user: len(user.dms()) for user in voters}
    before = len(fake.message_requests())

    await speaker.click(confirmation, TAKE_BACK)
    requests = fake.message_requests()[before:]
    for user in voters:
        to_them = [(r.method, r.route, r.message) for r in requests if r.reader is user]
        assert to_them == [("PATCH", "/channels/{channel_id}/messages/{message_id}", stones[user])], to_them
        assert len(user.dms()) == sent[user] and stones[user].buttons() == []
        told = stones[user].content
        assert told.startswith(f"↩️ At {fake.channel.mention} (**Ostrakon**): ") and told.endswith(
            " took back their move, so it is not your turn any more."
        ), told
        assert typo.text not in told  # what was asked and taken back is not told again

    # The question asked again: each voter gets one new DM with the new stones, and votes there.
    fixed = Question(1, "The sea or the mountains?", "Sea", "Peaks")
    await table.ask(speaker, fixed, by_form=False)
    assert {user: len(user.dms()) for user in voters} == {user: sent[user] + 1 for user in voters}
    await table.vote(voters[0], "white", fixed)
