"""Ratings per game and per server, with openskill's Plackett-Luce model (one model for
free-for-all, teams and 1v1). Ratings are derived data: each server's games of one game are rated
in the order they finished, from each finished table's outcome and log, so they can always be
derived again (`python -m bot ratings --rebuild`).

WHICH GAMES COUNT (`result_of` is the one place the code says it). A game counts when:
- it finished (the rules gave an outcome) at a table of a server: a table a moderator ended before
  its finish never counts;
- stand-ins held at most half of its seats. A seat counts for the members the credit rule of
  bot/tables/seats.py names (who made at least a third of its moves, else who made the most); a seat it
  names nobody for is a stand-in's;
- at least two sides had a member. The sides are the seats, except in a game that declares sides
  (`Game.sides`, leagues of partners), where the partners are one side (with one partner a side,
  that is 1v1). A solo game never counts;
- of those sides, at least one won and at least one lost (`compares`): a game nobody won (or that
  every member won, or that only a stand-in won) compares no member with another.

HOW: the sides with a winning seat share the first place and all others the second (the games say
who won, not who came second). A side of stand-ins only is left out. A member credited on two
sides (handed one seat, then another) plays for the better placed one. A member's first game starts
from the model's default (mu 25, sigma 25/3).

SHOWN: openskill's ordinal (mu - 3 sigma, a skill the player very likely has at least), scaled:
1,500 + 20 x ordinal, rounded. A new player shows 1,500. A rated game never moves it against the
result (`rate`): a winner's never falls and a loser's never rises.

WHEN: in the transaction of the move that finishes the game (`on_finish`); a rollback of a finished
game forgets it (`forget`), and the ratings of its server and game are derived again without it.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable, Iterable

from openskill.models import PlackettLuce, PlackettLuceRating
from pydantic import BaseModel

from bot.games import games as registered
from bot.render.presentation import ViewData
from bot.store.base import TableStore, table_of
from bot.store.db import Db, Job
from bot.store.errors import DATABASE_ERRORS, UnreadableTable
from bot.store.opening import is_database_url, open_store
from bot.store.records import ActionRecord, TableRecord
from bot.tables.seats import seat_history
from engine import AnyGame

log = logging.getLogger(__name__)
MODEL = PlackettLuce()
BASE, SCALE = 1500, 20  # shown = BASE + SCALE x ordinal
WON, LOST = 1, 2  # the two places (openskill: a lower rank is better)


@dataclass(frozen=True)
class Result:
    """A rated game: the members of each side, and each side's place."""

    teams: list[list[int]]
    ranks: list[int]


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ordinal (the leaderboard's order, bot/ratings/leaderboard.py, is the same)."""
    return mu - 3 * sigma


def shown(mu: float, sigma: float) -> int:
    """The rating as players see it: it rises and falls with the ordinal, never against it."""
    return round(BASE + SCALE * ordinal(mu, sigma))


def compares(ranks: list[int]) -> bool:
    """Whether a game's places compare members at all: some side won and some lost."""
    return WON in ranks and LOST in ranks


def _held(was: PlackettLuceRating, now: PlackettLuceRating, won: bool) -> PlackettLuceRating:
    """`now`, unless its ordinal moved against the result: then the mu that keeps the old ordinal
    with openskill's new sigma (the shown number does not move)."""
    old = ordinal(was.mu, was.sigma)

    def against(mu: float) -> bool:
        return ordinal(mu, now.sigma) < old if won else ordinal(mu, now.sigma) > old

    if not against(now.mu):
        return now
    mu = old + 3 * now.sigma
    while against(mu):  # a float's last bit: a loser's shown number must not round up
        mu = math.nextafter(mu, math.inf if won else -math.inf)
    return MODEL.rating(mu=mu, sigma=now.sigma)


def rate(before: list[list[PlackettLuceRating]], ranks: list[int]) -> list[list[PlackettLuceRating]]:
    """openskill's update, held to the result: a winner's ordinal never falls, a loser's never rises.
    openskill alone breaks both: sigma shrinks with every game (which raises the ordinal whatever
    the result), and it takes the sides that share a place for a draw among them (so a weak loser
    beside strong ones gains, and a strong winner beside weak ones loses)."""
    after = MODEL.rate(before, ranks=list(ranks))
    return [
        [_held(was, now, rank == WON) for was, now in zip(old, new)] for old, new, rank in zip(before, after, ranks)
    ]


def sides(game: AnyGame, state: BaseModel, seats: int) -> list[list[int]]:
    """The seats grouped by the side they play for."""
    if game.sides is None:
        return [[seat] for seat in range(seats)]
    public: ViewData = game.view(state, None)  # the sides are the game's own key
    listed = public.get(game.sides) or {}
    return [list(side["seats"]) for side in listed.values() if side.get("seats")]


def result_of(
    game: AnyGame, table: TableRecord, state: BaseModel, log: list[ActionRecord], winners: Iterable[int]
) -> Result | None:
    """The finished game as openskill rates it, or None if it does not count (the module's rule)."""
    if table.guild_id is None:
        return None
    credited = [seat.credited() for seat in seat_history(table, log)]
    if sum(1 for members in credited if not members) * 2 > len(credited):
        return None  # stand-ins held most seats
    won = set(winners)
    teams, ranks, placed = [], [], set()
    # the winning sides first, so that a member on two sides plays for the better placed one
    for seats in sorted(sides(game, state, len(table.seats)), key=lambda seats: not won & set(seats)):
        members = [user for seat in seats for user in dict.fromkeys(credited[seat]) if user not in placed]
        if members:
            placed.update(members)
            teams.append(members)
            ranks.append(WON if won & set(seats) else LOST)
    return Result(teams, ranks) if compares(ranks) else None  # also needs two sides


# --- the stored ratings (jobs, bot/store/db.py, run inside a transaction) --------------------------


async def _log(db: Db, table_id: int) -> list[ActionRecord]:
    rows = await db.fetch(
        "SELECT table_id, seq, seat, actor_id, kind, action, at FROM actions WHERE table_id = ? ORDER BY seq", table_id
    )
    return [
        ActionRecord(
            table_id=row[0], seq=row[1], seat=row[2], actor_id=row[3], kind=row[4], action=json.loads(row[5]), at=row[6]
        )
        for row in rows
    ]


def _finished_at(log: list[ActionRecord]) -> float:
    """When the game finished: its last move (a rollback and a new finish make it later)."""
    return max(row.at for row in log if row.kind == "move")


async def _rate(db: Db, guild_id: int, game: str, table_id: int, result: Result) -> None:
    """Rate one game from its members' ratings now; keep each member's before and after."""
    users = [user for team in result.teams for user in team]
    marks = ", ".join("?" for _ in users)
    now = {
        row[0]: (row[1], row[2])
        for row in await db.fetch(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            guild_id,
            game,
            *users,
        )
    }
    before = [[MODEL.rating(*now.get(user, (MODEL.mu, MODEL.sigma))) for user in team] for team in result.teams]
    after = rate(before, result.ranks)
    for team, old, new in zip(result.teams, before, after):
        for user, was, rating in zip(team, old, new):
            await db.execute(
                "INSERT INTO rating_changes (table_id, user_id, mu_before, sigma_before, mu, sigma)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                table_id,
                user,
                was.mu,
                was.sigma,
                rating.mu,
                rating.sigma,
            )
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, 1)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
                " sigma = excluded.sigma, games = ratings.games + 1",
                guild_id,
                game,
                user,
                rating.mu,
                rating.sigma,
            )


