"""The table's web page names the level of each stand-in's seat, as the lobby and the board do."""

from __future__ import annotations

from tests.registry import a_game

from .helpers import LINKS, serving

GAME = a_game(seats=3)


async def test_the_page_says_which_seats_strong_stand_ins_play(service):
    table = await service.create(guild_id=1, channel_id=1, host_id=1000, game=GAME, stand_ins=2, level="strong")
    await service.join(table.id, 1001)  # takes the first strong stand-in's seat
    table = (await service.start(table.id, 1000)).table
    async with serving(service) as client:
        html = await (await client.get(f"/t/{LINKS.token(table.id)}")).text()
    assert html.count("a strong stand-in plays") == 1 and html.count("a stand-in plays") == 0
