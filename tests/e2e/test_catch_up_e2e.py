"""Nothing said is lost: what a committed change tells waits in the outbox until delivered, and the
bot catches up on it after a restart: the missed events once, a fresh board pinging whoever the
table now waits on, and the players' owed DMs, through the DM channels it remembers."""

from __future__ import annotations

import sqlite3

from bot import outbox

from .game_table import GameTable, seeded_tables
from .ostrakon_table import OstrakonTable, Question, draw_without_encoding
from .test_nine_muses_e2e import muse_collector


def owed_rows(real_bot, table_id: int) -> tuple[int, int, int]:
    """(rows in the outbox, the version the channel has seen, the table's version), from the file."""
    with sqlite3.connect(real_bot.client.settings.bot_db_path) as db:
        (rows,) = db.execute("SELECT COUNT(*) FROM outbox WHERE table_id = ?", (table_id,)).fetchone()
        seen, version = db.execute("SELECT announced, version FROM tables WHERE id = ?", (table_id,)).fetchone()
    return rows, seen, version


async def test_a_move_committed_but_never_published_is_told_after_a_restart(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "catch-up")
    draw_without_encoding(monkeypatch)
    alice, bob = players = fake.add_users("alice", "bob")
    table = GameTable(fake, "nine-muses", players)
    await table.seat_everyone()
    table_id = (await real_bot.client.service.table_in(fake.channel.id)).id
    assert owed_rows(real_bot, table_id)[0] == 0  # the start, delivered

    # Alice moves; the process "dies" right after the commit and the acknowledgement: nothing is
    # published. What the move tells is owed.
    (first,) = table.waiting()
    second = bob if first is alice else alice
    published = []

    async def died(*args, **kwargs):
        published.append(args)

    monkeypatch.setattr(real_bot.client.publisher, "publish", died)
    before = len(fake.channel.messages())
    await table.choose(first, await table.hand(first), muse_collector)
    assert published and len(fake.channel.messages()) == before
    rows, seen, version = owed_rows(real_bot, table_id)
    assert rows > 0 and seen < version

    await real_bot.restart()
    await fake.wait_until(lambda: owed_rows(real_bot, table_id)[1] == owed_rows(real_bot, table_id)[2],
                          what="the restarted bot catches up")
    await fake.settle()
    new = fake.channel.messages()[before:]
    name = table.names[first.id]
    told = [m for m in new if f"**{name}**" in m.content]
    assert len(told) == 1, [m.content for m in new]  # the missed event, once
    board = new[-1]
    assert board.button_labels() == ["My hand & moves"] and second.mention in board.content.splitlines()[-1]
    assert second.id in (board.extra["allowed_mentions"].get("users") or [])  # the player now to move is pinged
    assert owed_rows(real_bot, table_id)[0] == 0
    # play goes on from the new board, and a later look finds nothing owed and tells nothing again
    await table.turn(second, muse_collector)
    seen = len(fake.channel.messages())
    await real_bot.client.publisher.catch_up_all()
    assert await outbox.tables_owed(real_bot.client.store) == [] and len(fake.channel.messages()) == seen


async def test_a_restart_opens_no_dm_channel_again(fake_discord, real_bot):
    """Players' DM channels are remembered in the database: after a restart the bot neither looks a
    user up nor opens their DMs again (requests that count against Discord's global limit)."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    table = OstrakonTable(fake, players)
    await table.seat_and_start()
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
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    table = OstrakonTable(fake, players)
    await table.seat_and_start()
    speaker = table.waiting()[0]
    service = real_bot.client.service
    table_id = (await service.table_in(fake.channel.id)).id
    question = Question.numbered(1)
    # committed by the process that died: its press's answer never went out (a token from before)
    await service.act(table_id, speaker.id, {"kind": "ask", "question": question.text, "white": question.white,
                                             "black": question.black}, answered_by="1:gone:1000")
    voter = next(user for user in players if user is not speaker)
    await table.vote(voter, "white", question, by_dm=False)  # the next delivery: this vote's
    await fake.settle()
    assert any("Your question is out" in m.content for m in speaker.dms()), [m.content[:80] for m in speaker.dms()]
