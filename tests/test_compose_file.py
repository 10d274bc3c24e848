"""deploy/compose.yaml (docs/scaling.md) runs processes that the bot's settings accept and that
together open every shard once, on PostgreSQL. Read as text: no YAML library is a dependency."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import load_settings

COMPOSE = Path(__file__).resolve().parents[1] / "deploy" / "compose.yaml"


def setting(name: str, text: str) -> list[str]:
    return re.findall(rf'^\s+{name}: "?([^"\n]+?)"?[ \t]*(?:#.*)?$', text, re.M)


def test_the_processes_open_every_shard_once_on_postgresql():
    text = COMPOSE.read_text()
    (count,) = setting("BOT_SHARD_COUNT", text)
    ids = setting("BOT_SHARD_IDS", text)
    assert len(ids) >= 2, "several processes"
    opened = []
    for each in ids:
        settings = load_settings(
            bot_shard_count=int(count), bot_shard_ids=each, bot_database_url="postgresql://bot:secret@postgres:5432/bot"
        )
        assert settings.shard_ids is not None
        opened += sorted(settings.shard_ids)
    assert sorted(opened) == list(range(int(count)))
    (url,) = setting("BOT_DATABASE_URL", text)
    assert url.startswith("postgresql://") and url.endswith("@postgres:5432/bot")
