"""A throwaway PostgreSQL server for the test session, in a temporary directory of its own.

    async def test_something(pg_dsn):
        connection = await asyncpg.connect(pg_dsn)

The server binaries are the first of: $PG_BINDIR, `pg_config --bindir`, Debian's
/usr/lib/postgresql/<version>/bin (newest version first), or initdb on PATH. `initdb` makes a
cluster in a temporary directory and `postgres` serves it on a free TCP port of 127.0.0.1 (its unix
socket in that directory), with durability off (fsync and the like: the data is thrown away), and
the fixture waits until the server says it accepts connections. PostgreSQL refuses to run as root:
as root both run as the `postgres` system user where it exists, else as `nobody` (through `runuser`,
else `su`), and the directory is theirs. At the end of the session, whatever the tests did, a
finalizer stops the server (a fast shutdown, SIGKILL after STOP_TIMEOUT) and removes the directory.

A test that stops the server while something uses it (a restart: `halt()`, then `resume()` on the
same data and port, or `restart()`) takes one of its own, `pg_own_server` (one a module, each test's
database fresh: `pg_own_dsn`), so that the session's server stays up for every other test.

Where no server can be had, the tests that use it are skipped with one line saying why: with no
binaries or no user to drop to, tests/pg/conftest.py marks them skipped at collection; when initdb
or the server fails, the fixture marks them so at the first test that asks. `make test` installs
Debian's postgresql where it can (the Makefile's PG_STAMP).
"""

from __future__ import annotations

import asyncio
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncpg
import pytest

NEEDED = ("initdb", "postgres")
START_TIMEOUT = 30.0  # seconds, until the server accepts connections
STOP_TIMEOUT = 10.0  # seconds of fast shutdown before SIGKILL
PORT_TRIES = 5  # a free port can be taken by someone else before the server binds it
USER = "postgres"  # the database superuser (trusted from 127.0.0.1 and the socket, no password)
SETTINGS = {
    "listen_addresses": "127.0.0.1",
    # a throwaway cluster: nothing is written for a crash to find
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "wal_level": "minimal",
    "max_wal_senders": "0",
    "shared_buffers": "32MB",
    "max_connections": "100",
    "log_min_messages": "warning",
    "TimeZone": "UTC",
}


class Unavailable(Exception):
    """No server can be had here; the message says why, on one line."""


def _line(text: str) -> str:
    """The last non-empty line of a program's output (its error), or what it says when empty."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


def _version(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name)) or (0,)


def find_bindir() -> Path | None:
    """The first folder holding initdb and postgres among the usual places, or None."""
    candidates = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    if pg_config := shutil.which("pg_config"):
        try:
            done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10)
            if done.returncode == 0 and done.stdout.strip():
                candidates.append(Path(done.stdout.strip()))
        except (OSError, subprocess.SubprocessError):
            pass
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    if initdb := shutil.which("initdb"):
        candidates.append(Path(initdb).parent)
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) and (folder / name).is_file() for name in NEEDED):
            return folder
    return None


def found() -> Path:
    bindir = find_bindir()
    if bindir is None:
        raise Unavailable(
            "no PostgreSQL server binaries (initdb, postgres) found: install Debian's postgresql, "
            "or set PG_BINDIR to their folder"
        )
    return bindir


def unavailable() -> str | None:
    """Why no server can be had, as far as can be told without starting one (the binaries, the user
    to run them as); None if one may be."""
    try:
        found()
        unprivileged()
    except Unavailable as why:
        return skip_reason(why)
    return None


def skip_reason(why: Unavailable) -> str:
    return " ".join(f"PostgreSQL tests skipped: {why}".split())


def unprivileged() -> tuple[Callable[[list[str]], list[str]], int, int] | None:
    """As root: what runs a command as an unprivileged user instead (the command it becomes), with
    that user's uid and gid. Not root: None (the programs run as we are)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
            break
        except KeyError:
            continue
    else:
        raise Unavailable("running as root, and there is neither a postgres nor a nobody user to run the server as")
    search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin", "/usr/bin", "/bin"])
    if runuser := shutil.which("runuser", path=search):
        return (lambda command: [runuser, "-u", name, "--", *command]), entry.pw_uid, entry.pw_gid
    if su := shutil.which("su", path=search):
        # su runs the command through a shell: /bin/sh (the user's own may be nologin), which execs it
        return (
            (lambda command: [su, "-s", "/bin/sh", "-c", f"exec {shlex.join(command)}", name]),
            entry.pw_uid,
            entry.pw_gid,
        )
    raise Unavailable(f"running as root, and neither runuser nor su is there to run the server as {name}")


