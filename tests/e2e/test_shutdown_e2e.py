"""SIGTERM (what `docker stop` sends) and SIGINT (Ctrl-C) stop the real bot in its own process
(`python -m bot run`, bot/discord_app/shutdown.py) while tables are played, and lose nothing.

Tables of every game run at once, as in the crash test (crash_players.py), with players at several
tables moving at the same moment and the fake taking 20-100 ms to make each message the bot
creates. The bot gets SIGTERM at a chosen moment: right after a player's "✅" answer (the move
committed, its delivery not begun), as a message the bot creates after a move arrives, at a random
moment of a move, or with nothing under way. Each time it must exit 0 within BOT_SHUTDOWN_GRACE
(and a little for the rest of the stop; at once when idle), log no error, leave no worker's
semaphore behind, and every move a player saw a "✅" for must be in its database. After the next
start, once caught up, crash_checks.py compares what was committed with what people saw: no line
missing or shown twice, every board current, every private text and seat once.

`SHUTDOWN_STOPS` sets how many stops (6), `SHUTDOWN_SEED` the seed of the players and the moments.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import time
from collections import Counter
from pathlib import Path
from random import Random

import pytest

from bot.discord_app.shutdown import TURNED_AWAY
from tests.registry import GAMES

from .bot_database import BotDatabase, committed
from .crash_checks import Problem, Purposes, announcements, boards, dms, nonces_unique, table_messages, transcript
from .crash_kills import ANSWERS, CREATE, DELAY
from .crash_players import Crashed, Players
from .fakediscord import FakeDiscord, FakeInteraction, FakeUser
from .fakediscord.messaging import MessageEvent
from .fakediscord.process import BotProcess
from .fakediscord.wire import Refusal
from .game_table import HAND

GRACE = 5.0  # BOT_SHUTDOWN_GRACE here
SLACK = 4.0  # beyond it: the gateway, the picture worker, the database and Python's exit, on a busy machine
STOPS = int(os.environ.get("SHUTDOWN_STOPS", "6"))
SEED = int(os.environ.get("SHUTDOWN_SEED", str(time.time_ns() % 1_000_000)))
MOMENTS = ("answered", "arrived", "timer", "idle")
AT_ONCE = 5  # tables whose players move in the same moment
STAGGER = 0.4  # seconds within which they press, so that some press while the bot stops
TIMER = 0.5  # seconds after a move is sent, at most, for a "timer" signal
ROUNDS = 8  # rounds of moves before a moment that has not come is given up for an idle signal
# the bot as process 1 of a PID namespace of its own, as in its Docker image
AS_PROCESS_1 = ("unshare", "--user", "--map-root-user", "--pid", "--fork", "--kill-child")
LOBBY_ANSWERS = ("✅ You joined", "✅ The game begins")  # bot/discord_app/play.py: not a move's answer
# A private answer that offered moves, edited once the player moved elsewhere (a DM prompt), says
# "✅ At #table: you played X." (settled_text in bot/discord_app/delivery/messages.py): the same move
# told again, not the answer to another.
SETTLED = "✅ At "


def process(fake: FakeDiscord, tmp_path: Path, database: BotDatabase, grace: float = GRACE) -> BotProcess:
    bot = BotProcess(fake, tmp_path, db_path=database.path, owes=database.owes)
    bot.env["BOT_SHUTDOWN_GRACE"] = str(grace)
    return bot


def move_answer(event: MessageEvent) -> FakeUser | None:
    """Whom this message answers that their move (or kick) was played: a private "✅" answer. (A board
    posted as a press's public follow-up may begin with a game's own "✅" event.)"""
    content = str(event.body.get("content") or "")
    if event.route not in ANSWERS or not content.startswith("✅") or content.startswith((*LOBBY_ANSWERS, SETTLED)):
        return None
    return (event.message.ephemeral_to if event.message is not None else None) or event.channel.recipient


class Stopper:
    """Sends SIGTERM at the moment it is armed for, and keeps every answer to a move the fake made."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, database: BotDatabase, chance: Random) -> None:
        self.fake, self.bot, self.database, self.chance = fake, bot, database, chance
        self.armed: str | None = None
        self.signalled = False
        self.busy_at_signal: list[bool] = []  # per stop: whether a move was unanswered or undelivered
        self.children: list[int] = []  # the bot's child processes at the last signal
        self.answers: list[tuple[int, int]] = []  # (channel, user) of each move's "✅" answer
        self.told: list[str] = []  # each answer as the fake saw it, for a failure to show
        self._timer: asyncio.TimerHandle | None = None
        fake.message_hooks.append(self._hook)

    def arm(self, moment: str) -> None:
        self.armed, self.signalled = moment, False

    def move_sent(self) -> None:
        if self.armed == "timer" and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.chance.uniform(0, TIMER), self.fire)

    def fire(self) -> None:
        self._timer = None
        if self.armed is None or not self.bot.running:
            return
        self.armed, self.signalled = None, True
        self.busy_at_signal.append(bool(self.bot.unanswered()) or self.database.owes())
        self.children = self.bot.children()
        self.bot.send_signal(signal.SIGTERM)

    async def _hook(self, event: MessageEvent) -> None:
        creating = event.route == CREATE and event.action == "create"
        if creating:
            await asyncio.sleep(self.chance.uniform(*DELAY) / 2)
        user = move_answer(event) if event.stage == "after" else None
        if user is not None:
            self.answers.append((event.channel.id, user.id))
            self.told.append(f"{user.id} {event.route[0]} {event.action}: {str(event.body.get('content'))[:100]!r}")
            if self.armed == "answered":
                self.fire()
        elif event.stage == "before" and creating and self.armed == "arrived":
            self.fire()


