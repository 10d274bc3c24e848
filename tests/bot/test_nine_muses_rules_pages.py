"""Nine Muses' /rules pages say what its rulebook says about the start (the pages' cut:
tests/bot/test_rules_pages.py)."""

import re

from bot.discord_app.pages import rules_pages


def test_nine_muses_says_each_player_starts_with_two_craft_and_five_muses_face_up():
    page = "\n".join(rules_pages("nine-muses"))
    assert re.search(r"\*\*5 Muses\s+face up\*\*", page) and "**2 Craft**" in page
