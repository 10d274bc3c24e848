"""`/table status` once a game is over, against the real bot: players found "there is no table" after
the end. With no table open, it shows the channel's last game if that finished: its final board (the
public one) and its summary as it was posted; a table opened since comes first."""

from __future__ import annotations

from tests.registry import GAMES, a_game

from .game_table import OVER, GameTable, draw_without_encoding, first, seeded_tables


async def test_status_shows_the_last_games_final_board_and_summary(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "status-after-the-end")
    players = alice, bob = fake.add_users("alice", "bob")
    game = a_game(seats=2, toy=True)
    table = GameTable(fake, game, players)
    await table.seat_everyone()
    draw_without_encoding(monkeypatch)
    await table.play_until(table.over, lambda user: first)
    last, summary = table.final()

    carol = fake.add_user("carol")  # anyone in the channel, as for a running table
    status = await carol.slash("table status")
    board, *summaries = status.followups  # the first fills the "thinking…" reply
    assert status.reply is board
    assert not board.ephemeral and board in fake.channel.messages()
    assert board.content.endswith(OVER + ". Thanks for playing!")
    assert board.files() and not board.button_labels()  # no "My hand & moves": nobody moves any more
    assert [m.content for m in summaries] == [summary.content]  # the summary as the channel saw it
    assert summary.content.startswith(f"🏁 **{GAMES[game].title}** finished after ")
    assert all(not m.ephemeral and m in fake.channel.messages() for m in summaries)
    assert not any(request.pings for request in fake.message_requests() if request.content == summary.content)

    # A table opened since comes first: its lobby.
    lobby = (await alice.slash("table new", game=game)).reply
    shown = (await bob.slash("table status")).reply
    assert shown.content == lobby.content


async def test_status_with_no_game_ever_finished_here_still_says_there_is_no_table(fake_discord, real_bot):
    fake = fake_discord
    (alice,) = fake.add_users("alice")
    lobby = (await alice.slash("table new", game=a_game(seats=2, toy=True))).reply
    asked = (await alice.click(lobby, "Leave")).reply  # the last one out closes it: closed, not finished
    await alice.click(asked, "Leave and close the table")
    closed = await alice.slash("table status")
    assert closed.reply.ephemeral and "no table in this channel" in closed.reply.content
