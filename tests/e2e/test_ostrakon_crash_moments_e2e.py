"""Crash moments at an Ostrakon table: what the crash test (test_crash_announcements_e2e.py) finds at random, every time.

The bot's process killed at one chosen moment of its publishing, one case each. Each plays a small
table with stand-ins in #general through the fake, kills the real bot (`python -m bot run`) with
SIGKILL from a message hook of the fake at the chosen request, starts it again on the same
database, and checks what people saw against what the bot's log committed (crash_checks.py).
"""

from __future__ import annotations

import itertools
import re

from .bot_database import BotDatabase, committed
from .crash_checks import Purposes, announcements, dms, table_messages, transcript
from .crash_kills import ANSWERS, CREATE
from .fakediscord import FakeDiscord
from .fakediscord.messaging import MessageEvent
from .fakediscord.process import BotProcess
from .fakediscord.wire import Refusal
from .ostrakon_table import OstrakonTable, Question

# the board's post and edit: the bot's own requests, or through a press's webhook (bot/discord_app/delivery/hooks.py)
CREATES = {CREATE, ("POST", "/webhooks/{webhook_id}/{webhook_token}")}
EDITS = {
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}

NEXT_SPEAKER = re.compile(r"Next: .*, \*\*(\w+)\*\*\.$")


class KillAt:
    """A message hook that kills the bot at the first request `where(event)` matches, once armed;
    at "before", the request is lost with the process (nothing is made)."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, where) -> None:
        self.bot, self.where, self.armed, self.fired = bot, where, False, False
        fake.message_hooks.append(self)

    async def __call__(self, event: MessageEvent) -> None:
        if self.armed and self.bot.running and self.where(event):
            self.armed, self.fired = False, True
            self.bot.kill()
            if event.stage == "before":
                raise Refusal(503, 0, "the bot's process died before this reached Discord", violation=False)


async def started(fake: FakeDiscord, tmp_path, humans: int, stand_ins: int, options: str = ""):
    fake.settle_quiet = 0.02
    database = BotDatabase(tmp_path / "bot.sqlite3")
    bot = BotProcess(fake, tmp_path, db_path=database.path, owes=database.owes)
    await bot.start()
    players = fake.add_users(*(f"p{n}" for n in range(humans)))
    table = OstrakonTable(fake, players)
    lobby = await table.open(players[0], stand_ins=stand_ins, **({"options": options} if options else {}))
    for player in players[1:]:
        await player.click(lobby, "Join")
    await players[0].click(lobby, "Start")
    table.read_names()
    return database, bot, table


async def play_until(table: OstrakonTable, numbers, done) -> None:
    """Humans ask (by command) and vote (from "My hand") until `done()`; a special day's choice
    takes the first one offered."""
    while not done():
        waiting = table.waiting()
        assert waiting, "the game ended first"
        phase, question = table.phase()
        if phase == "ask":
            await table.ask(waiting[0], Question.numbered(next(numbers)), by_form=False)
        elif phase == "choose":
            mine = await table.hand(waiting[0])
            await waiting[0].click(mine, mine.button_labels()[0])
        else:
            await table.vote(waiting[0], "white", question, by_dm=False)


async def problems_now(fake: FakeDiscord, database: BotDatabase, check) -> list[str]:
    transcript(fake, database.path.parent / "transcript.txt")  # for whoever reads a failure
    (told,) = (await committed(database.path)).values()
    return [str(problem) for problem in check(told, table_messages(fake, told, Purposes()))]


def stand_in_speaks_next(fake, table, player) -> bool:
    """Voting, and the dealer's last words name a stand-in (not `player`) as the next speaker."""
    lines = "\n".join(m.content for m in fake.channel.messages()).splitlines()
    dealt = [line for line in lines if line.startswith("🗣️")]
    found = NEXT_SPEAKER.search(dealt[-1]) if dealt else None
    return table.phase()[0] == "vote" and found is not None and found.group(1) != table.names[player.id]


async def test_a_players_own_private_text_is_not_sent_again_after_a_crash(fake_discord, tmp_path):
    """The voter's "You voted ..." is shown in the answer to their vote; the bot dies right after
    that answer, before the vote is told; the catch-up must not DM it to them again."""
    fake = fake_discord
    database, bot, table = await started(fake, tmp_path, humans=2, stand_ins=4)
    alice = table.players[0]
    kill = KillAt(
        fake,
        bot,
        lambda e: (
            e.stage == "after" and e.route in ANSWERS and str(e.body.get("content") or "").startswith("✅ You voted")
        ),
    )
    try:
        numbers = itertools.count(1)
        await play_until(table, numbers, lambda: table.phase()[0] == "vote" and alice in table.waiting())
        kill.armed = True
        mine = await table.hand(alice)
        await alice.click(mine, mine.button_labels()[0])
        assert kill.fired and mine.content.startswith("✅ You voted")
        await bot.restart()
        problems = await problems_now(fake, database, lambda told, messages: dms(fake, told))
        assert not problems, "\n".join(problems)
    finally:
        await bot.stop()
        database.close()


