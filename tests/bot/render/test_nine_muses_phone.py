"""Nine Muses on a phone: the Muses' conditions left the picture for the text."""

from bot.games import plugin
from engine.nine_muses.data import MUSES
from tests.bot.render.playouts import played_game
from tests.registry import GAMES


def test_the_muses_conditions_are_in_the_text():
    muses = GAMES["nine-muses"]
    view = muses.view(played_game(muses, 3, 6, seed="phone:moved"), None)
    words = plugin("nine-muses").presentation.text(view)
    assert view["centre"] and all(f"**{name}** ({MUSES[name].condition}" in words for name in view["centre"])
