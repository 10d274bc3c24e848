"""The bench's side of the bot's process (bench.botproc): start it against the fake Discord, ask it
for snapshots, read what the kernel says about it and about its core, stop it."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cores() -> tuple[int | None, set[int]]:
    """The bot's core (the last one we may use) and the bench's own (the others, when there are)."""
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) < 2:
        return None, set(allowed)
    return allowed[-1], set(allowed[:-1])


def process_cpu(pid: int) -> float:
    """User and system CPU of a whole process (every thread), from /proc, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass
class CoreTimes:
    """One core's times from /proc/stat, in seconds."""

    busy: float = 0.0
    idle: float = 0.0
    steal: float = 0.0

    @classmethod
    def read(cls, core: int | None) -> "CoreTimes":
        name = f"cpu{core}" if core is not None else "cpu"
        for line in Path("/proc/stat").read_text().splitlines():
            parts = line.split()
            if parts[0] == name:
                user, nice, system, idle, iowait, irq, softirq, steal = (int(v) / TICKS for v in parts[1:9])
                return cls(user + nice + system + irq + softirq, idle + iowait, steal)
        return cls()

    def __sub__(self, other: "CoreTimes") -> "CoreTimes":
        return CoreTimes(self.busy - other.busy, self.idle - other.idle, self.steal - other.steal)


class BotProcess:
    def __init__(
        self,
        folder: Path,
        fake,
        db: Path,
        *,
        core: int | None,
        split: bool,
        seed: str = "",
        guild_ready: float = 0.05,
        blank_pictures: bool = False,
        env: dict[str, str] | None = None,
    ) -> None:
        self.folder, self.fake, self.db, self.core, self.split = folder, fake, db, core, split
        self.blank_pictures = blank_pictures
        self.env = env or {}  # more settings (the web's, say)
        self.seed, self.guild_ready = seed, guild_ready
        self.stats = folder / "stats"
        self.process: asyncio.subprocess.Process | None = None
        self.snapshots = 0
        self.spawned = 0.0  # time.monotonic() just before the process was made
        self.log = folder / "bot.log"

    async def start(self) -> None:
        self.stats.mkdir(parents=True, exist_ok=True)
        environment = {
            **os.environ,
            "DISCORD_TOKEN": self.fake.token,
            "BOT_DB_PATH": str(self.db),
            "BOT_DEV_GUILD": str(self.fake.guild.id),
            "BOT_LOG_LEVEL": "WARNING",
            "BOT_DISCORD_LOG_LEVEL": "WARNING",
            "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "PYTHONPATH": str(ROOT),
            # pictures in threads of the bot's own process, where their CPU time is counted
            # and split: the bot's default on its one core (bot/render/painter.py), said
            # here so that a BOT_PICTURE_WORKERS of the environment changes nothing
            "BOT_PICTURE_WORKERS": "0",
            **self.env,
        }
        command = [
            sys.executable,
            "-m",
            "bench.botproc",
            "--stats",
            str(self.stats),
            "--guild-ready",
            str(self.guild_ready),
        ]
        command += ["--cpu", str(self.core)] if self.core is not None else []
        command += ["--split"] if self.split else []
        command += ["--seed", self.seed] if self.seed else []
        command += ["--blank-pictures"] if self.blank_pictures else []
        log = self.log.open("ab")
        self.spawned = time.monotonic()
        self.process = await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, env=environment, stdout=log, stderr=asyncio.subprocess.STDOUT
        )
        log.close()

    async def snapshot(self, timeout: float = 30.0) -> dict:
        """Everything the bot's process measured so far (it writes it from its event loop)."""
        self.snapshots += 1
        path = self.stats / f"snapshot-{self.snapshots}.json"
        os.kill(self.process.pid, signal.SIGUSR1)
        deadline = time.monotonic() + timeout
        while not path.exists():
            if self.process.returncode is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the bot's process gave no snapshot (see {self.log}):\n{self.tail()}")
            await asyncio.sleep(0.005)
        return json.loads(path.read_text())

    async def wait_ready(self, timeout: float = 60.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            await asyncio.sleep(0.05)
            if self.process.returncode is not None:
                raise RuntimeError(f"the bot's process ended ({self.process.returncode}):\n{self.tail()}")
            if self.fake.gateway is not None:  # connected: its snapshot handler is in place
                figures = await self.snapshot()
                if "ready" in figures["milestones"]:
                    return figures
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bot was not ready after {timeout:g} s:\n{self.tail()}")

    def cpu_seconds(self) -> float:
        return process_cpu(self.process.pid)

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def errors_logged(self) -> list[str]:
        try:
            return [line for line in self.log.read_text(errors="replace").splitlines() if " ERROR " in line]
        except OSError:
            return []

    async def stop(self) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 15)
        except asyncio.TimeoutError:
            self.process.kill()
            await self.process.wait()
