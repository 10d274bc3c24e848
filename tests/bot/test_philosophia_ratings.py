"""A Philosophia game the Romans win (nobody leaves the Labyrinth: no winner) changes nobody's
rating; one a player wins is rated."""

from bot.ratings import leaderboard
from bot.ratings.summary import summary_lines
from tests.registry import GAMES

from .test_ratings import ALICE, BOB, CAROL, finish, rated_tables, snapshot, winning_seats

HUMANS = [ALICE, BOB, CAROL]


async def test_a_game_the_romans_win_changes_nobodys_rating(service):
    store, romans, decided = service.store, None, None
    for n in range(30):  # a game a player wins, then one the Romans win
        before = await snapshot(store)
        table = await finish(service, "philosophia", HUMANS, f"labyrinth-{n}")
        if winning_seats(service, table):
            decided = decided or table
        elif decided:
            romans = table
            break
    assert decided and romans, "30 games gave no game a player won followed by one the Romans won"
    assert decided.id in await rated_tables(store)
    assert romans.id not in await rated_tables(store)
    assert await snapshot(store) == before  # every rating, count and change as it was
    assert await leaderboard.changes(store, romans.id) == {}
    lines = summary_lines(GAMES["philosophia"], romans, service.state_of(romans), await store.actions(romans.id), {})
    assert "Romans win" in lines[1] and not any(line.startswith("📈") for line in lines)
