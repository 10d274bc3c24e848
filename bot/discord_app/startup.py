"""Start-up failures of the command line, each told in one line that names what to fix; the
details (the traceback) go to the log at DEBUG."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import aiohttp
import discord

from bot.settings import Settings
from bot.store.errors import StorageFailed, StoreUnavailable
from bot.store.opening import is_database_url, open_store
from bot.store.pgsql import shown
from bot.web.starting import WebStartError


def fail(line: str, status: int = 2) -> int:
    """Print the one line on standard error; returns the exit status."""
    print(line, file=sys.stderr)
    return status


def store_failure(setting: str, path: str | Path, error: StoreUnavailable | StorageFailed) -> str:
    """The one line for a database that cannot be used; `setting` is where its path came from."""
    if isinstance(error, StorageFailed):
        return f"{setting}: {shown(str(path)) if is_database_url(str(path)) else path} cannot be used: {error.cause}"
    return f"{setting}: {error}"


async def check_database(path: str | Path) -> None:
    """Open the database, write to it once and close it: a bad path, a file that is no database or a
    lock held by another program stops start-up before Discord is contacted (StoreUnavailable).
    What the check made (a new database, its folders) it removes again, so that a start that fails
    later (Discord unreachable, a refused token) leaves nothing behind; the bot makes the database
    once logged in (TableBot.setup_hook)."""
    made = [] if str(path) == ":memory:" or is_database_url(str(path)) else _missing(Path(path))
    try:
        store = await open_store(path)
        try:
            await store.check_writable()
        finally:
            await store.close()
    finally:
        _remove(made)


def _missing(path: Path) -> list[Path]:
    """For a database that does not exist yet: its file, SQLite's files beside it and its folders
    that do not exist either, deepest first. Nothing for one that exists: SQLite alone may remove
    its -wal, which another connection can be using."""
    if os.path.lexists(path):
        return []
    files = [path, *(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))]
    folders = []
    for folder in path.parents:
        if os.path.lexists(folder):
            break
        folders.append(folder)
    return [each for each in files if not os.path.lexists(each)] + folders


def _remove(made: list[Path]) -> None:
    for each in made:
        try:
            if each.is_dir() and not each.is_symlink():
                each.rmdir()
            else:
                each.unlink(missing_ok=True)
        except OSError:  # a folder no longer empty, or not ours to remove: it stays
            pass


def _unreachable_because(error: aiohttp.ClientConnectionError) -> str:
    cause = getattr(error, "os_error", None)
    if isinstance(cause, ConnectionRefusedError):
        return "connection refused"
    if isinstance(cause, socket.gaierror):
        return "unknown host"
    return (cause.strerror if isinstance(cause, OSError) and cause.strerror else str(error)) or type(error).__name__


def run_failure(settings: Settings, error: BaseException) -> str | None:
    """The one line for an error that ended `python -m bot run`, or None for one that is a bug
    (which keeps its traceback)."""
    api = settings.discord_api_base
    if isinstance(error, (StoreUnavailable, StorageFailed)):
        return store_failure(*settings.database, error)
    if isinstance(error, WebStartError):
        return str(error)
    if isinstance(error, discord.LoginFailure):
        return "DISCORD_TOKEN: Discord refused the token; copy it again from the developer portal"
    if isinstance(error, aiohttp.ClientConnectionError):
        return f"cannot reach Discord at {api} ({_unreachable_because(error)}): check DISCORD_API_BASE and the network"
    if isinstance(error, (asyncio.TimeoutError, aiohttp.ServerTimeoutError)):
        return f"Discord at {api} did not answer in time: check DISCORD_API_BASE and the network"
    if isinstance(error, discord.GatewayNotFound):
        return f"Discord at {api} named no gateway: check DISCORD_API_BASE and DISCORD_GATEWAY_URL"
    if isinstance(error, discord.HTTPException):
        return f"Discord at {api} answered {error.status} at login: check DISCORD_API_BASE"
    return None