class StoppingPlayers(Players):
    """The crash test's players; an action the stopping bot turns away (or cannot take: its gateway
    is closed) is `Crashed`, like one a killed bot never answered."""

    stopper: Stopper
    turned_away = 0

    async def act(self, action) -> FakeInteraction:
        try:
            done = await super().act(action)
        except RuntimeError:  # "no bot is connected to the fake gateway"
            if not self.stopper.signalled:
                raise
            raise Crashed() from None
        if any(message.content.startswith(TURNED_AWAY) for message in done.messages):
            self.turned_away += 1
            raise Crashed()
        return done


def acknowledged_but_missing(stopper: Stopper, players: Players, path: Path) -> list[str]:
    """Each player's "✅" answers to their moves (and a moderator's to their kicks) at each table against
    the moves (kicks) the database logged them making there: none may be missing."""
    table_of = {user.id: table.channel.id for table in players.tables for user in table.players}
    answered = Counter(
        (table_of[user] if channel not in table_of.values() else channel, user) for channel, user in stopper.answers
    )
    with contextlib.closing(sqlite3.connect(path)) as db:
        logged = Counter(
            {
                (channel, actor): n
                for channel, actor, n in db.execute(
                    "SELECT t.channel_id, a.actor_id, COUNT(*) FROM actions a JOIN tables t ON t.id = a.table_id"
                    " WHERE a.kind IN ('move', 'kick') GROUP BY t.channel_id, a.actor_id"
                )
            }
        )
    return [
        f"channel {channel}, user {user}: {n} answered, {logged[channel, user]} logged; answers: "
        + "; ".join(told for told in stopper.told if told.startswith(f"{user} "))
        for (channel, user), n in answered.items()
        if n > logged[channel, user]
    ]


async def seen_problems(fake: FakeDiscord, database: BotDatabase, purposes: Purposes) -> list[Problem]:
    """crash_checks.py over every table: what was committed against what people saw."""
    found = [
        Problem("owed", f"table {table_id}", why, "still owed once caught up")
        for table_id, why in database.owed().items()
    ]
    found += nonces_unique(fake)
    for table in (await committed(database.path)).values():
        messages = table_messages(fake, table, purposes)
        problems, _ = announcements(table, messages)
        found += problems + boards(table, messages) + dms(fake, table)
    return found


