"""Philosophia's board explained: the /rules page gives the picture's legend (what each place colour
and piece means) and the text's (each mark of a player's line)."""

from bot.discord_app.pages import rules_pages
from bot.render import philosophia_board
from bot.render.philosophia import TOKEN_ICON, player_line
from tests.bot.render.playouts import played_game
from tests.registry import GAMES

COLOURS = {"city": "slate grey", "port": "blue", "temple": "sand gold", "oracle": "purple", "acropolis": "pale stone"}


def page() -> str:
    return "\n".join(rules_pages("philosophia"))


def test_the_rules_page_says_what_each_place_colour_and_piece_is():
    text = page()
    assert "## Reading the board" in text
    assert set(COLOURS) == set(philosophia_board.KIND_COLOURS)  # every kind of place drawn is explained
    for kind, colour in COLOURS.items():
        assert f"{colour} a{'n' if kind in ('acropolis', 'oracle') else ''} {kind}" in text.lower(), kind
    for piece in ("**houses**", "schools", "**cubes**", "followers", "**lettered discs**", "location token"):
        assert piece in text, piece
    for colour in philosophia_board.TOKEN_FILL:
        assert colour in text


def test_the_rules_page_explains_every_mark_of_a_players_line():
    game = GAMES["philosophia"]
    view = game.view(played_game(game, 3, 40), None)
    line = " ".join(player_line(view, who) for who in range(len(view["players"])))
    marks = ["🌀", "💰", "🗣️", "🃏", "🔮", "followers", "schools", "wisdom", "builders", "sophists"]
    assert all(mark in line for mark in marks)  # the premise: these are the line's marks
    text = page()
    assert all(mark in text.lower() for mark in marks)
    assert "⚙️" in text and "spellbound" in text and "".join(TOKEN_ICON.values()) in text
