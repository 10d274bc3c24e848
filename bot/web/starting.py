"""What the web server needs to start, and the one line that says why it cannot.

The secret that signs the tables' links (bot/web/links.py), when BOT_WEB_SECRET is unset, is made
once at random and kept in a file beside the SQLite database (`Settings.web_secret_file`, readable
by its owner only), so that the links the boards carry still work after a restart. On PostgreSQL
the settings require BOT_WEB_SECRET instead: the processes there must all sign alike."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from bot.settings import WEB_SECRET_LENGTH, Settings


class WebStartError(Exception):
    """The web server cannot start (its secret's file cannot be read or written, its port is
    taken); the message says so in one line, naming what to change."""


def web_secret(settings: Settings) -> str:
    """BOT_WEB_SECRET if set, else the one kept beside the database (made now if there is none)."""
    if settings.bot_web_secret is not None:
        return settings.bot_web_secret.get_secret_value()
    return kept_secret(settings.web_secret_file)


def kept_secret(path: Path) -> str:
    """The secret in `path`, made first if there is none: written whole to a file beside it, then
    renamed, so that a crash never leaves half a secret (one bot uses a SQLite file at a time)."""
    if not os.path.lexists(path):
        new = path.with_name(f"{path.name}.{secrets.token_hex(4)}.new")
        try:
            with os.fdopen(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
                file.write(secrets.token_urlsafe(32) + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(new, path)
        except OSError as error:
            raise WebStartError(
                f"{path}: cannot make the web links' secret ({error.strerror or error}); set BOT_WEB_SECRET"
            ) from None
        finally:
            new.unlink(missing_ok=True)
    return _read(path)


def _read(path: Path) -> str:
    try:
        secret = path.read_text().strip()
    except (OSError, UnicodeDecodeError) as error:
        raise WebStartError(f"{path}: cannot read the web links' secret ({error}); set BOT_WEB_SECRET") from None
    if len(secret) < WEB_SECRET_LENGTH:
        raise WebStartError(
            f"{path}: the web links' secret is shorter than {WEB_SECRET_LENGTH} characters; "
            "delete the file to make a new one (every link changes), or set BOT_WEB_SECRET"
        )
    return secret


def cannot_listen(host: str, port: int, error: OSError) -> WebStartError:
    """The port is taken, or the address is not this machine's."""
    return WebStartError(
        f"BOT_WEB_PORT: cannot listen on {host}:{port} ({error.strerror or error}); "
        "choose another port (`make run WEB_PORT=8081`) or BOT_WEB_HOST"
    )