async def clean_exit(bot: BotProcess, children: list[int], *, within: float) -> float:
    """The process exited 0 within `within` seconds of the signal, logged no error, and its children
    (the picture worker; multiprocessing's resource tracker, which would report semaphores the bot
    leaked) are gone without a word. Returns how long it took."""
    code, took = await bot.exit_status()
    log = bot.log_text(bot.logs[-1])
    assert code == 0, f"the bot exited with {code} after the signal; its log:\n{log[-3000:]}"
    assert took <= within, f"the bot took {took:.1f} s to stop, more than {within:g}"
    for pid in children:
        with contextlib.suppress(TimeoutError):
            await bot.fake.wait_until(lambda: not alive(pid), timeout=5, what=f"the bot's child {pid} to end")
    log = bot.log_text(bot.logs[-1])
    assert "leaked" not in log and " bot: stopped" in log, log[-3000:]
    bot.check_logs()
    return took


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_sigterm_while_playing_loses_nothing_acknowledged(fake_discord, tmp_path):
    fake = fake_discord
    fake.settle_quiet, fake.settle_timeout = 0.02, 30.0
    started = time.monotonic()
    chance = Random(SEED)
    database = BotDatabase(tmp_path / "bot.sqlite3")
    bot = process(fake, tmp_path, database)
    stopper = Stopper(fake, bot, database, chance)
    players = StoppingPlayers(fake, bot, chance, on_move_sent=stopper.move_sent)
    players.stopper = stopper
    purposes, problems, took = Purposes(), {}, []

    async def play_round() -> None:
        running = players.running()

        async def step(table, after: float) -> None:
            await asyncio.sleep(after)
            with contextlib.suppress(Crashed):
                await players.step(table)

        await asyncio.gather(
            *(step(table, chance.uniform(0, STAGGER)) for table in chance.sample(running, min(AT_ONCE, len(running))))
        )

    try:
        await bot.start()
        for stop in range(1, STOPS + 1):
            for game in GAMES:  # a game that ended makes way for a new table of it
                if not any(table.game == game for table in players.running()):
                    await players.open(game)
            for _ in range(chance.randint(0, 2)):
                await play_round()
            moment = MOMENTS[(stop - 1) % len(MOMENTS)]
            if moment != "idle":
                stopper.arm(moment)
                for _ in range(ROUNDS):
                    await play_round()
                    if stopper.signalled:
                        break
            if not stopper.signalled:  # nothing under way: the moves are all delivered
                moment = "idle"
                stopper.arm(moment)
                stopper.fire()
            with contextlib.suppress(Crashed):  # a press while the bot stops: turned away, or too late
                await players.step(chance.choice(players.running()))
            took.append(await clean_exit(bot, stopper.children, within=GRACE + SLACK if moment != "idle" else GRACE))
            missing = acknowledged_but_missing(stopper, players, database.path)
            assert not missing, f"seed {SEED}, stop {stop} ({moment}): acknowledged but not committed: {missing}"
            if moment in ("answered", "arrived"):
                assert stopper.busy_at_signal[-1], f"stop {stop} ({moment}) came with nothing under way"
            await bot.start()  # ready, and caught up with what it still owed
            stopper.signalled = False
            for problem in await seen_problems(fake, database, purposes):
                problems.setdefault(problem, f"after stop {stop} ({moment})")
        await fake.settle()
    finally:
        await bot.stop()
        database.close()
    moves = sum(table.moves for table in players.tables)
    report = (
        f"seed {SEED}: {STOPS} stops in {', '.join(f'{t:.1f}' for t in took)} s, "
        f"{sum(stopper.busy_at_signal)} with moves under way; {moves} moves at {len(players.tables)} tables, "
        f"{players.turned_away} actions turned away; {time.monotonic() - started:.0f} s"
    )
    print(f"\n{report}")
    if problems:
        transcript(fake, tmp_path / "transcript.txt")
        pytest.fail(
            "\n".join(
                [report, f"(transcript in {tmp_path})"] + [f"{when}: {problem}" for problem, when in problems.items()]
            ),
            pytrace=False,
        )


