"""The /rules pages (docs/<game>.md cut by the bot): every page fits an embed's description, and
the pages say what the rulebooks say about the start."""
import re

import pytest

from cogs.tables import rules_pages
from engine import GAMES

EMBED_DESCRIPTION = 4096


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_rules_page_fits_an_embed(key):
    pages = rules_pages(key)
    assert pages and all(0 < len(page) <= EMBED_DESCRIPTION for page in pages)
    assert "coming soon" not in pages[0]


def test_nine_muses_says_each_player_starts_with_two_craft_and_five_muses_face_up():
    page = "\n".join(rules_pages("nine-muses"))
    assert re.search(r"\*\*5 Muses\s+face up\*\*", page) and "**2 Craft**" in page


def test_epireia_names_each_thing_once():
    page = "\n".join(rules_pages("epireia"))
    assert "City token" in page and "Trade Post " not in page  # the token (the Act I scenario is "Trade Posts")
    assert "Lv " not in page and "maritime Territor" not in page  # Hoplites II, sea Territories
