"""An Epireia seat's secret figure choice and its league's tokens are told under its name in the
public summary (tests/bot/test_summary.py): the tokens once a league, under its first seat."""

from engine.epireia.data import LEAGUE_NAMES

from .test_summary import ENDINGS, assert_each_seat_told, service  # noqa: F401


def secrets(view: dict) -> list[str]:
    seat = view["seat"]
    league = view["players"][seat]["league"]
    first = min(p["seat"] for p in view["players"] if p["league"] == league)
    return ([view["my_figure_choice"]] if view.get("my_figure_choice") else []) + (
        [f"{LEAGUE_NAMES[league]}'s tokens: "] if view.get("league_tokens") and seat == first else []
    )


@ENDINGS
async def test_the_public_summary_tells_each_seats_choice_and_tokens(service, moves):
    await assert_each_seat_told(service, "epireia", moves, secrets)
