"""Ostrakon's take-backs: a secret stone until the vote is revealed, and a question taken back
tells the voters it is not their turn any more (take-backs in every game: tests/bot/test_takeback.py)."""

from __future__ import annotations

import pytest

from bot.tables.refusals import Refused
from bot.tables.takeback import TakeBacks
from engine import Chance
from tests.registry import GAMES

from .test_takeback import opened


async def test_a_secret_stone_is_taken_back_until_the_vote_is_revealed(service):
    """Ostrakon: a player's stone may be taken back while others still vote (nobody saw it); once
    another player has voted it stays; the last stone reveals the vote, so it stays."""
    takebacks, game = TakeBacks(service), GAMES["ostrakon"]
    table = await opened(service, "ostrakon", "stones", players=5)
    while service.state_of(table).phase != "vote":  # the first speaker asks
        user = service.waiting_on(table)[0]
        action = game.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded("ask"))
        table = (await service.act(table.id, user, action)).table
    voters = service.waiting_on(table)
    assert len(voters) > 2

    def stone(user):
        return game.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(user)))

    first = (await service.act(table.id, voters[0], stone(voters[0]))).table
    back = await takebacks.take_back(table.id, voters[0], version=first.version)
    assert voters[0] in service.waiting_on(back.table)
    name = game.view(service.state_of(back.table), None)["names"][service.seat_of(table, voters[0])]
    assert back.public == [f"↩️ **{name}** took back their move."]  # by their name in the game; nothing of the stone
    table = back.table
    for user in voters[:-1]:
        table = (await service.act(table.id, user, stone(user))).table
    with pytest.raises(Refused, match="nothing of yours"):  # another player voted since
        await takebacks.take_back(table.id, voters[0])
    last = await service.act(table.id, voters[-1], stone(voters[-1]))
    assert last.take_back_version is None
    with pytest.raises(Refused, match="showed something new"):
        await takebacks.take_back(table.id, voters[-1])


async def test_the_players_whose_turn_it_had_become_are_told(service):
    """Ostrakon's speaker asks, and the table waits on the voters; the speaker takes the question
    back (a typo), so the voters are told privately that it is not their turn any more."""
    game = GAMES["ostrakon"]
    table = await opened(service, "ostrakon", "told", players=5)
    (speaker,) = service.waiting_on(table)
    question = game.stand_in(service.state_of(table), service.seat_of(table, speaker), Chance.seeded("q"))
    asked = await service.act(table.id, speaker, question)
    others = set(service.waiting_on(asked.table)) - {speaker}  # everyone votes, the speaker too
    assert asked.take_back_version == asked.table.version and len(others) == 4
    back = await TakeBacks(service).take_back(table.id, speaker)
    assert service.waiting_on(back.table) == [speaker]
    assert set(back.private) == others
    assert all("not your turn any more" in texts[0] for texts in back.private.values())
    name = game.view(service.state_of(back.table), None)["names"][service.seat_of(table, speaker)]
    assert back.public == [f"↩️ **{name}** took back their move."]
