"""A rated game never moves a shown number against its result (docs/ratings.md, "What the numbers
mean"): a loser's never rises, a winner's never falls, whatever the players' ratings before; where
openskill's own update agrees with the result, it is openskill's. A game nobody won is not rated."""

import json
import random

import pytest

from bot.ratings import leaderboard, ratings
from bot.ratings.ratings import LOST, MODEL, WON, rate, shown
from bot.ratings.summary import ratings_line

from .test_ratings import ALICE, BOB, CAROL, GUILD, a_game_seating, finish, snapshot, stored, winning_seats

SEEDS = 3000
GAMES_IN_A_ROW = 20


def a_random_game(chance: random.Random) -> tuple[list[list], list[int]]:
    """Two to six sides of one or two players, of any skill and certainty; some sides win, the
    others lose."""
    sides = chance.randint(2, 6)
    before = [
        [
            MODEL.rating(mu=chance.uniform(0, 50), sigma=chance.uniform(0.3, MODEL.sigma))
            for _ in range(chance.choice([1, 1, 2]))
        ]
        for _ in range(sides)
    ]
    winners = set(chance.sample(range(sides), chance.randint(1, sides - 1)))
    return before, [WON if side in winners else LOST for side in range(sides)]


def test_no_number_moves_against_the_result_and_otherwise_openskill_decides():
    held = {WON: 0, LOST: 0}
    for seed in range(SEEDS):
        before, ranks = a_random_game(random.Random(seed))
        library = MODEL.rate(before, ranks=list(ranks))
        for old_team, new_team, plain_team, rank in zip(before, rate(before, ranks), library, ranks):
            for was, now, plain in zip(old_team, new_team, plain_team):
                was_shown, now_shown = shown(was.mu, was.sigma), shown(now.mu, now.sigma)
                assert now_shown >= was_shown if rank == WON else now_shown <= was_shown, (seed, rank)
                assert now.sigma == plain.sigma  # the uncertainty is always openskill's
                if now.mu != plain.mu:  # held: the ordinal kept, moved the least a float allows
                    held[rank] += 1
                    assert now.mu - 3 * now.sigma == pytest.approx(was.mu - 3 * was.sigma, abs=1e-9)
    # openskill alone moves both winners and losers against the result, so the rule is at work
    assert held[WON] > 0 and held[LOST] > 0


def test_a_series_of_three_player_games_never_raises_a_loser():
    """The issue's case: three players of a pool, one winner, game after game; each game's players
    start from their ratings after the last."""
    chance = random.Random("series")
    pool = {user: MODEL.rating() for user in range(8)}
    for _ in range(2000):
        players = chance.sample(sorted(pool), 3)
        ranks = [LOST] * 3
        ranks[chance.randrange(3)] = WON
        after = rate([[pool[user]] for user in players], ranks)
        for user, team, rank in zip(players, after, ranks):
            was, now = shown(pool[user].mu, pool[user].sigma), shown(team[0].mu, team[0].sigma)
            assert now >= was if rank == WON else now <= was
            pool[user] = team[0]


def test_no_change_reads_plus_minus_zero():
    assert ratings_line({1: (1512, 1530), 2: (1500, 1500), 3: (1492, 1480)}) == (
        "📈 Ratings here: <@1> +18 → 1,530 · <@2> ±0 → 1,500 · <@3> −12 → 1,480"
    )


async def games_in_a_row(service, game: str, humans: list[int], games: int = GAMES_IN_A_ROW) -> None:
    """Finished games of `humans`, one after another: each rated player's change in the summary
    follows their seat's result, a game nobody won changes nothing, and the figures are derived
    again the same (a rebuild, as after a rollback)."""
    for n in range(games):
        before = await snapshot(service.store)
        table = await finish(service, game, humans, f"in-a-row-{n}")
        won = {humans[seat] for seat in winning_seats(service, table)}
        changes = await leaderboard.changes(service.store, table.id)
        if not won:
            assert changes == {} and await snapshot(service.store) == before
            continue
        assert set(changes) == set(humans)
        for user, (was, now) in changes.items():
            assert now >= was if user in won else now <= was, (n, user, was, now)
    figures = await snapshot(service.store)
    assert figures["rated_games"]  # some game was rated
    await ratings.rebuild_all(service.store)
    assert await snapshot(service.store) == figures


async def test_three_player_free_for_all_games_at_tables_follow_their_results(service):
    await games_in_a_row(service, a_game_seating(3), [ALICE, BOB, CAROL])


async def test_a_game_rated_under_the_old_rule_with_no_winner_is_dropped_when_derived_again(service):
    game, decided = a_game_seating(2), []
    for n in range(20):  # two games someone won, rated
        table = await finish(service, game, [ALICE, BOB], f"old-rule-{n}")
        if winning_seats(service, table):
            decided.append(table.id)
            if len(decided) == 1:
                figures = await stored(service.store, game=game)
            if len(decided) == 2:
                break
    assert len(decided) == 2
    # the second, as the old rule kept a game nobody won (both sides second)
    await service.store.transaction(
        [("UPDATE rated_games SET ranks = ? WHERE table_id = ?", (json.dumps([LOST, LOST]), decided[1]))]
    )
    await service.store.in_transaction(lambda db: ratings.rederive(db, GUILD, game))
    assert [row[0] for row in await service.store.query("SELECT table_id FROM rated_games")] == decided[:1]
    assert await stored(service.store, game=game) == figures
