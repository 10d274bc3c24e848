"""Ostrakon's path markers explained: the board's text says what (C), (O) and (T) stand for and on
which spaces, and the /rules page explains them, with the rest of what the board shows."""

from bot.discord_app.pages import rules_pages
from bot.render import render_text
from engine import Chance
from engine.ostrakon import GAME
from engine.ostrakon.rules import Options

LEGEND = "🔣 Special days, by the Sun's space when a day starts: "


def board(options: Options) -> str:
    return render_text("ostrakon", GAME.view(GAME.setup(5, options, Chance.seeded("legend")), None))


def test_the_board_says_what_each_letter_on_the_path_means():
    lines = board(Options()).splitlines()
    assert f"{LEGEND}(C) Corruption 4, 10 · (O) Oracle 6, 13 · (T) Treachery 8, 15" in lines
    custom = board(Options(corruption_spaces=(3,), oracle_spaces=(), treachery_spaces=(7, 12)))
    assert f"{LEGEND}(C) Corruption 3 · (T) Treachery 7, 12" in custom.splitlines()
    assert LEGEND not in board(Options(special_days=False))  # no letters on the path, nothing to explain


def test_the_rules_page_explains_the_letters_and_the_marks():
    page = "\n".join(rules_pages("ostrakon"))
    assert "**(C)** Corruption, **(O)** Oracle, **(T)** Treachery" in page
    assert all(mark in page for mark in ("☀️", "🌕", "🌑", "🔣", "🏛️"))
