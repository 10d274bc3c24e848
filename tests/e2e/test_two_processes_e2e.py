"""Two bot processes on one PostgreSQL database (docs/scaling.md): one opens gateway shard 0, the
other shard 1, against a fake Discord that serves both (Agora's events on shard 1, Home's on shard
0, every DM on shard 0, as Discord does). Each owns its shard's tables; a press in a DM reaches shard
0's process, which hands it over through PostgreSQL to the owner when the table is Agora's. One is
killed (SIGKILL) and started again while the other serves on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.discord_app.handovers import NOT_ANSWERING
from tests.registry import GAMES, PLAYOUT, every_game, games_with

from .bot_database import BotDatabase
from .fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from .fakediscord.process import BotProcess
from .game_table import GameTable, Menu, first

TWO_SHARDS = {"shards": 2, "guild_shard": 1}  # Agora on shard 1 of 2
COMPONENT = 3  # a press's interaction type
pytestmark = [
    pytest.mark.stores("postgres"),
    pytest.mark.parametrize("fake_discord", [TWO_SHARDS], indirect=True, ids=["two shards"]),
]


@pytest.fixture
async def processes(
    fake_discord: FakeDiscord, store_target: str, tmp_path: Path
) -> AsyncIterator[dict[int, BotProcess]]:
    """Shard 0's process and shard 1's, started in that order; commands synced for every server."""
    database = BotDatabase(store_target)
    bots = {}
    for shard in (0, 1):
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        settings = {
            "BOT_SHARD_COUNT": "2",
            "BOT_SHARD_IDS": str(shard),
            "BOT_PICTURE_WORKERS": "0",
            "E2E_TABLE_SEED": "two-processes",
        }
        bots[shard] = BotProcess(
            fake_discord,
            workdir,
            db_path=tmp_path / "unused",
            database_url=database.url,
            owes=database.owes,
            shards=frozenset({shard}),
            settings=settings,
        )
        del bots[shard].env["BOT_DEV_GUILD"]  # commands for every server, Home's too
    try:
        for bot in bots.values():
            await bot.start()
        yield bots
        for bot in bots.values():
            await bot.stop()
    finally:
        for bot in bots.values():
            if bot.running:
                bot.kill()
        database.close()


class TableIn(GameTable):
    """A GameTable in a channel of its own (GameTable plays in #general)."""

    where: FakeChannel | None = None

    def channel_messages(self) -> list[FakeMessage]:
        assert self.where is not None
        return self.where.messages()

    async def open(self, host: FakeUser, **options) -> FakeMessage:
        self.lobby = (await host.slash("table new", game=self.game, channel=self.where, **options)).reply
        return self.lobby


def table_in(fake: FakeDiscord, key: str, channel: FakeChannel, players: list[FakeUser]) -> TableIn:
    table = TableIn(fake, key, players, writes=True)
    table.where = channel
    return table


def dm_presses(fake: FakeDiscord) -> list:
    return [i for i in fake.interactions.values() if i.type == COMPONENT and i.channel.is_dm]


async def test_commands_are_synced_once_for_both_processes(fake_discord, processes):
    puts = [r for r in fake_discord.requests if r[0] == "PUT" and "/commands" in r[1]]
    assert len(puts) == 1, puts


async def test_every_game_plays_on_shard_1_with_its_dm_presses_handed_over_from_shard_0(fake_discord, processes):
    """Each game's opening, at Agora's tables (shard 1's), through its first choice made from DMs
    where it has one: those presses reach shard 0's process, which hands them over."""
    fake = fake_discord
    fake.settle_quiet = 0.02
    assert fake.shards.of(fake.guild.id) == 1
    for key in every_game():
        game = GAMES[key]
        players = fake.add_users(*(f"{key}-player{n}" for n in range(game.min_seats)))
        table = table_in(fake, key, fake.add_channel(f"{key}-table"), players)
        await table.seat_everyone()
        before = len(dm_presses(fake))
        together = key in games_with(together=True)

        def far_enough() -> bool:
            if together:  # a choice answered from the DMs, and the table past it
                return len(dm_presses(fake)) > before and len(table.waiting()) < 2
            return len(table.played) >= 4

        await table.play_until(lambda: table.over() or far_enough(), lambda user: first, most=PLAYOUT)
        assert far_enough() or table.over(), key
        handed = dm_presses(fake)[before:]
        assert all(press.shard == 0 for press in handed)
        for press in handed:  # each taken by shard 1's process and answered within Discord's 3 s
            assert press.reply is not None and not press.reply.content.startswith(("🚫", "⏳")), press.reply.content
    for bot in processes.values():
        bot.check_logs()


def press_first_move(user: FakeUser, message: FakeMessage):
    """The first move of a DM prompt, pressed: a button, else the first option of a select."""
    menu = Menu(message)
    buttons = menu.move_buttons()
    if buttons:
        return user.click(message, next(iter(buttons.values()))["custom_id"])
    select = menu.move_selects()[0]
    return user.select(message, [select["options"][0]["value"]], select=select["custom_id"])


async def moves_logged(url: str, channel: FakeChannel) -> int:
    """The moves in the log of the table in `channel`, as the database holds them."""
    connection = await asyncpg.connect(url)
    try:
        return await connection.fetchval(
            "SELECT COUNT(*) FROM actions a JOIN tables t ON t.id = a.table_id WHERE t.channel_id = $1 AND a.kind = 'move'",
            channel.id,
        )
    finally:
        await connection.close()


async def test_one_process_killed_and_restarted_while_the_other_serves_on(fake_discord, processes, store_target):
    fake = fake_discord
    fake.settle_quiet = 0.02
    key = games_with(together=True)[0]  # a game with DM prompts
    game = GAMES[key]
    home = fake.add_guild("Home", shard=0)
    home_channel = fake.add_channel("home-table", guild=home)
    agora = table_in(
        fake, key, fake.add_channel("agora-table"), fake.add_users(*(f"a{n}" for n in range(game.min_seats)))
    )
    homes = [fake.add_user(f"h{n}", guild=home) for n in range(game.min_seats)]
    at_home = table_in(fake, key, home_channel, homes)
    await agora.seat_everyone()
    await at_home.seat_everyone()
    await agora.play_until(lambda: len(agora.waiting()) > 1, lambda user: first, most=PLAYOUT)
    assert len(agora.waiting()) > 1
    player, prompt = next((u, m) for u in agora.waiting() for m in reversed(u.dms()) if not Menu(m).empty())
    played_before = len(agora.played)

    processes[1].kill()  # Agora's process
    await processes[1].wait_dead()
    # Home's table, shard 0's own, plays on
    moves = await at_home.play_until(lambda: at_home.over(), lambda user: first, most=6)
    assert moves >= 1
    # a DM press for Agora's table has nobody to take it: refused in time, nothing played
    refused = await press_first_move(player, prompt)
    assert refused.reply is not None and refused.reply.content == NOT_ANSWERING

    await processes[1].start()
    # Agora's game goes on where it was: every move acknowledged is in its log, the refused one
    # is not, and the same DM press plays now
    assert await moves_logged(store_target, agora.where) == played_before
    assert await agora.choose(player, prompt, first)
    await agora.play_until(lambda: agora.over(), lambda user: first, most=6)
    assert await moves_logged(store_target, agora.where) == len(agora.played)
    for bot in processes.values():
        bot.check_logs()
