"""The issue's case: in three-player Nine Muses games a loser's rating never rises, nor a winner's
falls (the rule of tests/bot/test_ratings_follow_the_result.py, on this game by name)."""

from .test_ratings import ALICE, BOB, CAROL
from .test_ratings_follow_the_result import games_in_a_row


async def test_three_player_nine_muses_games_never_raise_a_loser(service):
    await games_in_a_row(service, "nine-muses", [ALICE, BOB, CAROL])