async def rederive(db: Db, guild_id: int, game: str) -> None:
    """Rate a server's games of one game again, in the order they finished."""
    await db.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ?", guild_id, game)
    await db.execute(
        "DELETE FROM rating_changes WHERE table_id IN"
        " (SELECT table_id FROM rated_games WHERE guild_id = ? AND game = ?)",
        guild_id,
        game,
    )
    rows = await db.fetch(
        "SELECT table_id, teams, ranks FROM rated_games WHERE guild_id = ? AND game = ? ORDER BY finished_at, table_id",
        guild_id,
        game,
    )
    for table_id, teams, ranks in rows:
        result = Result(json.loads(teams), json.loads(ranks))
        if compares(result.ranks):
            await _rate(db, guild_id, game, table_id, result)
        else:  # kept under an older rule that rated games nobody won: no longer rated
            await db.execute("DELETE FROM rated_games WHERE table_id = ?", table_id)


async def _keep(db: Db, table: TableRecord, result: Result, finished_at: float) -> None:
    await db.execute(
        "INSERT INTO rated_games (table_id, guild_id, game, finished_at, teams, ranks) VALUES (?, ?, ?, ?, ?, ?)",
        table.id,
        table.guild_id,
        table.game,
        finished_at,
        json.dumps(result.teams),
        json.dumps(result.ranks),
    )


def _scope(guild_id: int, game: str) -> str:
    """The lock a server's ratings of one game are derived under (bot/store/db.py `Db.lock`)."""
    return f"ratings {guild_id} {game}"


