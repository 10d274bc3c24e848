"""Games played and won: one `finished_games` row per finished table and one `game_results` row
per member credited with a seat's result by the credit rule of bot/tables/seats.py (who held the seat
for a third of its moves, else for the most of them; a stand-in has no record). A game that strong
stand-ins played to its end (`against_strong`) counts again in each member's record against them.

A table is counted when its finish is published, and `tally` counts any finished table that was
missed (a crash between the finishing move and the count): a finished table never changes, so
counting it later gives the same rows. Ended (abandoned) tables are not games played.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from bot.games import games as registered
from bot.ratings.leaderboard import MemberRating, title
from bot.store.base import TableStore, table_of
from bot.store.db import Db
from bot.store.errors import UnreadableTable
from bot.store.records import ActionRecord, TableRecord
from bot.tables.seats import credits, seat_history
from bot.text import plural
from engine import AnyGame

log = logging.getLogger(__name__)
TOP_WINNERS = 5


def _rows_for(
    table: TableRecord, game: AnyGame, log: list[ActionRecord]
) -> tuple[tuple[int, int | None, str, float, int], list[tuple[int, int, int]]]:
    """The table's stats row (id, server, game, when, against strong stand-ins) and its players'
    (table, user, won)."""
    outcome = game.outcome(game.State.model_validate_json(table.state)) if table.state else None
    winners = set(outcome.winners) if outcome else set()
    results = [(table.id, user, int(won)) for user, won in credits(seat_history(table, log), winners).items()]
    return (table.id, table.guild_id, table.game, table.updated_at, int(bool(table.strong_seats))), results


async def record(store: TableStore, table: TableRecord, games: Mapping[str, AnyGame] | None = None) -> None:
    """Count one finished table (again is harmless); its game from `games`, else the bot's registry."""
    if table.status != "finished":
        return
    game = (registered() if games is None else games)[table.game]
    game_row, results = _rows_for(table, game, await store.actions(table.id))

    async def work(db: Db) -> None:
        if await db.execute(
            "INSERT INTO finished_games (table_id, guild_id, game, finished_at, against_strong) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id) DO NOTHING",
            *game_row,
        ):
            await db.executemany("INSERT INTO game_results (table_id, user_id, won) VALUES (?, ?, ?)", results)

    await store.in_transaction(work)


async def forget(db: Db, table_id: int) -> None:
    """A finished table whose game goes on again (a rollback) is no longer counted."""
    await db.execute("DELETE FROM game_results WHERE table_id = ?", table_id)
    await db.execute("DELETE FROM finished_games WHERE table_id = ?", table_id)


async def tally(store: TableStore, games: Mapping[str, AnyGame] | None = None) -> int:
    """Count every finished table not counted yet; returns how many."""
    rows = await store.query(
        "SELECT * FROM tables WHERE status = 'finished' AND id NOT IN (SELECT table_id FROM finished_games) ORDER BY id"
    )
    counted = 0
    for row in rows:
        try:
            table = table_of(row)
            await record(store, table, games)
            counted += 1
        except (UnreadableTable, ValueError, KeyError) as error:
            log.error("table %s: cannot count its result (%s)", row["id"], error)
    return counted


@dataclass
class GameLine:
    game: str
    played: int
    won: int
    strong_played: int = 0  # of them, games against strong stand-ins
    strong_won: int = 0


@dataclass
class ServerStats:
    finished: int
    per_game: list[tuple[str, int]]  # (game key, tables finished), most played first
    top_winners: list[tuple[int, int]]  # (user id, wins), most first


async def member_stats(store: TableStore, guild_id: int | None, user_id: int) -> list[GameLine]:
    """A member's finished games in one server, per game (most played first)."""
    await tally(store)
    rows = await store.query(
        "SELECT f.game, COUNT(*), COUNT(*) FILTER (WHERE r.won = 1), COUNT(*) FILTER (WHERE f.against_strong = 1),"
        " COUNT(*) FILTER (WHERE r.won = 1 AND f.against_strong = 1) FROM game_results r JOIN finished_games f"
        " USING (table_id) WHERE r.user_id = ? AND f.guild_id IS NOT DISTINCT FROM ? GROUP BY f.game ORDER BY COUNT(*) DESC, f.game",
        (user_id, guild_id),
    )
    return [
        GameLine(game, played, won or 0, strong or 0, strong_won or 0) for game, played, won, strong, strong_won in rows
    ]


async def server_stats(store: TableStore, guild_id: int | None, top: int = TOP_WINNERS) -> ServerStats:
    await tally(store)
    per_game = [
        (game, count)
        for game, count in await store.query(
            "SELECT game, COUNT(*) FROM finished_games WHERE guild_id IS NOT DISTINCT FROM ? GROUP BY game"
            " ORDER BY COUNT(*) DESC, game",
            (guild_id,),
        )
    ]
    winners = [
        (user, wins)
        for user, wins in await store.query(
            "SELECT r.user_id, COUNT(*) FILTER (WHERE r.won = 1) AS wins FROM game_results r JOIN finished_games f"
            " USING (table_id) WHERE f.guild_id IS NOT DISTINCT FROM ? GROUP BY r.user_id"
            " HAVING COUNT(*) FILTER (WHERE r.won = 1) > 0 ORDER BY wins DESC, r.user_id LIMIT ?",
            (guild_id, top),
        )
    ]
    return ServerStats(sum(count for _, count in per_game), per_game, winners)


def member_text(
    name: str,
    lines: list[GameLine],
    ratings: dict[str, MemberRating] | None = None,
    games: Mapping[str, AnyGame] | None = None,
) -> str:
    """The member's games per game, with their rating there if they have rated games."""
    if not lines:
        return f"📊 **{name}** has not finished a game in this server yet."
    ratings = ratings or {}

    def rating(game: str) -> str:
        found = ratings.get(game)
        return "" if found is None else f" · rating **{found.rating:,}** ({plural(found.games, 'rated game')})"

    def strong(line: GameLine) -> str:
        return (
            f" · 🤖 against strong stand-ins: {line.strong_played} played, {line.strong_won} won"
            if line.strong_played
            else ""
        )

    rows = [
        f"**{title(line.game, games)}**: {line.played} played, {line.won} won{rating(line.game)}{strong(line)}"
        for line in lines
    ]
    played, won = sum(line.played for line in lines), sum(line.won for line in lines)
    return "\n".join([f"📊 **{name}** in this server", *rows, f"In all: {played} played, {won} won."])


def server_text(name: str, stats: ServerStats, games: Mapping[str, AnyGame] | None = None) -> str:
    if not stats.finished:
        return f"📊 No game has finished in **{name}** yet."
    lines = [
        f"📊 **{name}**: {stats.finished} table{'s' if stats.finished != 1 else ''} finished",
        " · ".join(f"{title(key, games)} {count}" for key, count in stats.per_game),
    ]
    if stats.top_winners:
        lines.append(
            "🏆 Top winners: "
            + ", ".join(
                f"{rank}. <@{user}> ({wins} win{'s' if wins != 1 else ''})"
                for rank, (user, wins) in enumerate(stats.top_winners, start=1)
            )
        )
    return "\n".join(lines)
