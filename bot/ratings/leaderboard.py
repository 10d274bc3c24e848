"""Reading the ratings (bot/ratings/ratings.py derives them): a game's changes for its summary, a member's
rating per game for `/stats`, and a server's leaderboard per game, page by page, for `/stats
server:true`. A member is ranked once they have RANKED_AFTER rated games of that game there.

Names are mentions (`<@id>`): Discord shows them as names, and the bot sends every message with no
mention allowed, so a leaderboard pings nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.games import games as registered
from bot.ratings.ratings import shown
from bot.store.base import TableStore
from engine import AnyGame

RANKED_AFTER = 3  # rated games before a member is ranked
PAGE = 10  # members a page


async def changes(store: TableStore, table_id: int) -> dict[int, tuple[int, int]]:
    """member -> (rating before, after) as shown, for a rated game; best after first."""
    rows = await store.query(
        "SELECT user_id, mu_before, sigma_before, mu, sigma FROM rating_changes WHERE table_id = ?", (table_id,)
    )
    found = {
        user: (shown(mu_before, sigma_before), shown(mu, sigma)) for user, mu_before, sigma_before, mu, sigma in rows
    }
    return dict(sorted(found.items(), key=lambda item: (-item[1][1], item[0])))


@dataclass
class MemberRating:
    game: str
    rating: int
    games: int


async def member_ratings(store: TableStore, guild_id: int | None, user_id: int) -> dict[str, MemberRating]:
    """A member's rating in each game they have rated games of in this server."""
    rows = await store.query(
        "SELECT game, mu, sigma, games FROM ratings WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ?",
        (guild_id, user_id),
    )
    return {game: MemberRating(game, shown(mu, sigma), games) for game, mu, sigma, games in rows}


@dataclass
class Board:
    """One page of a game's leaderboard in a server."""

    game: str
    page: int
    pages: int
    first: int  # the rank of the page's first row
    rows: list[tuple[int, int, int]]  # (user id, rating, rated games), best first
    unranked: int  # members with fewer than RANKED_AFTER games
    games: list[str]  # every game with a leaderboard here, most ranked members first


async def board(store: TableStore, guild_id: int | None, game: str | None = None, page: int = 0) -> Board | None:
    """A page of `game`'s leaderboard (default: the game with most ranked members); None if no game
    has one here. A page past the end shows the last."""
    counts = await store.query(
        "SELECT game, COUNT(*) FILTER (WHERE games >= ?), COUNT(*) FILTER (WHERE games < ?) FROM ratings"
        " WHERE guild_id IS NOT DISTINCT FROM ? GROUP BY game ORDER BY COUNT(*) FILTER (WHERE games >= ?) DESC, game",
        (RANKED_AFTER, RANKED_AFTER, guild_id, RANKED_AFTER),
    )
    if not counts:
        return None
    by_game = {key: (ranked, unranked) for key, ranked, unranked in counts}
    if game is None or game not in by_game:
        game = counts[0][0]
    ranked, unranked = by_game[game]
    pages = max(1, -(-ranked // PAGE))
    page = max(0, min(page, pages - 1))
    rows = await store.query(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id IS NOT DISTINCT FROM ? AND game = ? AND games >= ?"
        " ORDER BY mu - 3 * sigma DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, game, RANKED_AFTER, PAGE, page * PAGE),
    )
    return Board(
        game,
        page,
        pages,
        page * PAGE + 1,
        [(user, shown(mu, sigma), games) for user, mu, sigma, games in rows],
        unranked,
        list(by_game),
    )


def title(key: str, games: Mapping[str, AnyGame] | None = None) -> str:
    """The game's title (from `games`, else the bot's registry), or its key if no game has it."""
    found = (registered() if games is None else games).get(key)
    return found.title if found is not None else key


def board_text(board: Board, games: Mapping[str, AnyGame] | None = None) -> str:
    lines = [f"🏅 **{title(board.game, games)}** ratings · page {board.page + 1} of {board.pages}"]
    lines += [
        f"{rank}. <@{user}> **{rating:,}** ({count} games)"
        for rank, (user, rating, count) in enumerate(board.rows, start=board.first)
    ]
    if not board.rows:
        lines.append(f"Nobody is ranked yet: a player is ranked after {RANKED_AFTER} rated games.")
    if board.unranked:
        lines.append(
            f"{board.unranked} more {'player has' if board.unranked == 1 else 'players have'} fewer than "
            f"{RANKED_AFTER} rated games."
        )
    return "\n".join(lines)