class Server:
    """One throwaway server: `start()` makes the cluster and waits for it, `stop()` (idempotent) ends
    the server and removes its directory. `halt()` and `resume()` (or `restart()`) stop it and start it
    again on the same data and port, as a database server is restarted under its clients."""

    def __init__(self) -> None:
        self.root: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.pid: int | None = None  # the postmaster's (as root, self.process is runuser's or su's)
        self.port = 0
        self.timings: dict[str, float] = {}
        # how start() ran the server (its binaries, as whom, its environment), for resume()
        self._launch: tuple[Path, Callable[[list[str]], list[str]], dict[str, str]] | None = None

    @property
    def dsn(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    def start(self) -> Server:
        bindir = found()
        drop = unprivileged()
        as_user = drop[0] if drop else list
        self.root = Path(tempfile.mkdtemp(prefix="pg-test-"))
        if drop:
            try:
                os.chown(self.root, drop[1], drop[2])
            except OSError as error:
                raise Unavailable(f"cannot give {self.root} to the server's user: {error}") from None
        env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        env.update(LC_ALL="C", LANG="C")

        began = time.monotonic()
        initdb = [str(bindir / "initdb"), "-D", str(self.root / "data"), "-U", USER, "-A", "trust"]
        initdb += ["-E", "UTF8", "--locale=C", "--no-sync"]
        try:
            done = subprocess.run(
                as_user(initdb), cwd=self.root, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120
            )
        except (OSError, subprocess.SubprocessError) as error:
            raise Unavailable(f"initdb ({bindir}) could not run: {error}") from None
        if done.returncode != 0:
            output = (done.stderr or done.stdout).decode(errors="replace")
            raise Unavailable(f"initdb ({bindir}) failed: {_line(output)}")
        self.timings["initdb"] = time.monotonic() - began

        began = time.monotonic()
        self._launch = (bindir, as_user, env)
        for _ in range(PORT_TRIES):
            self.port = _free_port()
            if self._serve(bindir, as_user, env):
                self.timings["start"] = time.monotonic() - began
                return self
        raise Unavailable(f"PostgreSQL ({bindir}) found no free port in {PORT_TRIES} tries")

    def _serve(self, bindir: Path, as_user: Callable[[list[str]], list[str]], env: dict[str, str]) -> bool:
        """Starts the server on self.port and waits until it is ready: False if the port was taken."""
        assert self.root is not None
        command = [str(bindir / "postgres"), "-D", str(self.root / "data"), "-p", str(self.port), "-k", str(self.root)]
        for key, value in SETTINGS.items():
            command += ["-c", f"{key}={value}"]
        log = self.root / "server.log"
        with log.open("wb") as output:  # the child keeps its own copy of the descriptor
            try:
                self.process = subprocess.Popen(
                    as_user(command),
                    cwd=self.root,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=output,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # a Ctrl-C of the test run is not the server's; killpg reaches it all
                )
            except OSError as error:
                raise Unavailable(f"PostgreSQL ({bindir}) could not run: {error}") from None
        pidfile = self.root / "data" / "postmaster.pid"
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            # postmaster.pid: the postmaster's pid first, its status ("ready" once it accepts connections) 8th
            try:
                lines = pidfile.read_text().splitlines()
            except (FileNotFoundError, ValueError):
                lines = []
            if lines and lines[0].strip().isdigit():
                self.pid = int(lines[0])
            if len(lines) >= 8 and lines[7].strip() == "ready":
                return True
            if self.process.poll() is not None:
                said = log.read_text(errors="replace")
                self._end()
                if "could not bind" in said or "already in use" in said:
                    return False
                raise Unavailable(f"PostgreSQL ({bindir}) exited at start: {_line(said)}")
            if time.monotonic() > deadline:
                said = log.read_text(errors="replace")
                raise Unavailable(
                    f"PostgreSQL ({bindir}) did not accept connections in {START_TIMEOUT:.0f} s: {_line(said)}"
                )
            time.sleep(0.01)

    def _end(self) -> None:
        """Stops the server: a fast shutdown (SIGINT to the postmaster), SIGKILL to all of it after
        STOP_TIMEOUT. Only a process that is surely the one started is signalled (as root, a pid
        gone and reused could be anyone's)."""
        process, pid = self.process, self.pid
        self.process = self.pid = None
        if process is None:
            return
        postmaster = pid if pid is not None and self._ours(pid) else None
        if process.poll() is None:  # not reaped yet, so process.pid (and its group) are still its own
            _signal(postmaster or process.pid, signal.SIGINT)
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                _killpg(process.pid)  # its own session's group: whatever is left of it
                if postmaster is not None and self._ours(postmaster):
                    _signal(postmaster, signal.SIGKILL)
                process.wait()
        elif postmaster is not None:  # runuser or su ended, the server not
            _signal(postmaster, signal.SIGINT)
        deadline = time.monotonic() + STOP_TIMEOUT  # as root the postmaster is not our child: wait for it
        while postmaster is not None and self._ours(postmaster):
            if time.monotonic() > deadline:
                _signal(postmaster, signal.SIGKILL)
                deadline = float("inf")
            time.sleep(0.01)

    def _ours(self, pid: int) -> bool:
        """Whether `pid` is this server's postmaster and runs (a zombie does not)."""
        proc = Path(f"/proc/{pid}")
        if not Path("/proc/self").exists():  # no /proc: that it runs is all that can be told
            return _alive(pid)
        try:
            state = (proc / "stat").read_text().rpartition(")")[2].split()[0]
            arguments = (proc / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError):
            return False
        return state != "Z" and self.root is not None and str(self.root / "data").encode() in arguments

    def halt(self) -> None:
        """Stops the server as a restart does (a fast shutdown: its sessions end, what they committed
        stays), keeping its directory, data and port for `resume()`."""
        self._end()

    def resume(self) -> None:
        """Starts a halted server again on the same data and port (its clients' DSN), and waits until
        it accepts connections; Unavailable if the port was taken meanwhile. Nothing if it runs."""
        assert self.root is not None and self._launch is not None, "resume() is for a started server"
        if self.process is None and not self._serve(*self._launch):
            raise Unavailable(f"PostgreSQL could not listen on port {self.port} again: another program took it")

    def restart(self, down_for: float = 0.0) -> None:
        """`halt()`, `down_for` seconds without a server, `resume()`: it blocks (asyncio.to_thread it)."""
        self.halt()
        time.sleep(down_for)
        self.resume()

    def stop(self) -> None:
        began = time.monotonic()
        try:
            self._end()
        finally:
            if self.root is not None:
                shutil.rmtree(self.root, ignore_errors=True)
                self.root = None
        self.timings["stop"] = time.monotonic() - began


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _killpg(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Server:
    """The session's server (started once, for the first test that asks), or a skip saying why not."""
    server = Server()
    request.addfinalizer(server.stop)  # also when start() fails half-way
    try:
        return server.start()
    except Unavailable as why:
        server.stop()
        reason = skip_reason(why)
        mark_skipped(request.session.items, reason)  # this test and the rest: pytest -ra folds them into one line
        pytest.skip(reason)


def mark_skipped(items: list[pytest.Item], reason: str) -> None:
    """Marks the tests that need the server skipped (pytest -ra reports them in one line a file)."""
    for item in items:
        if "pg_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module")
def pg_own_server(request: pytest.FixtureRequest) -> Server:
    """A server of this test module's own, which its tests may halt and resume (`pg_own_dsn`: each
    test's fresh database on it), removed after the module; a skip saying why where none can be had."""
    if why := unavailable():
        pytest.skip(why)
    server = Server()
    request.addfinalizer(server.stop)
    try:
        return server.start()
    except Unavailable as why:
        pytest.skip(skip_reason(why))


@pytest.fixture
async def pg_own_dsn(pg_own_server: Server) -> AsyncIterator[str]:
    """A fresh database's URL on the module's own server, running (a test before may have halted it)."""
    await asyncio.to_thread(pg_own_server.resume)
    name = f"test_{uuid.uuid4().hex}"
    admin = await asyncpg.connect(pg_own_server.dsn)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    yield pg_own_server.dsn.rsplit("/", 1)[0] + "/" + name
    await asyncio.to_thread(pg_own_server.resume)  # the next test finds it running


@pytest.fixture(scope="session")
def pg_dsn(pg_server: Server) -> str:
    """postgresql://postgres@127.0.0.1:PORT/postgres of the session's server (the superuser, no password)."""
    return pg_server.dsn
