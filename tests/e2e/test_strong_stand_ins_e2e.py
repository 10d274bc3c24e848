"""`/table new ... stand_ins:N level:strong` against the real bot: the lobby names each stand-in's
level, before and after the start, and `/table status` says which level plays which seat."""

from __future__ import annotations

from tests.registry import GAMES, a_game

GAME = a_game(seats=2)


async def test_the_lobby_and_the_board_name_each_stand_in_s_level(fake_discord, real_bot):
    alice = fake_discord.add_user("alice")
    easy = (await alice.slash("table new", game=GAME, stand_ins=1)).reply  # the default level
    assert "🤖 stand-in" in easy.content and "strong" not in easy.content
    await alice.slash("table end")  # the host may close a lobby

    lobby = (await alice.slash("table new", game=GAME, stand_ins=1, level="strong")).reply
    assert "🤖 strong stand-in" in lobby.content
    await alice.click(lobby, "Start")
    assert "🤖 strong stand-in" in lobby.content  # the lobby, once the game begins: who plays whom
    names = GAMES[GAME].view(real_bot.client.service.state_of(await table_of(real_bot)), None)["names"]
    status = (await alice.slash("table status")).reply
    assert f"🤖 Stand-ins: {names[1]} (strong)." in status.content


async def table_of(real_bot):
    service = real_bot.client.service
    (table,) = [table for table in await service.open_tables() if table.status == "running"]
    return table
