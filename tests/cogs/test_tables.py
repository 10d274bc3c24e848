"""cogs/tables.py: what a slash command's words become (options), and every game's choice and rules
pages."""

import pytest

from bot.discord_app.pages import rules_pages
from bot.games import plugins
from cogs.tables import GAME_CHOICES
from tests.registry import GAMES


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_has_one_choice_and_rules_pages_that_fit_an_embed(key):
    assert plugins()[key].game is GAMES[key]
    pages = rules_pages(key)
    assert pages and all(0 < len(page) <= 4096 for page in pages)
    assert [choice.value for choice in GAME_CHOICES].count(key) == 1


def test_table_options_parse_lists_and_refuse_nonsense():
    from bot.tables.service import Refused
    from cogs.tables import parse_options

    assert parse_options('special_days=false, corruption_spaces=[4,10], extra_subjects=["Cheese", "Wine"]') == {
        "special_days": False,
        "corruption_spaces": [4, 10],
        "extra_subjects": ["Cheese", "Wine"],
    }
    assert parse_options("") == {}
    with pytest.raises(Refused, match="name=value"):
        parse_options("nonsense")


def test_table_new_offers_the_stand_ins_level_easy_by_default():
    from cogs.tables import Tables

    (level,) = [p for p in Tables.new.parameters if p.name == "level"]
    assert [choice.value for choice in level.choices] == ["easy", "strong"]
    assert level.default == "easy" and not level.required and 0 < len(level.description) <= 100
