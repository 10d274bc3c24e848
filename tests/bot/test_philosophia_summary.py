"""A Philosophia seat's hand is told under its name in the public summary (tests/bot/test_summary.py)."""

from .test_summary import ENDINGS, assert_each_seat_told, service  # noqa: F401


@ENDINGS
async def test_the_public_summary_tells_each_seats_hand(service, moves):
    await assert_each_seat_told(service, "philosophia", moves, lambda view: [", ".join(view["my_hand"]) or "none"])
