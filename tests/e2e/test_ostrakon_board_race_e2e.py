"""A move made while the board before it is still being posted: the speaker's question posts a new
board (the call to vote) and offers the speaker their own stones in the answer, so the speaker can
vote before that board is up. The vote's delivery must then edit the new board, which the channel
shows last, not the one before it. Seen at full load in the whole-bot bench: the newest board kept
waiting on a player who had already acted, and the table stalled."""

from __future__ import annotations

import asyncio

from .game_table import draw_without_encoding
from .ostrakon_table import OstrakonTable, Question


class HeldPost:
    """Holds the channel's next new public message until released, and says when it has it."""

    def __init__(self, channel) -> None:
        self.channel = channel
        self.holding, self.released = asyncio.Event(), asyncio.Event()
        self.armed = False

    async def __call__(self, event) -> None:
        if (
            not self.armed
            or event.stage != "before"
            or event.channel is not self.channel
            or not event.public
            or event.action != "create"
        ):
            return
        self.armed = False
        self.holding.set()
        await self.released.wait()


async def test_a_vote_made_while_its_call_is_posted_shows_on_that_call(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    draw_without_encoding(monkeypatch)
    table = await OstrakonTable.started(fake)
    speaker = table.waiting()[0]
    question = Question.numbered(1)
    held = HeldPost(fake.channel)
    fake.message_hooks.append(held)
    held.armed = True
    try:
        asking = asyncio.create_task(
            speaker.slash("ostrakon ask", question=question.text, white=question.white, black=question.black)
        )
        await asyncio.wait_for(held.holding.wait(), 10)  # the call to vote is on its way, not up yet
        answer = speaker.ephemerals()[-1]
        assert answer.button_labels()[:2] == [question.label("white"), question.label("black")], answer.content
        voting = asyncio.create_task(speaker.click(answer, question.label("white")))
        for _ in range(1000):  # the vote is committed and answered; its delivery waits its turn
            if answer.content.startswith("✅ You voted"):
                break
            await asyncio.sleep(0.01)
        held.released.set()
        await asyncio.wait_for(asyncio.gather(asking, voting), 10)
    finally:
        fake.message_hooks.remove(held)
    assert answer.content.startswith(f"✅ You voted {question.label('white')}."), answer.content
    board = table.board()  # the newest board: the call to vote, edited with the speaker's stone
    assert "has voted (1/5)" in board.content, board.content
    assert speaker not in table.waiting() and len(table.waiting()) == 4, board.content
