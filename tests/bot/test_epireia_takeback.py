"""Epireia's take-backs through the bot: a Temple build that reaches the Prestige 3 bonus, and its
bonus resource, are taken back; a move that cannot be says its true reason (take-backs in every game:
tests/bot/test_takeback.py)."""

from __future__ import annotations

import pytest

from bot.tables.refusals import Refused
from bot.tables.takeback import TakeBacks
from engine import Chance
from engine.epireia.actions import BonusResource, Build, Produce

from .test_takeback import opened


async def developing(service, seed: str):
    """A two-player table played by stand-ins through the set-up, to its first Development turn."""
    table = await opened(service, "epireia", seed)
    game, chance = service.game_of(table), Chance.seeded(seed)
    while service.state_of(table).phase != "develop":
        user = service.waiting_on(table)[0]
        action = game.stand_in(service.state_of(table), service.seat_of(table, user), chance)
        table = (await service.act(table.id, user, action)).table
    (user,) = service.waiting_on(table)
    return table, user


async def test_a_temple_reaching_the_prestige_3_bonus_is_taken_back_and_so_is_its_resource(service):
    """The reported case: the build was refused, though docs/epireia.md lists building."""
    takebacks = TakeBacks(service)
    table, user = await developing(service, "temple")
    before, seat = service.state_of(table), service.seat_of(table, user)
    assert before.players[seat].prestige == 1 and before.players[seat].actions_left >= 1
    built = await service.act(table.id, user, Build(building="Temple"))
    after = service.state_of(built.table)
    assert after.players[seat].prestige == 3 and after.prompts[0].kind == "bonus_resource"
    assert built.take_back_version == built.table.version
    back = await takebacks.take_back(table.id, user, version=built.take_back_version)
    assert service.state_of(back.table) == before
    built = await service.act(table.id, user, Build(building="Temple"))
    assert service.state_of(built.table) == after
    chosen = await service.act(table.id, user, BonusResource(resource="copper"))
    assert chosen.take_back_version == chosen.table.version
    back = await takebacks.take_back(table.id, user)
    assert service.state_of(back.table) == after


async def test_producing_is_refused_for_the_hidden_token_it_draws(service):
    table, user = await developing(service, "produce")
    produced = await service.act(table.id, user, Produce(unit="hoplites", level=1))
    assert produced.take_back_version is None
    with pytest.raises(Refused) as refusal:
        await TakeBacks(service).take_back(table.id, user)
    assert str(refusal.value) == (
        "That move cannot be taken back: it showed something new: producing draws a hidden token. "
        "See **Take-backs** in `/rules game:epireia`."
    )
