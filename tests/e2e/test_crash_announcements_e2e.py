"""Nothing said is lost, tested the way it breaks: the real bot in a process of its own
(`python -m bot run`), killed with SIGKILL at random moments while players of every game play
through the fake, and started again on the same database, again and again.

Tables of all five games run at once, each in its own channel with players of its own (small
tables, stand-ins in some seats; a finished game makes way for a new table of it). Most kills come in
the middle of publishing: right after the fake made the k-th message the bot sends after a move
(before the bot hears of it), as that message arrives (before it is made), right after the player's
answer ("✅ ...": committed, nothing told yet), or at a random moment of a move; the fake takes
20-100 ms to answer each message the bot creates, as a busy Discord does (crash_kills.py). Right
after each kill the test reads the SQLite file: a kill with something still owed landed between a
commit and the end of its publishing. After each restart, once the bot is back and has caught up,
and at the end, crash_checks.py compares what the bot's log says was committed with what people saw:
every public line once (or summarised), no message twice, every board current, every private text
and seat once. Then play goes on.

`ANNOUNCE_KILLS` sets how many kills (20 in `make test`, 100 in `make soak`), `ANNOUNCE_SEED` the
seed of the players' choices and the kills (the bot deals its tables from seeds of its own, so a
seed repeats a run's plan, not its games). A failure names the seed and writes `transcript.txt`
(every table channel, edits included) and `kills.txt` beside the bot's logs.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from random import Random

import pytest

from tests.registry import GAMES

from .bot_database import BotDatabase, committed
from .conftest import assert_pings_only_named_users
from .crash_checks import Problem, Purposes, announcements, boards, dms, nonces_unique, table_messages, transcript
from .crash_kills import Kill, KillSwitch
from .crash_players import Crashed, Players
from .fakediscord import FakeDiscord
from .fakediscord.process import BotProcess

KILLS = int(os.environ.get("ANNOUNCE_KILLS", "20"))
SEED = int(os.environ.get("ANNOUNCE_SEED", str(time.time_ns() % 1_000_000)))
MOVES_BEFORE_KILL = (0, 3)  # moves played before the next kill is armed
EXAMPLES = 4  # problems of each kind shown in a failure (all are in the files)


@dataclass
class Killed:
    kill: Kill
    owed: dict[int, str]  # what the SQLite file still owed right after the SIGKILL

    def __str__(self) -> str:
        return f"{self.kill}; owed then: {self.owed or 'nothing'}"


@dataclass
class CrashRun:
    fake: FakeDiscord
    workdir: Path
    database: BotDatabase
    bot: BotProcess
    switch: KillSwitch
    players: Players
    purposes: Purposes = field(default_factory=Purposes)
    killed: list[Killed] = field(default_factory=list)
    problems: dict[Problem, str] = field(default_factory=dict)  # each problem, and when it first showed
    latest: list[Problem] = field(default_factory=list)  # the latest check's, with their counts
    figures: Counter = field(default_factory=Counter)

    async def recover(self) -> None:
        """The bot was killed: see what it owed, start it again, wait until it caught up, check."""
        kill = self.switch.fired[-1]
        self.switch.disarm()
        await self.bot.wait_dead()
        self.killed.append(Killed(kill, self.database.owed()))
        await self.bot.start()  # connected, ready, and done with what it owed
        await self.check(f"after kill {len(self.killed)} ({self.killed[-1]})")

    async def check(self, when: str) -> None:
        """Every check of crash_checks.py over every table; a problem is kept with when it first showed."""
        told = await committed(self.database.path)
        found = [
            Problem("owed", f"table {table_id}", why, "still owed once caught up")
            for table_id, why in self.database.owed().items()
        ]
        found += nonces_unique(self.fake)
        self.figures = Counter()
        for table in told.values():
            messages = table_messages(self.fake, table, self.purposes)
            problems, summarised = announcements(table, messages)
            found += problems + boards(table, messages) + dms(self.fake, table)
            self.figures["public lines"] += len(table.public)
            self.figures["summarised"] += summarised
            self.figures["private texts"] += sum(len(texts) for texts in table.private.values())
        for problem in found:
            self.problems.setdefault(problem, when)
        self.latest = found

    def report(self) -> str:
        window = sum(bool(k.owed) for k in self.killed)
        kinds = Counter(k.kill.kind for k in self.killed)
        in_window = Counter(k.kill.kind for k in self.killed if k.owed)
        counts: Counter = Counter()  # lines lost, shown twice... as the latest check counts them
        for problem in self.latest:
            counts[problem.kind] += problem.count
        moves = sum(table.moves for table in self.players.tables)
        return (
            f"seed {SEED}: {len(self.killed)} kills, {window} between a commit and the end of its publishing "
            f"({', '.join(f'{kind} {in_window[kind]}/{n}' for kind, n in kinds.items())}); "
            f"public lines lost {counts.pop('lost', 0)}, doubled {counts.pop('doubled', 0)}; other problems "
            f"{dict(counts) or 'none'}; "
            f"{moves} moves at {len(self.players.tables)} tables, {self.figures['public lines']} public lines "
            f"({self.figures['summarised']} summarised), {self.figures['private texts']} private texts; "
            f"{len(self.fake.nonces.repeats)} messages sent again were answered by their nonce; "
            f"{len(self.players.stale_prompts)} stale DM prompts"
        )

    def failure(self) -> str:
        """The problems by kind, the first few of each; everything goes to files beside the logs."""
        transcript(self.fake, self.workdir / "transcript.txt")
        (self.workdir / "kills.txt").write_text("".join(f"{n}: {k}\n" for n, k in enumerate(self.killed, 1)))
        by_kind: dict[str, list[str]] = {}
        for problem, when in self.problems.items():
            by_kind.setdefault(problem.kind, []).append(f"{when}: {problem}")
        (self.workdir / "problems.txt").write_text(
            "\n".join(line for found in by_kind.values() for line in found)
            + "".join(f"\nstale DM prompt: {p}" for p in self.players.stale_prompts)
        )
        return "\n".join(
            [self.report(), f"(transcript, kills and problems in {self.workdir})"]
            + [f"[{kind}] x{len(found)}:\n  " + "\n  ".join(found[:EXAMPLES]) for kind, found in by_kind.items()]
        )


async def kill_while_publishing(
    fake: FakeDiscord, tmp_path: Path, database: BotDatabase, kills: int, store: str = "SQLite"
) -> CrashRun:
    """Players of every game play while the bot, in a process of its own on `database`, is killed
    `kills` times (mostly between a commit and the end of its publishing) and started again; what
    the players saw is checked against the log after each restart and at the end."""
    fake.settle_quiet, fake.settle_timeout = 0.02, 30.0
    started = time.monotonic()
    chance = Random(SEED)
    bot = BotProcess(fake, tmp_path, db_path=tmp_path / "bot.sqlite3", database_url=database.url, owes=database.owes)
    switch = KillSwitch(fake, bot, chance)
    run = CrashRun(fake, tmp_path, database, bot, switch, Players(fake, bot, chance, on_move_sent=switch.move_sent))
    players = run.players
    try:
        await bot.start()
        countdown = chance.randint(*MOVES_BEFORE_KILL)
        while len(run.killed) < kills:
            for game in GAMES:  # a game that ended makes way for a new table of it, in a new channel
                if not any(table.game == game for table in players.running()):
                    with switch.held():
                        await players.open(game)
            if switch.armed is None and countdown <= 0:
                switch.arm()
                countdown = chance.randint(*MOVES_BEFORE_KILL)
            with contextlib.suppress(Crashed):
                await players.step(chance.choice(players.running()))
                countdown -= 1
            if not bot.running:
                await run.recover()
        switch.disarm()
        await fake.settle()
        await run.check("at the end")
    finally:
        await bot.stop()
        database.close()
    print(f"\n({store}) {run.report()}; {time.monotonic() - started:.0f} s")
    if run.problems:
        pytest.fail(run.failure(), pytrace=False)
    assert_pings_only_named_users(fake)
    assert sum(bool(k.owed) for k in run.killed) >= len(run.killed) // 2, (
        f"most kills should land between a commit and the end of its publishing: {run.report()}"
    )
    return run


async def test_sigkill_while_publishing_loses_and_doubles_nothing(fake_discord, tmp_path):
    await kill_while_publishing(fake_discord, tmp_path, BotDatabase(tmp_path / "bot.sqlite3"), KILLS)
