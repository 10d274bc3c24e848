"""Ratings against the real bot: a finished game's summary shows each player's change, `/stats` the
member's rating, and `/stats server:true` a leaderboard whose pages turn with its buttons, naming
players without pinging them."""

from __future__ import annotations

import re

from bot.ratings import leaderboard
from tests.registry import GAMES, a_game

from .game_table import GameTable, draw_without_encoding, first, seeded_tables

CHANGE = r"{mention} ([+−]\d[\d,]*) → (\d[\d,]*)"


def number(text: str) -> int:
    return int(text.replace(",", "").replace("−", "-"))


async def test_a_finished_games_summary_shows_each_rating_change(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "ratings-two")
    players = alice, bob = fake.add_users("alice", "bob")
    game = a_game(seats=2, toy=True)  # a short game: ratings are the bot's, whatever the rules
    table = GameTable(fake, game, players)
    await table.seat_everyone()
    draw_without_encoding(monkeypatch)
    await table.play_until(table.over, lambda user: first)

    _, summary = table.final()
    line = next(line for line in summary.content.splitlines() if line.startswith("📈 Ratings here: "))
    after = {}
    for player in players:
        found = re.search(CHANGE.format(mention=re.escape(player.mention)), line)
        assert found, line
        change, after[player.id] = number(found.group(1)), number(found.group(2))
        assert after[player.id] == 1500 + change  # both start at 1,500
    winners = {int(user) for user in re.findall(r"<@(\d+)>", summary.content.split("\n")[1].split(".")[0])}
    if len(winners) == 1:  # the winner gains more than the other
        (winner,) = winners
        assert after[winner] == max(after.values()) and after[winner] > min(after.values())

    own = (await alice.slash("stats")).reply
    assert f"rating **{after[alice.id]:,}** (1 rated game)" in own.content

    # A leaderboard, one player a page (so few players page at all), ranked after one game
    monkeypatch.setattr(leaderboard, "RANKED_AFTER", 1)
    monkeypatch.setattr(leaderboard, "PAGE", 1)
    board = (await bob.slash("stats", server=True)).reply
    best, second = sorted(players, key=lambda player: (-after[player.id], player.id))
    ranks = board.content.split("🏅")[1]  # after the server's games and top winners
    assert ranks.startswith(f" **{GAMES[game].title}** ratings · page 1 of 2")
    assert f"1. {best.mention} **{after[best.id]:,}**" in ranks and second.mention not in ranks
    await alice.click(board, "Next ▶")
    ranks = board.content.split("🏅")[1]
    assert "page 2 of 2" in ranks and f"2. {second.mention} **{after[second.id]:,}**" in ranks
    pages = [request for request in fake.message_requests() if "ratings · page" in (request.content or "")]
    assert len(pages) == 2 and not any(request.pings for request in pages)  # names, never pings
