"""Private answers in a channel that offer a player's moves (bot/discord_app/delivery/dms.py `offered`): a
delivery that finds one done says why and takes its buttons away, unless a press on it is answering
it meanwhile (that answer is then the message, and a later edit must not overwrite it)."""

import time
from types import SimpleNamespace

from bot.discord_app.delivery import hooks
from bot.discord_app.delivery.dms import DirectMessages
from bot.discord_app.delivery.hooks import Hook
from engine import Chance
from tests.bot.test_dm_prompts import asked_at_once
from tests.registry import GAMES


class Recorder:
    def __init__(self) -> None:
        self.edits: list[dict] = []

    async def edit_message(self, message, **fields) -> None:
        self.edits.append({"message": message, **fields})


async def offered_then_played(service, monkeypatch):
    """A player offered their moves in a private answer, who has then played one elsewhere."""
    table, (player, _) = await asked_at_once(service)
    recorder = Recorder()
    monkeypatch.setattr(hooks.Hook, "webhook", lambda self, client: recorder)
    dms = DirectMessages(SimpleNamespace(service=service))
    dms.offered(table, player, Hook(1, "token", time.time(), table.channel_id))
    state, seat = service.state_of(table), service.seat_of(table, player)
    played = await service.act(table.id, player, GAMES[table.game].stand_in(state, seat, Chance.seeded("x")))
    return dms, played.table, player, recorder


async def test_a_done_answer_says_why_and_loses_its_buttons(service, monkeypatch):
    dms, table, player, recorder = await offered_then_played(service, monkeypatch)
    await dms._settle_offers(table)
    assert (
        len(recorder.edits) == 1 and recorder.edits[0]["view"] is None and "you played" in recorder.edits[0]["content"]
    )
    await dms._settle_offers(table)  # settled once
    assert len(recorder.edits) == 1


async def test_an_answer_its_own_press_is_answering_is_left_to_that_press(service, monkeypatch):
    dms, table, player, recorder = await offered_then_played(service, monkeypatch)
    dms.answering.add((table.id, player))
    await dms._settle_offers(table)
    assert recorder.edits == []


async def test_an_answer_taken_back_while_its_fate_was_read_is_not_edited(service, monkeypatch):
    dms, table, player, recorder = await offered_then_played(service, monkeypatch)
    fate = dms.prompts.fate

    async def answered_meanwhile(table_, prompt):
        dms.offered(table_, player, None)  # its press answered it, offering nothing more
        return await fate(table_, prompt)

    monkeypatch.setattr(dms.prompts, "fate", answered_meanwhile)
    await dms._settle_offers(table)
    assert recorder.edits == []
