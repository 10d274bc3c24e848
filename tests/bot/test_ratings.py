"""bot.ratings.ratings: each kind of game (free-for-all, sides of partners, 1v1) is rated as openskill itself
rates it, held to the result (`by_the_rule`), in the transaction of the finishing move; which games
count; a rebuild from the logs gives the stored figures. How a game's own rules make its sides is
checked in its own file (tests/bot/test_<package>_ratings.py); that a number never moves against the
result, over many games, in tests/bot/test_ratings_follow_the_result.py."""

import asyncio
import itertools
import logging

import pytest

from bot.__main__ import main
from bot.ratings import ratings
from engine import Chance
from tests.registry import GAMES, every_game, games_with

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAN = 100, 101, 102, 103
MODEL = ratings.MODEL
CHANNELS = itertools.count(10)


def a_game_seating(seats: int, *, sides: bool = False) -> str:
    """The first registered game that seats `seats` players: in sides of partners (`Game.sides`),
    or each seat its own side."""
    found = [key for key in games_with(seats=seats) if bool(GAMES[key].sides) == sides]
    assert found, f"no registered game seats {seats} players {'in' if sides else 'without'} sides"
    return found[0]


DUEL = next(key for key in every_game() if GAMES[key].max_seats == 2)  # two seats: 1v1


async def finish(service, game, humans, seed, *, seats=None, guild=GUILD, channel=None):
    """A game played to its end, every move the stand-in's choice: `humans` in the first seats and
    stand-ins in the others (`seats` in all). Returns the finished table."""
    seats = seats or len(humans)
    table = await service.create(
        guild_id=guild,
        channel_id=channel or next(CHANNELS),
        host_id=humans[0],
        game=game,
        seed=seed,
        stand_ins=seats - 1,
    )
    for user in humans[1:]:
        await service.join(table.id, user)  # takes a stand-in's seat
    table = (await service.start(table.id, humans[0])).table
    n = 0
    while table.status == "running":
        user = service.waiting_on(table)[0]
        action = GAMES[game].stand_in(
            service.state_of(table), service.seat_of(table, user), Chance.seeded(f"{seed}{n}")
        )
        table = (await service.act(table.id, user, action)).table
        n += 1
    return table


def winning_seats(service, table) -> set[int]:
    return set(GAMES[table.game].outcome(service.state_of(table)).winners)


def by_the_rule(before: list[list], ranks: list[int]) -> list[list]:
    """docs/ratings.md's rule, said again here: openskill's update, except that where a winner's
    ordinal (mu - 3 sigma) would fall or a loser's rise, the player keeps openskill's sigma and
    gets the mu of their old ordinal."""
    after = MODEL.rate(before, ranks=ranks)
    held = []
    for old_team, new_team, rank in zip(before, after, ranks):
        team = []
        for was, now in zip(old_team, new_team):
            old, new = was.mu - 3 * was.sigma, now.mu - 3 * now.sigma
            if (rank == 1 and new < old) or (rank == 2 and new > old):
                now = MODEL.rating(mu=old + 3 * now.sigma, sigma=now.sigma)
            team.append(now)
        held.append(team)
    return held


async def stored(store, guild=GUILD, game=None) -> dict[int, tuple[float, float, int]]:
    rows = await store.query(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?", (guild, game)
    )
    return {user: (mu, sigma, games) for user, mu, sigma, games in rows}


def assert_rated(found: dict, expected: dict[int, object], games: int = 1) -> None:
    """`expected`: user -> the library's rating for them."""
    assert set(found) == set(expected)
    for user, rating in expected.items():
        mu, sigma, count = found[user]
        assert (mu, sigma, count) == (
            pytest.approx(rating.mu, abs=1e-12),
            pytest.approx(rating.sigma, abs=1e-12),
            games,
        )


def free_for_all_players(key: str) -> list[int]:
    """Three players, or as many as the game seats at fewest or at most."""
    game = GAMES[key]
    return list(range(ALICE, ALICE + min(game.max_seats, max(3, game.min_seats))))


@pytest.mark.parametrize("game", [key for key in every_game() if not GAMES[key].sides])
async def test_free_for_all_is_rated_as_openskill_rates_it(service, game):
    humans = free_for_all_players(game)
    table = await finish(service, game, humans, f"ffa-{game}")
    won = winning_seats(service, table)
    if not won:  # nobody won: nobody is rated
        assert await stored(service.store, game=game) == {}
        return
    # every seat a side; the winners first (tied), all others second (tied)
    expected = by_the_rule(
        [[MODEL.rating()] for _ in humans], ranks=[1 if seat in won else 2 for seat in range(len(humans))]
    )
    assert_rated(await stored(service.store, game=game), {user: team[0] for user, team in zip(humans, expected)})


