"""The catch-up (bot/store/outbox.py) at an Ostrakon table: DM channels remembered across a restart, a cut-off answer sent by DM."""

from __future__ import annotations

from .game_table import draw_without_encoding, seeded_tables
from .ostrakon_table import OstrakonTable, Question


async def test_a_restart_opens_no_dm_channel_again(fake_discord, real_bot):
    """Players' DM channels are remembered in the database: after a restart the bot neither looks a
    user up nor opens their DMs again (requests that count against Discord's global limit)."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    table = await OstrakonTable.started(fake)
    players = table.players
    opened = [route for route in fake.requests if route == ("POST", "/users/@me/channels")]
    assert len(opened) == len(players) and not [r for r in fake.requests if r == ("GET", "/users/{user_id}")]

    await real_bot.restart()
    seen = len(fake.requests)
    speaker = table.waiting()[0]
    await table.ask(speaker, Question.numbered(1), by_form=False)  # everyone else is sent their stones by DM
    assert all(any(m.buttons() for m in p.dms()) for p in players if p is not speaker)
    again = [route for route in fake.requests[seen:] if route[1] in ("/users/@me/channels", "/users/{user_id}")]
    assert again == []


async def test_an_answer_a_crash_cut_off_is_sent_by_dm_with_the_next_delivery(fake_discord, real_bot, monkeypatch):
    """The speaker's question is committed, then the process dies before the press is answered
    ("Your question is out ..." never shown). After the restart the first delivery for that table
    can be another's move (or a stand-in's, which the clock plays at once), before the catch-up: it
    still looks whether the press was answered, and since it was not, the speaker gets the text by
    DM. (The crash test lost it 1 run in 20 when the stand-in's delivery came first.)"""
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "cut-off")
    draw_without_encoding(monkeypatch)
    table = await OstrakonTable.started(fake)
    players = table.players
    speaker = table.waiting()[0]
    service = real_bot.client.service
    table_id = (await service.table_in(fake.channel.id)).id
    question = Question.numbered(1)
    # committed by the process that died: its press's answer never went out (a token from before)
    await service.act(
        table_id,
        speaker.id,
        {"kind": "ask", "question": question.text, "white": question.white, "black": question.black},
        answered_by="1:gone:1000",
    )
    voter = next(user for user in players if user is not speaker)
    await table.vote(voter, "white", question, by_dm=False)  # the next delivery: this vote's
    await fake.settle()
    assert any("Your question is out" in m.content for m in speaker.dms()), [m.content[:80] for m in speaker.dms()]
