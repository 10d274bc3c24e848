"""Philosophia's take-backs through the bot: the location token's benefit taken back, and the true
reason given when a move cannot be (take-backs in every game: tests/bot/test_takeback.py)."""

from __future__ import annotations

import pytest

from bot.tables.refusals import Refused
from bot.tables.takeback import TakeBacks
from engine.philosophia.actions import Bonus, Move

from .test_takeback import opened


async def at_token(service, seed: str, colours: tuple[str, ...]):
    """A table whose first player has moved to a location token of one of `colours`."""
    table = await opened(service, "philosophia", seed)
    (user,) = service.waiting_on(table)
    state, seat = service.state_of(table), service.seat_of(table, user)
    to = next(
        move.to
        for move in service.game_of(table).legal_actions(state, seat)
        if isinstance(move, Move) and state.sites[move.to].token in colours
    )
    table = (await service.act(table.id, user, Move(to=to))).table
    assert service.state_of(table).phase == "bonus"
    return table, user


async def test_taking_the_token_s_benefit_is_taken_back_and_played_again(service):
    """The reported case: "Take the token's benefit" was refused as having shown something new."""
    table, user = await at_token(service, "benefit", ("black", "blue", "red", "green"))
    before = service.state_of(table)
    taken = await service.act(table.id, user, Bonus(keep=False))
    after = service.state_of(taken.table)
    assert after.phase == "act" and taken.take_back_version == taken.table.version
    back = await TakeBacks(service).take_back(table.id, user, version=taken.take_back_version)
    assert service.state_of(back.table) == before
    name = service.game_of(table).view(before, None)["names"][service.seat_of(table, user)]
    assert back.public == [f"↩️ **{name}** took back their move."]
    again = await service.act(table.id, user, Bonus(keep=False))
    assert service.state_of(again.table) == after


async def test_the_yellow_benefit_draws_a_card_and_the_refusal_says_so(service):
    table, user = await at_token(service, "yellow", ("yellow",))
    taken = await service.act(table.id, user, Bonus(keep=False))
    assert taken.take_back_version is None
    with pytest.raises(Refused) as refusal:
        await TakeBacks(service).take_back(table.id, user)
    assert str(refusal.value) == (
        "That move cannot be taken back: it showed something new: it drew a card, which you have seen. "
        "See **Take-backs** in `/rules game:philosophia`."
    )
    assert (await service.get(table.id)).version == taken.table.version  # nothing changed


async def test_the_turn_s_action_is_refused_for_what_it_does_not_as_something_shown(service):
    table, user = await at_token(service, "action", ("black",))
    table = (await service.act(table.id, user, Bonus(keep=True))).table
    acted = await service.act(table.id, user, {"kind": "tutor"})
    assert acted.take_back_version is None
    with pytest.raises(Refused) as refusal:
        await TakeBacks(service).take_back(table.id, user)
    assert "it was your turn's action, which ends your turn" in str(refusal.value)
    assert "showed something new" not in str(refusal.value)