async def test_1v1_games_are_rated_one_after_the_other(service):
    current = {ALICE: MODEL.rating(), BOB: MODEL.rating()}
    for n, players in enumerate([[ALICE, BOB], [BOB, ALICE], [ALICE, BOB]]):
        table = await finish(service, DUEL, players, f"duel-{n}")
        won = winning_seats(service, table)
        before = dict(current)
        teams = by_the_rule([[current[user]] for user in players], [1 if seat in won else 2 for seat in range(2)])
        current = {user: team[0] for user, team in zip(players, teams)}
        assert_rated(await stored(service.store, game=DUEL), current, games=n + 1)
        changes = await service.store.query(
            "SELECT user_id, mu_before, sigma_before FROM rating_changes WHERE table_id = ?", (table.id,)
        )
        assert {user: (mu, sigma) for user, mu, sigma in changes} == {
            user: (pytest.approx(rating.mu, abs=1e-12), pytest.approx(rating.sigma, abs=1e-12))
            for user, rating in before.items()
        }


async def rated_tables(store) -> set[int]:
    return {row[0] for row in await store.query("SELECT table_id FROM rated_games")}


async def test_which_games_count(service):
    store = service.store
    five = a_game_seating(5)
    solo = await finish(service, DUEL, [ALICE], "solo", seats=2)  # against a stand-in
    alone = await finish(service, a_game_seating(1), [ALICE], "moirai")  # a solo game
    most = await finish(service, five, [ALICE, BOB], "most", seats=5)  # 3 stand-ins of 5
    no_server = await finish(service, DUEL, [ALICE, BOB], "dm", guild=None)
    assert all(table.status == "finished" for table in (solo, alone, most, no_server))
    assert await rated_tables(store) == set()
    # 2 stand-ins of 5 count, once a member wins: a game only a stand-in won compares no member
    for n in range(20):
        half = await finish(service, five, [ALICE, BOB, CAROL], f"half-{n}", seats=5)
        won = winning_seats(service, half)
        if won & {0, 1, 2}:
            break
        assert await rated_tables(store) == set() and await stored(store, game=five) == {}
    else:
        pytest.fail("no member won any of 20 games")
    assert await rated_tables(store) == {half.id}
    # the stand-ins' seats are left out; the members are placed as their seats were
    expected = by_the_rule([[MODEL.rating()] for _ in range(3)], [1 if seat in won else 2 for seat in range(3)])
    assert_rated(await stored(store, game=five), {user: team[0] for user, team in zip([ALICE, BOB, CAROL], expected)})
    assert await stored(store, game=DUEL) == {}


async def test_a_fault_in_the_ratings_never_refuses_the_finishing_move(service, monkeypatch, caplog):
    def broken(*args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(ratings, "result_of", broken)
    with caplog.at_level(logging.ERROR, logger="bot.ratings.ratings"):
        table = await finish(service, DUEL, [ALICE, BOB], "bug")
    assert table.status == "finished" and (await service.get(table.id)).status == "finished"
    assert await rated_tables(service.store) == set()
    assert "ratings were not updated" in caplog.text and "--rebuild" in caplog.text


async def snapshot(store) -> dict[str, list[tuple]]:
    return {
        name: [tuple(row) for row in await store.query(f"SELECT * FROM {name} ORDER BY 1, 2, 3")]
        for name in ("rated_games", "rating_changes", "ratings")
    }


@pytest.mark.stores("sqlite")  # the command line's --db is a file
async def test_a_rebuild_from_the_logs_gives_the_stored_figures(service, tmp_path, capsys):
    store = service.store
    for n in range(3):
        await finish(service, DUEL, [ALICE, BOB] if n % 2 else [BOB, ALICE], f"series-{n}")
    await finish(service, DUEL, [ALICE, BOB], "elsewhere", guild=OTHER_GUILD)
    await finish(service, a_game_seating(3), [ALICE, BOB, CAROL], "muses")
    await finish(service, a_game_seating(4, sides=True), [ALICE, BOB, CAROL, DAN], "leagues")
    await finish(service, a_game_seating(5), [ALICE, BOB], "not-rated", seats=5)
    before = await snapshot(store)
    assert len(before["rated_games"]) == 6 and len(before["ratings"]) == 2 + 2 + 3 + 4
    await store.transaction([("UPDATE ratings SET mu = 0, games = 99", ())])
    await store.transaction(
        [
            (
                "DELETE FROM rating_changes WHERE table_id IN (SELECT table_id FROM rated_games WHERE guild_id = ?)",
                (OTHER_GUILD,),
            ),
            ("DELETE FROM rated_games WHERE guild_id = ?", (OTHER_GUILD,)),
        ]
    )

    # the command line, on the same file (a second connection, as beside a running bot)
    assert await asyncio.to_thread(main, ["ratings", "--rebuild", "--db", str(tmp_path / "bot.sqlite3")]) == 0
    assert "6 rated games" in capsys.readouterr().out
    assert await snapshot(store) == before
