"""BOT_SHARD_COUNT: unset, the bot opens as many gateway shards as Discord recommends; set, that
many; a bad value stops start-up with one line naming the setting."""

import pytest

from bot.discord_app.app import TableBot
from bot.settings import SettingsError, load_settings


@pytest.fixture(autouse=True)
def no_env_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # away from any .env
    monkeypatch.delenv("BOT_SHARD_COUNT", raising=False)


def test_unset_the_bot_asks_discord_how_many_shards():
    settings = load_settings()
    assert settings.bot_shard_count is None and TableBot(settings).shard_count is None


def test_set_the_bot_opens_that_many(monkeypatch):
    monkeypatch.setenv("BOT_SHARD_COUNT", "4")
    assert TableBot(load_settings()).shard_count == 4


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5"])
def test_a_bad_value_is_one_line_naming_the_setting(monkeypatch, value):
    monkeypatch.setenv("BOT_SHARD_COUNT", value)
    with pytest.raises(SettingsError) as refused:
        load_settings()
    line = str(refused.value)
    assert line.startswith("BOT_SHARD_COUNT: ") and "\n" not in line, line
