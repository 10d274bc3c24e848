"""An Ostrakon seat's vote, secret while the game is on, is told under its name in the public
summary (tests/bot/test_summary.py)."""

from .test_summary import ENDINGS, assert_each_seat_told, service  # noqa: F401


@ENDINGS
async def test_the_public_summary_tells_each_seats_vote(service, moves):
    await assert_each_seat_told(
        service,
        "ostrakon",
        moves,
        lambda view: [view["question"][view["my_vote"]]] if view.get("my_vote") and view["phase"] != "over" else [],
    )
