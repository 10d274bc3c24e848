"""A Nine Muses game a moderator skips to its end: the summary reveals the hands, the replay
command, /stats and the Rematch button (the generic moderation: test_moderation_e2e.py)."""

from __future__ import annotations

import os
import re

from .test_moderation_e2e import open_game
from .test_table_refusals_e2e import refused, table_id


async def test_the_end_of_a_game_reveals_sums_up_counts_and_offers_a_rematch(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    alice, bob, carol = fake.add_users("alice", "bob", "carol")
    moderator = fake.add_user("mod", moderator=True)
    lobby = await open_game(fake, alice, [bob], game="nine-muses", pace="2h")
    row = table_id(lobby)
    for _ in range(200):  # the moderator skips every turn until the game ends
        if (await real_bot.client.service.get(row)).status != "running":
            break
        await moderator.slash("table skip")
    summary = fake.channel.messages()[-1]
    board = next(m for m in reversed(fake.channel.messages()) if m.files())
    assert "🏁 The game is over" in board.content and board.buttons() == []
    assert summary.content.startswith("🏁 **Nine Muses** finished after")
    assert re.search(r"\((\d+) moves\)", summary.content) and (
        "🏆 Winner" in summary.content or "No player" in summary.content
    )
    # every card is played by the end: no hand is left to reveal ("Cards in hand: none" said nothing)
    assert "Cards in hand: " not in summary.content
    assert "Your" not in summary.content  # a public message speaks of the seats, not to them
    assert summary.button_labels() == ["Rematch"] and summary.extra["allowed_mentions"]["parse"] == []

    # The replay command rebuilds the same game from the bot's own file.
    from bot.cli.replay import print_replay
    from bot.cli.terminal import plain

    printed: list[str] = []
    assert await print_replay(os.environ["BOT_DB_PATH"], row, out=printed.append) == 0
    winner_line = next(line for line in summary.content.splitlines() if "Winner" in line or "No player" in line)
    assert plain(winner_line) in printed  # as a terminal shows it: mentions as @ids, no Markdown

    # /stats: the two players' games and the server's.
    mine = (await alice.slash("stats")).reply
    assert "**Nine Muses**: 1 played" in mine.content
    server = (await carol.slash("stats", server=True)).reply
    assert "1 table finished" in server.content and "Nine Muses 1" in server.content
    assert "has not finished a game" in (await carol.slash("stats", member=moderator)).reply.content

    # Rematch: only a player of that game may call it; a new lobby opens with the others invited.
    await refused(carol, carol.click(summary, "Rematch"), "Only the players")
    rematch = await bob.click(summary, "Rematch")
    new_lobby = rematch.reply
    assert not new_lobby.ephemeral and "Nine Muses" in new_lobby.content and alice.mention in new_lobby.content
    assert new_lobby.extra["allowed_mentions"]["users"] == [alice.id]
    assert new_lobby.button_labels() == ["Join", "Leave", "Start"]
    assert "⏰ 2h per move" in new_lobby.content  # the same pace as the game before
    await alice.click(new_lobby, "Join")
    await bob.click(new_lobby, "Start")
    new_row = table_id(new_lobby)
    new = await real_bot.client.service.get(new_row)
    assert new_row != row and new.status == "running" and new.host_id == bob.id and set(new.seats) == {alice.id, bob.id}
    assert new.options == (await real_bot.client.service.get(row)).options
    await refused(alice, alice.click(summary, "Rematch"), "already has a table")
