"""The /rules pages (docs/<game>.md cut by the bot): every page fits an embed's description and is
the game's own rules (what a game's pages say: tests/bot/test_<package>_rules_pages.py)."""

import pytest

from bot.discord_app.pages import rules_pages
from tests.registry import GAMES

EMBED_DESCRIPTION = 4096


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_rules_page_fits_an_embed(key):
    pages = rules_pages(key)
    assert pages and all(0 < len(page) <= EMBED_DESCRIPTION for page in pages)
    assert "coming soon" not in pages[0]
