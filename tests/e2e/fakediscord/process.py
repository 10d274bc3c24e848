"""The real bot as a process of its own against the fake: `python -m bot run`, started as production
starts it, with only its environment pointing at the fake. It can be killed with SIGKILL at any
moment (a crash: no cleanup, no gateway close, requests cut off) and started again on the same
database, and the fake takes the new connection as Discord would.

    bot = BotProcess(fake, tmp_path, db_path=tmp_path / "bot.sqlite3", owes=database.owes)
    # or on PostgreSQL: BotProcess(..., database_url="postgresql://...") sets BOT_DATABASE_URL
    await bot.start()    # connected (the fake saw a new IDENTIFY), ready, and done with what it owed
    bot.kill()           # SIGKILL, now, from anywhere (even inside a request the fake is handling)
    await bot.restart()  # waits for the killed one to be gone, then starts a new one
    await bot.stop()     # the end: SIGINT, and a clean exit
    code, took = await bot.terminate()  # SIGTERM, as `docker stop` sends: its exit status and seconds

A bot in another process has no asyncio tasks the fake could watch, so the runner tells the fake
when it is busy (`FakeDiscord.busy_probes`): while it has not answered an interaction
(`FakeInteraction.answered`), or while `owes()` says it has work of its own left (for the real
bot: an outbox to deliver). Each process logs to its own file (`logs`, at INFO); an ERROR or a
traceback in any of them fails `check_logs()`. A process killed with SIGKILL just stops writing.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Callable, Mapping, Sequence

from .interactions import FakeInteraction
from .server import FakeDiscord

REPO = Path(__file__).resolve().parents[3]
CHILD_SITE = Path(__file__).resolve().parents[1] / "child_site"  # its sitecustomize cuts the ready wait
READY_LINE = " bot: ready as "  # bot/discord_app/app.py on_ready, at INFO
PROBLEM = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) |^Traceback ", re.M)


class BotProcess:
    def __init__(
        self,
        fake: FakeDiscord,
        workdir: Path,
        *,
        db_path: Path,
        database_url: str | None = None,
        owes: Callable[[], bool] = lambda: False,
        ready_timeout: float = 30.0,
        guild_ready_timeout: float = 0.05,
        launcher: Sequence[str] = (),
        shards: frozenset[int] | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        """`launcher`: a command the bot is started through, such as `unshare ... --pid --fork
        --kill-child` to make it process 1 of a PID namespace, as in a container: it must run the
        bot as its one child, and take it along when killed. Signals go to the bot itself.
        `shards`: the gateway shards this process opens (BOT_SHARD_IDS, set in `settings` with the
        rest of several processes' settings), whose interactions it watches; None: all."""
        self.fake, self.workdir, self.db_path = fake, workdir, db_path
        self.launcher = list(launcher)
        self.owes = owes
        self.ready_timeout = ready_timeout
        self.env = environment(fake, db_path, guild_ready_timeout, database_url=database_url) | dict(settings or {})
        self.shards = shards
        self.process: asyncio.subprocess.Process | None = None
        self.logs: list[Path] = []
        self.kills = 0
        self._killed = False
        self._watched: list[FakeInteraction] = []  # interactions not known to be answered yet
        self._seen = 0  # how many of fake.interactions were looked at
        self.signalled_at: float | None = None  # time.monotonic() of the last send_signal
        fake.busy_probes.append(self.busy)

    # --- state ---------------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Started, and neither killed nor exited."""
        return self.process is not None and self.process.returncode is None and not self._killed

    def unanswered(self) -> list[FakeInteraction]:
        found = list(self.fake.interactions.values())
        self._watched += [i for i in found[self._seen :] if self.watches(i)]
        self._seen = len(found)
        self._watched = [i for i in self._watched if not (i.answered or i.expired or i.lost)]
        return self._watched

    def watches(self, interaction: FakeInteraction) -> bool:
        """Whether the interaction comes to this process: on one of its shards (DMs: shard 0)."""
        guild = getattr(interaction.channel, "guild", None)
        return self.shards is None or self.fake.shards.of(guild.id if guild else None) in self.shards

    def busy(self) -> bool:
        """For the fake's settle: busy while alive and an interaction is unanswered or `owes()`. A
        dead process does nothing more: whatever it had not answered is lost with it."""
        if not self.running:
            for inter in self.unanswered():
                inter.lost = True
            return False
        return bool(self.unanswered()) or self.owes()

    # --- life and death ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start a process and wait until it is connected, ready and done: the fake saw its IDENTIFY,
        it logged that it is ready (the bot catches up only then), and the fake has settled."""
        assert not self.running, "the bot process is already running"
        log_path = self.workdir / f"bot-{len(self.logs) + 1}.log"
        self.logs.append(log_path)
        known = set(self.fake.shards.sessions)
        mine = [0] if self.shards is None else sorted(self.shards)
        with open(log_path, "wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *self.launcher,
                sys.executable,
                "-m",
                "bot",
                "run",
                cwd=self.workdir,
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        self._killed = False

        def connected() -> bool:
            sessions = [self.fake.shards.current.get(shard) for shard in mine]
            return all(
                session is not None and session.identified and not session.closed and session.session_id not in known
                for session in sessions
            )

        try:
            await self.fake.wait_until(
                lambda: self.exited() or connected(),
                timeout=self.ready_timeout,
                what="the bot process to connect to the gateway (IDENTIFY)",
            )
            await self.fake.wait_until(
                lambda: self.exited() or READY_LINE in self.log_text(log_path),
                timeout=self.ready_timeout,
                what="the bot process to be ready",
            )
        except TimeoutError as error:
            raise TimeoutError(f"{error}; its log:\n{self.log_text(log_path)[-3000:]}") from None
        if self.exited():
            raise RuntimeError(
                f"the bot process exited ({self.process.returncode}) before it was ready; "
                f"its log:\n{self.log_text(log_path)[-3000:]}"
            )
        await self.fake.settle()
        self.check_logs()

    def exited(self) -> bool:
        return self.process is not None and self.process.returncode is not None

    def kill(self) -> None:
        """SIGKILL, now. Synchronous, so that a request handler of the fake can kill the bot right
        where it stands (after the fake made a message, before the bot hears it was made)."""
        if not self.running:
            return
        os.kill(self.process.pid, signal.SIGKILL)
        self._killed = True
        self.kills += 1
        for inter in self.unanswered():
            inter.lost = True

    async def wait_dead(self) -> None:
        """Wait until a killed process is gone (and reaped)."""
        code = await asyncio.wait_for(self.process.wait(), timeout=10)
        assert code == -signal.SIGKILL, f"the bot process ended with {code}, not by SIGKILL"

    async def restart(self) -> None:
        """Kill the process if it still runs, and start a new one on the same settings and file."""
        if self.running:
            self.kill()
        if self.process is not None:
            await self.wait_dead()
        await self.start()

    async def stop(self) -> None:
        """The end: SIGINT (the bot closes its connections and its store) and a clean exit. A process
        already killed is only waited for."""
        if self.process is None or self.exited():
            return
        if self._killed:
            await self.wait_dead()
            return
        os.kill(self.bot_pid(), signal.SIGINT)
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout=15)
        except asyncio.TimeoutError:
            self.kill()
            await self.wait_dead()
            raise AssertionError("the bot process did not stop within 15 s of SIGINT") from None
        assert code == 0, f"the bot process stopped with {code}; its log:\n{self.log_text(self.logs[-1])[-3000:]}"
        self.check_logs()

    def send_signal(self, number: int = signal.SIGTERM) -> None:
        """A signal for the bot to stop on its own (SIGTERM: what `docker stop` sends), now, without
        waiting: `exit_status()` waits. Synchronous, like `kill`, for a timer or a message hook."""
        if not self.running:
            return
        os.kill(self.bot_pid(), number)
        self.signalled_at = time.monotonic()

    async def exit_status(self, timeout: float = 30.0) -> tuple[int, float]:
        """Wait for a signalled process to end: its exit status (-15: SIGTERM killed it) and the
        seconds since the signal. One still running after `timeout` is killed, and that fails."""
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout=timeout)
        except asyncio.TimeoutError:
            self.kill()
            await self.wait_dead()
            raise AssertionError(f"the bot process did not stop within {timeout:g} s of the signal") from None
        took = time.monotonic() - (self.signalled_at or time.monotonic())
        for inter in self.unanswered():  # came as it closed its gateway: the user sees it failed
            inter.lost = True
        return code, took

    async def terminate(self, timeout: float = 30.0) -> tuple[int, float]:
        """SIGTERM, and wait for the process to end: (exit status, seconds it took)."""
        self.send_signal(signal.SIGTERM)
        return await self.exit_status(timeout)

    def bot_pid(self) -> int:
        """The bot's own process: the one started, or the launcher's child."""
        if not self.launcher:
            return self.process.pid
        (child,) = children_of(self.process.pid)
        return child

    def children(self) -> list[int]:
        """The bot's own child processes (its picture workers, multiprocessing's resource tracker)."""
        return children_of(self.bot_pid()) if self.running else []

    # --- logs -----------------------------------------------------------------------------------------

    @staticmethod
    def log_text(path: Path) -> str:
        return path.read_text(errors="replace") if path.exists() else ""

    def check_logs(self) -> None:
        """No process logged an ERROR or a traceback (being killed leaves neither)."""
        for path in self.logs:
            text = self.log_text(path)
            found = PROBLEM.search(text)
            if found:
                raise AssertionError(
                    f"the bot logged an error in {path}:\n{text[max(0, found.start() - 500) :][:4000]}"
                )


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def environment(
    fake: FakeDiscord, db_path: Path, guild_ready_timeout: float, *, database_url: str | None = None
) -> dict[str, str]:
    """The child's environment: the caller's, without any setting of the bot's own (BOT_*, DISCORD_*),
    plus the fake's endpoints and token, the database (`database_url`: PostgreSQL's, BOT_DATABASE_URL,
    which the bot takes over BOT_DB_PATH's file), and logging at INFO (the ready line)."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(("BOT_", "DISCORD_", "E2E_"))}
    env.update(
        {
            "DISCORD_TOKEN": fake.token,
            "BOT_DB_PATH": str(db_path),
            "BOT_DEV_GUILD": str(fake.guild.id),
            "BOT_LOG_LEVEL": "INFO",
            "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "E2E_GUILD_READY_TIMEOUT": str(guild_ready_timeout),
            "PYTHONPATH": os.pathsep.join([str(CHILD_SITE), str(REPO)]),
            "PYTHONUNBUFFERED": "1",
        }
    )
    if database_url is not None:
        env["BOT_DATABASE_URL"] = database_url
    return env
