"""The catch-up (bot/store/outbox.py) at a Nine Muses table: a move committed but never published is told once after a restart."""

from __future__ import annotations

import sqlite3

from bot.store import outbox

from .game_table import GameTable, draw_without_encoding, seeded_tables
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
    await fake.wait_until(
        lambda: owed_rows(real_bot, table_id)[1] == owed_rows(real_bot, table_id)[2],
        what="the restarted bot catches up",
    )
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