async def test_a_delivery_that_never_ends_is_cut_at_the_grace_and_stays_owed(fake_discord, tmp_path):
    """A delivery Discord never answers: SIGTERM still ends the bot by the grace (exit 0), what the
    move owed stays in the outbox, a press meanwhile is told that nothing was done, and the next
    start delivers what was owed."""
    fake = fake_discord
    fake.settle_timeout = 30.0
    grace = 1.5
    database = BotDatabase(tmp_path / "bot.sqlite3")
    bot = process(fake, tmp_path, database, grace=grace)
    chance = Random(SEED)
    players = StoppingPlayers(fake, bot, chance)
    players.stopper = Stopper(fake, bot, database, chance)
    hung, release = asyncio.Event(), asyncio.Event()
    answered = []

    async def never_answer(event: MessageEvent) -> None:
        if event.stage == "after" and move_answer(event) is not None:
            answered.append(event)
        elif answered and event.stage == "before" and not hung.is_set():  # the move's first delivery
            hung.set()
            await release.wait()
            raise Refusal(503, 0, "the bot's process is gone", violation=False)

    try:
        await bot.start()
        table = await players.open(next(iter(GAMES)))
        fake.message_hooks.append(never_answer)
        moving = asyncio.create_task(players.step(table))
        await asyncio.wait_for(hung.wait(), timeout=15)
        ((table_id, _),) = database.owed().items()
        children = bot.children()
        bot.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.3)
        someone = table.players[0]
        pressing = asyncio.create_task(players.act(lambda: someone.click(table.board(), HAND)))
        took = await clean_exit(bot, children, within=grace + SLACK)
        assert took >= grace, f"the bot stopped {took:.1f} s after the signal, before its delivery's grace ran out"
        assert "cut off what was still at work" in bot.log_text(bot.logs[-1])
        assert table_id in database.owed(), "what the cut delivery owed should still be owed"
        release.set()
        with pytest.raises(Crashed):
            await pressing
        assert players.turned_away == 1, "a press while stopping should be told that nothing was done"
        await moving
        assert len(answered) == 1, "the move was answered before its delivery"
        fake.message_hooks.remove(never_answer)
        await bot.start()  # and caught up
        assert database.owed() == {}
        assert not await seen_problems(fake, database, Purposes())
    finally:
        release.set()
        await bot.stop()
        database.close()


async def test_ctrl_c_stops_the_bot_and_its_picture_worker_cleanly(fake_discord, tmp_path):
    """A Ctrl-C in a terminal sends SIGINT to the bot and its picture worker at once."""
    database = BotDatabase(tmp_path / "bot.sqlite3")
    bot = process(fake_discord, tmp_path, database)
    try:
        await bot.start()
        children = bot.children()
        assert children, "the bot should have a picture worker on this machine"
        bot.send_signal(signal.SIGINT)
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGINT)
        took = await clean_exit(bot, children, within=GRACE)
        assert "SIGINT: stopping" in bot.log_text(bot.logs[-1]), took
    finally:
        await bot.stop()
        database.close()


async def test_as_process_1_in_a_container_sigterm_stops_the_bot(fake_discord, tmp_path):
    """Process 1 of a PID namespace (the bot in its Docker image) never gets a signal it has no
    handler for: without one of its own, `docker stop` would wait 10 s and then kill it."""
    try:
        usable = subprocess.run([*AS_PROCESS_1, "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        usable = False
    if not usable:
        pytest.skip("unshare cannot make a PID namespace here")
    database = BotDatabase(tmp_path / "bot.sqlite3")
    bot = BotProcess(fake_discord, tmp_path, db_path=database.path, launcher=AS_PROCESS_1)
    try:
        await bot.start()
        pids = Path(f"/proc/{bot.bot_pid()}/status").read_text().split("NSpid:")[1].split("\n")[0].split()
        assert pids[-1] == "1", f"the bot is not process 1 of its namespace: {pids}"
        bot.send_signal(signal.SIGTERM)
        took = await clean_exit(bot, [], within=GRACE)
        assert "SIGTERM: stopping" in bot.log_text(bot.logs[-1]), took
    finally:
        if bot.running:
            bot.kill()
        database.close()