async def test_a_board_edited_after_a_crash_keeps_what_it_showed(fake_discord, tmp_path):
    """The new board for a question is posted; the bot dies at the first DM after it (the prompts
    to vote), before the question is marked told. After the restart, the catch-up posts the board
    again (Discord answers with the one it has: same nonce), and the next vote edits it in place:
    the board must still show the question and the votes before."""
    fake = fake_discord
    database, bot, table = await started(fake, tmp_path, humans=2, stand_ins=4)
    kill = KillAt(fake, bot, lambda e: e.route == CREATE and e.stage == "before" and e.channel.is_dm)
    try:
        numbers = itertools.count(1)
        await play_until(table, numbers, lambda: table.phase()[0] == "ask" and table.waiting()[0] in table.players)
        kill.armed = True
        speaker = table.waiting()[0]
        done = await speaker.slash("ostrakon ask", question="Do we fight or talk?", white="Fight", black="Talk")
        assert kill.fired and done.reply.content.startswith("✅")
        await bot.restart()
        board = table.board()
        assert "asks: Do we fight or talk?" in board.content
        voter = next(p for p in table.waiting() if p is not speaker)
        await table.vote(voter, "white", table.phase()[1], by_dm=False)
        assert table.board() is board and "has voted" in board.content.splitlines()[-2]  # edited in place
        problems = await problems_now(fake, database, lambda told, messages: announcements(told, messages)[0])
        assert not problems, (
            "\n".join(problems) + f"\nthe board now: {board.content!r}, before: {[h['content'] for h in board.history]}"
        )
    finally:
        await bot.stop()
        database.close()


async def test_lines_that_repeat_an_earlier_days_are_told_after_a_crash(fake_discord, tmp_path):
    """One player and four stand-ins: each day the stand-ins vote first, in the same order, so their
    "has voted (1/5)" ... "(4/5)" lines are the same every day. The player's vote ends the day; a
    stand-in asks the next question and the stand-ins vote, all committed at once; the bot dies as
    the board's update arrives, before it is made. The catch-up must tell the new day's votes,
    though the board shows the same lines from the day before."""
    fake = fake_discord
    database, bot, table = await started(fake, tmp_path, humans=1, stand_ins=4, options="special_days=false")
    (alice,) = table.players
    # the first thing the channel is told after the vote: a new board, or (the usual case with one
    # player, waited on again and again) the board edited in place
    kill = KillAt(fake, bot, lambda e: e.route in CREATES | EDITS and e.stage == "before" and e.public)

    try:
        numbers = itertools.count(1)
        await play_until(table, numbers, lambda: stand_in_speaks_next(fake, table, alice))
        assert "has voted (4/5)" in table.board().content  # the stand-ins' votes, on the board
        kill.armed = True
        await table.vote(alice, "white", table.phase()[1], by_dm=False)
        assert kill.fired
        await bot.restart()
        problems = await problems_now(fake, database, lambda told, messages: announcements(told, messages)[0])
        assert not problems, "\n".join(problems)
    finally:
        await bot.stop()
        database.close()


async def test_an_event_of_two_lines_edited_into_the_board_is_not_told_twice(fake_discord, tmp_path):
    """One player and four stand-ins: the player is waited on again and again, so the board is edited
    in place with each day's events, a stand-in's question among them ("**X** asks: ..." and its
    answers: one event of two lines). The bot dies right after the fake made that edit, before the
    bot hears of it. The catch-up must not tell the question again."""
    fake = fake_discord
    database, bot, table = await started(fake, tmp_path, humans=1, stand_ins=4, options="special_days=false")
    (alice,) = table.players
    kill = KillAt(fake, bot, lambda e: e.route in EDITS and e.stage == "after" and " asks: " in e.message.content)

    try:
        numbers = itertools.count(1)
        await play_until(table, numbers, lambda: stand_in_speaks_next(fake, table, alice))
        board, edits = table.board(), len(table.board().history)
        kill.armed = True
        await table.vote(alice, "white", table.phase()[1], by_dm=False)
        assert kill.fired and len(board.history) > edits  # the board was edited with the new question
        await bot.restart()
        problems = await problems_now(fake, database, lambda told, messages: announcements(told, messages)[0])
        assert not problems, "\n".join(problems)
    finally:
        await bot.stop()
        database.close()


async def test_a_new_vote_of_the_same_players_is_prompted_by_dm_after_a_crash(fake_discord, tmp_path):
    """Two players and three stand-ins: the last stone of a day reveals the vote, a stand-in asks the
    next question and the stand-ins vote, so the table waits on the same two players as before, for
    a new vote. The bot dies before its first DM of the new vote's moves. After the restart each of
    the two must get the new vote's stones by DM, as they would have without the crash."""
    fake = fake_discord
    database, bot, table = await started(fake, tmp_path, humans=2, stand_ins=4, options="special_days=false")
    kill = KillAt(fake, bot, lambda e: e.route == CREATE and e.stage == "before" and e.channel.is_dm)

    def last_stone_then_a_stand_in_asks() -> bool:
        lines = "\n".join(m.content for m in fake.channel.messages()).splitlines()
        dealt = [line for line in lines if line.startswith("🗣️")]
        found = NEXT_SPEAKER.search(dealt[-1]) if dealt else None
        return (
            table.phase()[0] == "vote"
            and len(table.waiting()) == 1
            and found is not None
            and found.group(1) not in table.names.values()
        )

    try:
        numbers = itertools.count(1)
        await play_until(table, numbers, last_stone_then_a_stand_in_asks)
        kill.armed = True
        await table.vote(table.waiting()[0], "white", table.phase()[1], by_dm=False)
        assert kill.fired
        await bot.restart()
        phase, question = table.phase()
        assert phase == "vote" and sorted(table.waiting(), key=table.players.index) == table.players
        for player in table.players:
            prompts = [m for m in player.dms() if m.buttons()]
            assert prompts and prompts[-1].button_labels()[:2] == [question.label("white"), question.label("black")], (
                f"{player.name} has no DM with the stones of {question.text!r}: "
                f"{[m.content[:60] for m in player.dms()[-2:]]}"
            )
    finally:
        await bot.stop()
        database.close()
