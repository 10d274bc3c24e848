"""A move's answer is its acknowledgement (bot/discord_app/answers.py): one request, sent once the move is
committed. A commit too slow for Discord's 3 seconds is deferred first and answered after, its
refusal too; nothing is lost or answered twice."""

from __future__ import annotations

import asyncio

from bot.tables.refusals import Refused
from bot.tables.service import TableService
from tests.registry import GAMES, a_game

from .fakediscord.interactions import DEFERRED_UPDATE, UPDATE
from .game_table import GameTable, Menu

ORIGINAL_EDIT = ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
KEY = a_game(written=False)  # every move is a press, none opens a form


async def started(fake) -> GameTable:
    fake.settle_quiet = 0.01
    table = GameTable(fake, KEY, fake.add_users(*(f"player{n}" for n in range(GAMES[KEY].min_seats))))
    await table.seat_everyone()
    return table


async def press_a_move(table: GameTable):
    """The first player waited on presses the first move offered them; the press, and the message."""
    user = table.waiting()[0]
    menu = Menu(await table.moves_of(user))
    if buttons := menu.move_buttons():
        return await user.click(menu.message, next(iter(buttons.values()))["custom_id"]), menu.message
    select = menu.move_selects()[0]
    return await user.select(menu.message, [select["options"][0]["value"]], select=select["custom_id"]), menu.message


def slow_commits(monkeypatch, then=None) -> None:
    """Every move takes 0.3 s to commit, ten times the (shortened) wait before a deferral."""
    from bot.discord_app import answers

    monkeypatch.setattr(answers, "DEFER_AFTER", 0.03)
    act = TableService.act

    async def slow(self, *args, **kwargs):
        await asyncio.sleep(0.3)
        if then is not None:
            raise then
        return await act(self, *args, **kwargs)

    monkeypatch.setattr(TableService, "act", slow)


async def test_a_move_is_answered_by_its_acknowledgement_in_one_request(fake_discord, real_bot):
    fake = fake_discord
    table = await started(fake)
    before = len(fake.message_requests())
    press, pressed = await press_a_move(table)
    assert press.ack_type == UPDATE and press.reply is pressed and pressed.content.startswith("✅"), pressed.content
    assert ORIGINAL_EDIT not in [(r.method, r.route) for r in fake.message_requests()[before:]]


async def test_a_slow_move_is_deferred_then_answered(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table = await started(fake)
    board = table.board().content
    slow_commits(monkeypatch)
    press, pressed = await press_a_move(table)
    assert press.ack_type == DEFERRED_UPDATE and pressed.content.startswith("✅"), pressed.content
    assert table.board().content != board  # played, and shown in the channel
    assert not fake.violations, fake.violations


async def test_a_slow_move_refused_is_told_privately_after_its_deferral(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table = await started(fake)
    board = table.board().content
    slow_commits(monkeypatch, then=Refused("The table moved on meanwhile."))
    press, pressed = await press_a_move(table)
    assert press.ack_type == DEFERRED_UPDATE
    assert press.reply.ephemeral and press.reply.content == "🚫 The table moved on meanwhile."
    assert not pressed.content.startswith("✅") and table.board().content == board
    assert not fake.violations, fake.violations


async def test_moves_offered_privately_in_the_channel_are_taken_away_with_the_seat(fake_discord, real_bot):
    """ "My hand & moves" offers a player's moves in a private answer in the channel; when a
    moderator gives their seat to a stand-in, that answer says so and loses its buttons, as a DM
    prompt does."""
    fake = fake_discord
    fake.settle_quiet = 0.01
    key = a_game(seats=2)
    table = GameTable(fake, key, fake.add_users(*(f"player{n}" for n in range(max(2, GAMES[key].min_seats)))))
    await table.seat_everyone()
    player = table.waiting()[0]
    hand = await table.hand(player)
    assert not Menu(hand).empty()
    moderator = fake.add_user("mod", moderator=True)
    await moderator.slash("table kick", member=player)
    assert hand.buttons() == [] and "a stand-in plays your seat now" in hand.content, hand.content
