"""The whole bot as two processes on one PostgreSQL database (issue #34): `python -m bench --only processes`.

Two real bots (bench.botproc, started as `python -m bot run` starts them), one opening gateway shard
0 of two and the other shard 1 (BOT_SHARD_COUNT=2, BOT_SHARD_IDS), on a throwaway PostgreSQL server
of the bench's own (tests/pg/server.py), against the fake Discord serving both shards, as
tests/e2e/test_two_processes_e2e.py runs them: server Home on shard 0, Agora on shard 1, every DM on
shard 0. TABLES tables, half in each server with the same games in both, are played by simulated
people (bench.players) at RATE moves a second at random (Poisson) moments. Each press is timed from
the moment the fake sends it to its first callback (the acknowledgement), by where it came from:

- in a server's channel: Discord sends it on the server's shard, to the process that owns the table;
- in a DM (the prompts of the games where several seats choose at once): on shard 0, so a press on
  an Agora table is handed over through PostgreSQL to shard 1's process (bot/discord_app/handovers.py)
  and one on a Home table is handled where it arrives: the difference is the hand-over's cost, in
  the same run. About three tables in four play those games (`mix`), so that DM presses are many.

Beside it, in the same run, the same load on one process that opens both shards (nothing is handed
over), on PostgreSQL (what the second process costs) and on SQLite (the bot as deployed before #34).
Three rounds, each set-up on a fresh database, a fresh fake and fresh processes, their order rotated. Nothing is pinned: the two bots, PostgreSQL
and the fake with its players share the machine's cores, and each bot's wait for a core is reported.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, cast

from tests.e2e.fakediscord import FakeDiscord, FakeGuild, FakeInteraction
from tests.e2e.fakediscord.shards import shard_of
from tests.registry import games_with
from tests.stores import create_database

from .bot_process import ROOT, BotProcess, CoreTimes
from .fake_meter import MeteredDiscord
from .players import VARIANTS, Table, Variant, play
from .processes_report import ONE, SETUPS, TWO, report, say_round
from .whole_bot import RATE, TABLES, LoopLag, quiet_fake
from .whole_report import delta

SHARDS = 2
FULL = {"tables": TABLES, "rate": RATE, "warm": 5.0, "window": 30.0, "rounds": 3}
QUICK = {"tables": 20, "rate": 10.0, "warm": 2.0, "window": 8.0, "rounds": 1}
PRESSES = (3, 5)  # a component's press and a form's submission: what handovers.py routes
Say = Callable[[str], None]


def mix() -> list[Variant]:
    """Every variant once, then those of the games where several seats choose at once (whose DM
    prompts make the DM presses) three times as many: about three tables in four play them."""
    together = set(games_with(together=True))
    dm = [v for v in VARIANTS if v.game in together]
    return list(VARIANTS) + [dm[n % len(dm)] for n in range(3 * len(VARIANTS))] if dm else list(VARIANTS)


class _TwoShards(FakeDiscord):
    def __init__(self) -> None:
        super().__init__(shards=SHARDS, guild_shard=1)  # Agora, the first server, on shard 1


@dataclass
class Press:
    dm: bool  # pressed in a DM (Discord sends it on shard 0)
    shard: int  # the shard of the table's server
    type: int


class ShardedFake(MeteredDiscord, _TwoShards):
    """The metered fake Discord with two shards and a second server, Home, on shard 0; each
    interaction of a table is kept with where it was pressed."""

    def __init__(self, quiet: float) -> None:
        super().__init__(quiet)  # MeteredDiscord's, then _TwoShards'
        self.home = self.add_guild("Home", shard=0)
        self.presses: dict[int, Press] = {}

    async def run_interaction(self, inter: FakeInteraction) -> FakeInteraction:
        meter = self.meters.get(inter.channel.id)
        table = self.channels.get(meter.channel_id) if meter is not None else None
        if table is not None and table.guild is not None:
            self.presses[inter.id] = Press(inter.channel.is_dm, shard_of(table.guild.id, SHARDS), inter.type)
        return await super().run_interaction(inter)

    def acknowledged(self, start: float, end: float) -> dict[str, list[float]]:
        """Seconds from sending to the first callback of the presses sent in [start, end), by kind."""
        found: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for number, press in self.presses.items():
            sent = self.sent_at.get(number)
            if press.type in PRESSES and sent is not None and sent.acked is not None and start <= sent.sent < end:
                found[kind_of(press)].append(sent.acked - sent.sent)
        return found

    def moves_by_shard(self, start: float, end: float) -> list[int]:
        moves = [0] * SHARDS
        for number, press in self.presses.items():
            sent = self.sent_at.get(number)
            if sent is not None and sent.move and sent.acked is not None and start <= sent.sent < end:
                moves[press.shard] += 1
        return moves


KINDS = ("server, shard 0", "server, shard 1", "DM, shard 0's table", "DM, shard 1's table")


def kind_of(press: Press) -> str:
    return f"DM, shard {press.shard}'s table" if press.dm else f"server, shard {press.shard}"


class InGuild:
    """What a table's helpers read as its fake Discord: the fake, with channels made in `guild`."""

    def __init__(self, fake: ShardedFake, guild: FakeGuild) -> None:
        self._fake, self._guild = fake, guild

    def add_channel(self, name: str) -> Any:
        return self._fake.add_channel(name, guild=self._guild)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fake, name)


