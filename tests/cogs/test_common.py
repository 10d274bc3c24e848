"""cogs/common.py: who counts as a moderator."""

from types import SimpleNamespace

import pytest

from bot.store.sqlite import Store
from bot.tables.moderation import Moderation
from bot.tables.service import TableService


@pytest.fixture
async def moderation(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    yield Moderation(TableService(store))
    await store.close()


def test_is_moderator_reads_manage_channels_or_the_role(moderation):
    from bot.discord_app.interactions import is_moderator

    def interaction(manage: bool, roles: list[int]):
        return SimpleNamespace(
            permissions=SimpleNamespace(manage_channels=manage),
            guild_id=1,
            client=SimpleNamespace(moderation=moderation),
            user=SimpleNamespace(roles=[SimpleNamespace(id=r) for r in roles]),
        )

    moderation.roles[1] = 77
    assert is_moderator(interaction(True, []))
    assert is_moderator(interaction(False, [77]))
    assert not is_moderator(interaction(False, [78]))
