"""Reading the ratings: the leaderboards' pages and their buttons, a member's ratings in `/stats`, and
the summary's change line."""

from types import SimpleNamespace

import pytest

from bot.discord_app.pages import server_page
from bot.ratings import leaderboard, ratings, stats
from bot.ratings.leaderboard import PAGE, RANKED_AFTER
from bot.ratings.summary import ratings_line, summary_lines
from bot.store.opening import open_store
from bot.tables.gate import Caller, Gate, Press, parse_press
from bot.tables.refusals import Refused
from bot.tables.service import TableService
from tests.bot.pressing import press_on
from tests.registry import GAMES, every_game

from .test_ratings import ALICE, BOB, DUEL, GUILD, OTHER_GUILD, finish

RANKED = 2 * PAGE + 3  # three pages
BUSY, QUIET = every_game()[:2]  # any two games: one with RANKED ranked players, one with a single one


@pytest.fixture
async def store(store_target):
    store = await open_store(store_target)
    yield store
    await store.close()


async def seed_ratings(store) -> list[int]:
    """RANKED ranked players of BUSY (user 1000 + n, mu rising with n, sigma falling), two not ranked
    yet, one QUIET player, and other servers' players. Returns the ranked, best first."""
    rows = [(GUILD, BUSY, 1000 + n, 20 + n * 0.5, 8 - n * 0.1, RANKED_AFTER + n % 4) for n in range(RANKED)]
    rows += [(GUILD, BUSY, 2000 + n, 40.0, 1.0, RANKED_AFTER - 1) for n in range(2)]
    rows += [(GUILD, QUIET, 3000, 25.0, 3.0, RANKED_AFTER)]
    rows += [(OTHER_GUILD, BUSY, 4000 + n, 50.0, 1.0, 10) for n in range(3)]
    await store.transaction(
        [
            ("INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)", row)
            for row in rows
        ]
    )
    return [1000 + n for n in reversed(range(RANKED))]


async def test_a_leaderboard_is_paged_and_ranks_only_players_with_enough_games(store):
    best_first = await seed_ratings(store)
    seen = []
    for page in range(3):
        board = await leaderboard.board(store, GUILD, BUSY, page)
        assert (board.game, board.page, board.pages, board.unranked) == (BUSY, page, 3, 2)
        assert board.first == page * PAGE + 1 and len(board.rows) == (PAGE if page < 2 else 3)
        seen += [user for user, _, _ in board.rows]
        ratings_shown = [rating for _, rating, _ in board.rows]
        assert ratings_shown == sorted(ratings_shown, reverse=True)
    assert seen == best_first  # every ranked player once, in order; the unranked and other servers' never
    last = await leaderboard.board(store, GUILD, BUSY, 99)  # past the end: the last page
    assert last.page == 2 and [user for user, _, _ in last.rows] == best_first[-3:]
    default = await leaderboard.board(store, GUILD)  # the game with most ranked players
    assert default.game == BUSY and default.games == [BUSY, QUIET]
    assert await leaderboard.board(store, 3) is None

    text = leaderboard.board_text(last)
    assert text.splitlines()[0] == f"🏅 **{GAMES[BUSY].title}** ratings · page 3 of 3"
    user, rating, games = last.rows[0]
    assert f"21. <@{user}> **{rating:,}** ({games} games)" in text
    assert f"2 more players have fewer than {RANKED_AFTER} rated games." in text


async def test_the_pages_turn_through_the_gate_and_stay_in_the_callers_server(store):
    await seed_ratings(store)
    gate = Gate(TableService(store))
    agora = SimpleNamespace(name="Agora")
    content, view = await server_page(store, agora, GUILD)
    assert "page 1 of 3" in content and len(content) <= 2000
    ids = [item.custom_id for item in view.children]
    assert ids == [f"pt:ranks:{BUSY}:1", f"pt:ranks:{QUIET}:0"]  # Next, and the other game
    assert all(len(custom_id) <= 100 for custom_id in ids)
    press = await press_on(gate, Caller(ALICE, GUILD, 5), ids[0])
    assert press == Press("ranks", game=BUSY, page=1, in_place=True)  # a page of ranks turns in place
    content, view = await server_page(store, agora, GUILD, press.game, press.page)
    assert "page 2 of 3" in content and [item.label for item in view.children] == [
        "◀ Previous",
        "Next ▶",
        GAMES[QUIET].title,
    ]
    content, view = await server_page(store, agora, GUILD, QUIET, 0)
    assert f"**{GAMES[QUIET].title}** ratings · page 1 of 1" in content and [
        item.custom_id for item in view.children
    ] == [f"pt:ranks:{BUSY}:0"]
    content, _ = await server_page(store, None, OTHER_GUILD, BUSY, 0)
    assert "<@4000>" in content and "<@1000>" not in content  # a press shows the caller's own server
    with pytest.raises(Refused, match="belong to a server"):
        await server_page(store, None, None)
    for bad in (f"pt:ranks:{BUSY}:x", f"pt:ranks:{BUSY.capitalize()}!:0", f"pt:ranks:{BUSY}:12345"):
        with pytest.raises(Refused):
            parse_press(bad)


def test_the_change_line():
    assert ratings_line({1: (1500, 1512), 2: (1500, 1492), 3: (998, 1001)}) == (
        "📈 Ratings here: <@1> +12 → 1,512 · <@2> −8 → 1,492 · <@3> +3 → 1,001"
    )


async def test_a_finished_games_summary_shows_each_change_and_stats_show_the_rating(store):
    service = TableService(store)
    table = await finish(service, DUEL, [ALICE, BOB], "summary")
    changes = await leaderboard.changes(store, table.id)
    now = {
        user: ratings.shown(mu, sigma)
        for user, mu, sigma in await store.query("SELECT user_id, mu, sigma FROM ratings WHERE game = ?", (DUEL,))
    }
    assert changes == {user: (1500, now[user]) for user in (ALICE, BOB)}
    assert list(changes) == sorted(changes, key=lambda user: -now[user])  # best first
    game = GAMES[DUEL]
    lines = summary_lines(game, table, service.state_of(table), await store.actions(table.id), changes)
    assert lines[2] == ratings_line(changes)  # right after the outcome
    assert not any(
        line.startswith("📈")
        for line in summary_lines(game, table, service.state_of(table), await store.actions(table.id))
    )

    text = stats.member_text(
        "alice", await stats.member_stats(store, GUILD, ALICE), await leaderboard.member_ratings(store, GUILD, ALICE)
    )
    assert f"**{game.title}**: 1 played, " in text and f"rating **{now[ALICE]:,}** (1 rated game)" in text
    assert await leaderboard.member_ratings(store, OTHER_GUILD, ALICE) == {}