def people(fake: ShardedFake, tables: int) -> list[Table]:
    """`tables` tables, even numbers in Home (shard 0), odd in Agora (shard 1), each pair playing
    the same variant; made before the bots connect (their GUILD_CREATEs list them)."""
    variants, made = mix(), []
    for number in range(tables):
        guild = fake.home if number % 2 == 0 else fake.guild
        variant = variants[(number // 2) % len(variants)]
        players = fake.add_users(*(f"p{number}x{seat}" for seat in range(variant.seats)), guild=guild)
        made.append(Table(cast(MeteredDiscord, InGuild(fake, guild)), number, variant, players))
    return made


class ShardBot(BotProcess):
    """bench.botproc (the real bot with its probes) opening `shards` of SHARDS, with `settings`;
    slash commands for every server (no BOT_DEV_GUILD), as tests/e2e/test_two_processes_e2e.py has them."""

    def __init__(self, folder: Path, fake: ShardedFake, shards: tuple[int, ...], settings: dict[str, str]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        super().__init__(folder, fake, folder / "check.sqlite3", core=None, split=False, seed="bench")
        self.shards = shards
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "DISCORD_"))}
        self.env.update(
            {
                "DISCORD_TOKEN": fake.token,
                "DISCORD_API_BASE": fake.api_base,
                "DISCORD_GATEWAY_URL": fake.gateway_url,
                "BOT_DB_PATH": str(self.db),  # the start-up check's; BOT_DATABASE_URL, where set, is the store
                "BOT_LOG_LEVEL": "WARNING",
                "BOT_DISCORD_LOG_LEVEL": "WARNING",
                "BOT_PICTURE_WORKERS": "0",  # pictures in threads of the bot's own process, counted there
                "BOT_SHARD_COUNT": str(SHARDS),
                "PYTHONPATH": str(ROOT),
                **settings,
            }
        )

    async def start(self) -> None:
        self.stats.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "bench.botproc", "--stats", str(self.stats), "--seed", self.seed]
        command += ["--guild-ready", str(self.guild_ready)]
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                *command, cwd=ROOT, env=self.env, stdout=log, stderr=asyncio.subprocess.STDOUT
            )

    async def wait_ready(self, timeout: float = 60.0) -> dict:
        """Ready once its shards' sessions are identified (its snapshot handler is in place by then)
        and its snapshot says so: another process's session must not count as its own."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            await asyncio.sleep(0.05)
            if self.process.returncode is not None:
                raise RuntimeError(f"the bot's process ended ({self.process.returncode}):\n{self.tail()}")
            sessions = [self.fake.shards.current.get(shard) for shard in self.shards]
            if all(s is not None and s.identified and not s.closed for s in sessions):
                figures = await self.snapshot()
                if "ready" in figures["milestones"]:
                    return figures
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bot was not ready after {timeout:g} s:\n{self.tail()}")


def server_usage(postmaster: int | None) -> float:
    """CPU seconds of the PostgreSQL server's processes so far (the postmaster and its children)."""
    if postmaster is None:
        return 0.0
    ran = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (
                int(entry.name) != postmaster
                and int((entry / "stat").read_text().rpartition(")")[2].split()[1]) != postmaster
            ):
                continue
            ran += int((entry / "schedstat").read_text().split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            continue
    return ran


async def one_setup(folder: Path, setup: str, url: str | None, postmaster: int | None, plan: dict) -> dict:
    """One set-up's run: start, seat every table, play paced, measure the window after the warm-up."""
    count, rate, warm, window = plan["tables"], plan["rate"], plan["warm"], plan["window"]
    fake = ShardedFake(quiet=0.1)
    await fake.start()
    bots: list[ShardBot] = []
    try:
        tables = people(fake, count)
        if setup == TWO:
            assert url is not None
            for shard in range(SHARDS):  # shard 0's first: it makes the schema
                settings = {"BOT_DATABASE_URL": url, "BOT_SHARD_IDS": str(shard)}
                bots.append(ShardBot(folder / f"shard-{shard}", fake, (shard,), settings))
                await bots[-1].start()
                await bots[-1].wait_ready()
        else:
            store = {"BOT_DATABASE_URL": url} if url is not None else {"BOT_DB_PATH": str(folder / "bot.sqlite3")}
            bots.append(ShardBot(folder / "one", fake, tuple(range(SHARDS)), store))
            await bots[0].start()
            await bots[0].wait_ready()
        opening = asyncio.Semaphore(10)

        async def sit(table: Table) -> None:
            async with opening:
                await table.sit_down()

        began = time.perf_counter()
        await asyncio.gather(*(sit(table) for table in tables))
        seated = time.perf_counter() - began
        failures: list[str] = []
        behind: list[tuple[float, float]] = []

        marks: list[tuple[list[dict], float, float, CoreTimes, float]] = []

        async def mark(at: float) -> None:
            """Each bot's figures, PostgreSQL's CPU, the time, the machine's cores and this process's CPU."""
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            snapshots = [await bot.snapshot() for bot in bots]
            now = time.perf_counter()
            marks.append((snapshots, server_usage(postmaster), now, CoreTimes.read(None), time.process_time()))

        async def marking(start: float) -> None:
            """At the end of the warm-up and at the end of the window: what is played after it (the
            moves due in the window that came late) is not counted."""
            for at in (start + warm, start + warm + window):
                await mark(at)

        with LoopLag() as lag:
            start = time.perf_counter()
            marker = asyncio.create_task(marking(start))
            await asyncio.gather(
                *(play(table, start, start + warm + window, rate / count, behind, failures) for table in tables)
            )
            await marker
        (before, server_before, measured, cores_before, ours_before), (after, server_after, end, cores, ours) = marks
        machine = cores - cores_before
        bots_cpu = sum(b["process_cpu_s"] - a["process_cpu_s"] for a, b in zip(before, after))
        ours = ours - ours_before  # the fake Discord and the players
        presses = fake.acknowledged(measured, end)
        moves = fake.moves_by_shard(measured, end)
        refused = len(
            [
                number
                for number, press in fake.presses.items()
                if press.dm
                and (inter := fake.interactions.get(number)) is not None
                and inter.response is not None
                and inter.response.content.startswith("⏳")
            ]
        )
        return {
            "setup": setup,
            "tables": count,
            "rate_asked": rate,
            "seconds": round(end - measured, 2),
            "seated_s": round(seated, 1),
            "moves": sum(moves),
            "moves_by_shard": moves,
            "presses_s": presses,
            "processes": [
                {"shards": list(bot.shards), **delta(a, b), "errors_logged": bot.errors_logged()[:5]}
                for bot, a, b in zip(bots, before, after)
            ],
            "postgres_cpu_s": server_after - server_before if url is not None else None,
            "bench_cpu_s": ours,
            # what the machine's cores did meanwhile that none of the above did: other programs
            "others_cpu_s": max(0.0, machine.busy - bots_cpu - ours - (server_after - server_before)),
            "steal_s": machine.steal,
            "not_answering": refused,
            "failures": failures,
            "stumbles": sum(table.stumbles for table in tables),
            "behind_s": [late for due, late in behind if due >= measured],
            "driver_stalls_s": lag.stalls,
        }
    finally:
        for bot in bots:
            await bot.stop()
        await fake.close()


async def measure(folder: Path, dsn: str, postmaster: int | None, plan: dict, say: Say) -> list[dict]:
    quiet_fake()
    rounds = []
    for number in range(plan["rounds"]):
        order = SETUPS[number % len(SETUPS) :] + SETUPS[: number % len(SETUPS)]
        figures = {}
        for setup in order:
            name = f"bench_processes_{number}_{'two' if setup == TWO else 'one'}"
            url = await create_database(dsn, name) if setup != ONE else None
            where = folder / f"round-{number}" / setup.replace(", ", "-").replace(" ", "-")
            figures[setup] = await one_setup(where, setup, url, postmaster, plan)
        rounds.append(figures)
        say_round(number, figures, say)
    return rounds


def run(folder: Path, quick: bool, say: Say) -> dict:
    """Measure and report: the figures, or `unavailable` with the reason (said in one line)."""
    plan = QUICK if quick else FULL
    try:
        from tests.pg import server as pg
    except ImportError as error:  # tests/pg/server.py needs pytest (a dev dependency)
        return unavailable(f"cannot import tests.pg.server: {error}", say)
    server = pg.Server()
    try:
        try:
            server.start()
        except pg.Unavailable as why:
            return unavailable(str(why), say)
        say(
            f"Two processes on PostgreSQL: the real bot as two processes (shard 0, shard 1 of {SHARDS}) on a "
            f"throwaway PostgreSQL server, beside one process serving both, on PostgreSQL and on SQLite; {plan['tables']} "
            f"tables (half in a server on each shard), {plan['rate']:g} moves/s asked, {plan['rounds']} round(s) of "
            f"{plan['window']:g} s after a {plan['warm']:g} s warm-up; nothing pinned, on {os.cpu_count()} cores"
        )
        rounds = asyncio.run(measure(folder, server.dsn, server.pid, plan, say))
    finally:
        server.stop()
    return report(rounds, plan, quick, say)


def unavailable(why: str, say: Say) -> dict:
    why = " ".join(why.split())
    say(f"Two processes on PostgreSQL: not measured: {why}")
    return {"unavailable": why}
