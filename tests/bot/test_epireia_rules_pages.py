"""Epireia's /rules pages name each thing once, as its rulebook does (the pages' cut:
tests/bot/test_rules_pages.py)."""

from bot.discord_app.pages import rules_pages


def test_epireia_names_each_thing_once():
    page = "\n".join(rules_pages("epireia"))
    assert "City token" in page and "Trade Post " not in page  # the token (the Act I scenario is "Trade Posts")
    assert "Lv " not in page and "maritime Territor" not in page  # Hoplites II, sea Territories
