"""Ostrakon's stones pressed at once while the board is slow: a table's deliveries are merged under
load (bot/discord_app/delivery/pending.py): while one goes out, the moves committed meanwhile wait and go out
together. The channel ends with the latest board, and every text of the log arrives once, in order."""

from __future__ import annotations

import asyncio

from .game_table import draw_without_encoding
from .ostrakon_table import OstrakonTable, Question


class SlowChannel:
    """Holds the channel's first board edit a while, as a slow Discord (or a busy core) would, and
    counts the channel's public messages made or edited from `counting` on."""

    def __init__(self, channel, hold: float) -> None:
        self.channel, self.hold = channel, hold
        self.counting = False
        self.requests = 0
        self.held = False

    async def __call__(self, event) -> None:
        if event.stage != "before" or event.channel is not self.channel or not event.public or not self.counting:
            return
        self.requests += 1
        if event.action == "edit" and not self.held:
            self.held = True
            await asyncio.sleep(self.hold)


def told_in_order(texts: list[str], lines: list[str]) -> bool:
    """Each line told exactly once across the texts, in this order."""
    whole = "\n".join(texts)
    if any(whole.count(line) != 1 for line in lines):
        return False
    places = [whole.index(line) for line in lines]
    return places == sorted(places)


async def test_stones_pressed_while_the_board_is_slow_go_out_together(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    draw_without_encoding(monkeypatch)
    table = await OstrakonTable.started(fake)
    players = table.players
    question = Question.numbered(1)
    await table.ask(table.waiting()[0], question, by_form=False)
    call = table.board()
    prompts = [await table.moves_of(player, by_dm=True) for player in players]
    slow = SlowChannel(fake.channel, hold=0.5)
    fake.message_hooks.append(slow)
    slow.counting = True
    try:
        await asyncio.gather(
            *(
                player.click(prompt, question.label("white" if n % 2 else "black"))
                for n, (player, prompt) in enumerate(zip(players, prompts))
            )
        )
    finally:
        fake.message_hooks.remove(slow)
    assert all(prompt.content.startswith("✅ You voted") for prompt in prompts)  # each press answered
    # the first stone's edit was held; the four pressed meanwhile went out as one new board (the
    # fifth stone revealed them), not as three more edits and a board
    assert slow.requests == 2, slow.requests
    texts = [call.content] + [m.content for m in fake.channel.messages() if m.id > call.id]
    votes = [f"has voted ({n}/5)" for n in range(1, 6)]
    assert told_in_order(texts, votes + ["The stones are revealed!"]), texts
    # the channel ends with the latest board: it waits on the next speaker, with its picture
    board = table.board()
    assert board.id > call.id and board.files() and len(table.waiting()) == 1
    # and nothing is left owed
    store = real_bot.client.store
    assert [tuple(row) for row in await store.query("SELECT COUNT(*) FROM outbox")] == [(0,)]
    assert [tuple(row) for row in await store.query("SELECT announced = version FROM tables")] == [(1,)]
