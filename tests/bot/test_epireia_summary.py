"""An Epireia seat's secret figure choice and its league's tokens are told under its name in the
public summary (tests/bot/test_summary.py)."""

from .test_summary import ENDINGS, assert_each_seat_told, service  # noqa: F401


def secrets(view: dict) -> list[str]:
    return ([view["my_figure_choice"]] if view.get("my_figure_choice") else []) + (
        ["League's tokens (secret): "] if view.get("league_tokens") else []
    )


@ENDINGS
async def test_the_public_summary_tells_each_seats_choice_and_tokens(service, moves):
    await assert_each_seat_told(service, "epireia", moves, secrets)