async def _add(db: Db, table: TableRecord, result: Result, finished_at: float) -> None:
    """Keep a rated game and rate it: after the others, or with all of them again if one of them
    finished later (a clock set back)."""
    guild_id = table.guild_id
    assert guild_id is not None, "only a server's games are rated (result_of)"
    await db.lock(_scope(guild_id, table.game))
    later = await db.fetchrow(
        "SELECT 1 FROM rated_games WHERE guild_id = ? AND game = ? AND (finished_at, table_id) > (?, ?) LIMIT 1",
        table.guild_id,
        table.game,
        finished_at,
        table.id,
    )
    await _keep(db, table, result, finished_at)
    if later:
        await rederive(db, guild_id, table.game)
    else:
        await _rate(db, guild_id, table.game, table.id, result)


async def _guarded(db: Db, table_id: int, work: Callable[[], Awaitable[None]]) -> None:
    """Ratings are derived: a bug in them must not refuse the move that finishes a game, so it is
    logged and undone alone (an error of the database still fails the whole change)."""
    try:
        async with db.savepoint():
            await work()
    except DATABASE_ERRORS:
        raise
    except Exception:
        log.exception(
            "table %s: the ratings were not updated (`python -m bot ratings --rebuild` derives them again)", table_id
        )


def on_finish(game: AnyGame, table: TableRecord, state: BaseModel, winners: Iterable[int]) -> Job:
    """The work that rates the game the move being saved finishes, in the move's own transaction
    (after its log row)."""

    async def work(db: Db) -> None:
        async def rate() -> None:
            log_rows = await _log(db, table.id)
            result = result_of(game, table, state, log_rows, winners)
            if result is not None:
                await _add(db, table, result, _finished_at(log_rows))

        await _guarded(db, table.id, rate)

    return work


async def forget(db: Db, table_id: int) -> None:
    """A finished game goes on again (a rollback): its server's ratings of that game are derived
    again without it."""
    row = await db.fetchrow("SELECT guild_id, game FROM rated_games WHERE table_id = ?", table_id)
    if row is None:
        return
    await db.lock(_scope(row[0], row[1]))
    await db.execute("DELETE FROM rating_changes WHERE table_id = ?", table_id)
    await db.execute("DELETE FROM rated_games WHERE table_id = ?", table_id)
    await rederive(db, row[0], row[1])


def rebuild(games: Mapping[str, AnyGame] | None = None) -> Job:
    """The job that derives every rating again from the finished tables (run it in one
    transaction: `store.in_transaction(rebuild())`, as `rebuild_all` does); it returns how many games were rated. A
    table that cannot be read is logged and left out. Each table's game is looked up in `games`,
    else in the bot's registry."""
    known = registered() if games is None else games

    async def work(db: Db) -> int:
        await db.lock("ratings")
        for name in ("ratings", "rating_changes", "rated_games"):
            await db.execute(f"DELETE FROM {name}")
        rows = await db.fetch("SELECT * FROM tables WHERE status = 'finished' AND guild_id IS NOT NULL ORDER BY id")
        for row in rows:
            try:
                table = table_of(row)
                game = known[table.game]
                state = game.State.model_validate_json(table.state or "")
                outcome = game.outcome(state)
                log_rows = await _log(db, table.id)
                result = result_of(game, table, state, log_rows, outcome.winners) if outcome else None
            except (UnreadableTable, ValueError, KeyError) as error:
                log.error("table %s: left out of the ratings (%s)", row["id"], error)
                continue
            if result is not None:
                await _keep(db, table, result, _finished_at(log_rows))
        for guild_id, game_key in await db.fetch("SELECT DISTINCT guild_id, game FROM rated_games"):
            await rederive(db, guild_id, game_key)
        rated: int = await db.fetchval("SELECT COUNT(*) FROM rated_games")
        return rated

    return work


async def rebuild_all(store: TableStore, games: Mapping[str, AnyGame] | None = None) -> int:
    """Every rating derived again, in one transaction (`rebuild`); how many games were rated."""
    rated: int = await store.in_transaction(rebuild(games))
    return rated


async def rebuild_in(db_path: str | Path, out: Callable[[str], object] = print) -> int:
    """`python -m bot ratings --rebuild`: 0 once rebuilt, 2 if there is no database at the path."""
    if not is_database_url(str(db_path)) and not Path(db_path).is_file():
        out(f"There is no database at {db_path}.")
        return 2
    store = await open_store(db_path)
    try:
        rated = await rebuild_all(store)
    finally:
        await store.close()
    out(f"Ratings rebuilt from the finished games' logs: {rated} rated game{'' if rated == 1 else 's'}.")
    return 0
