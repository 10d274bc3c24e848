"""Settings, read once at start-up from the environment (and a `.env` file)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY = "wss://gateway.discord.gg/"
WEB_SECRET_LENGTH = 16  # BOT_WEB_SECRET's fewest characters
WEB_SECRET_SHARED = "BOT_WEB_PORT on PostgreSQL needs BOT_WEB_SECRET, the same secret in every process"
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="the bot's token (required to run)")
    bot_db_path: Path = Path("data/bot.sqlite3")  # the SQLite file, unless BOT_DATABASE_URL is set
    # postgresql://user:password@host:port/database: the PostgreSQL store (bot/store/postgres.py)
    # instead of the SQLite file; unset, the bot keeps BOT_DB_PATH
    bot_database_url: SecretStr | None = None
    bot_dev_guild: int | None = Field(default=None, description="sync commands to this guild only")
    bot_log_level: LogLevel = "INFO"  # the bot's own loggers: bot, cogs, engine
    # discord.py's loggers, apart: at DEBUG they write every request and gateway payload, players'
    # hands and secret votes in DMs included
    bot_discord_log_level: LogLevel = "INFO"
    # processes that draw board pictures, so drawing never holds the event loop's GIL; 0 draws in
    # threads of the bot's own process; unset: one process if the bot may use more than one core,
    # else threads (bot/render/painter.py)
    bot_picture_workers: int | None = Field(default=None, ge=0, le=8)
    # gateway shards this process opens; unset: as many as Discord recommends (GET /gateway/bot).
    # Discord requires one per 2,500 servers at least (docs/internals.md, "One process, many")
    bot_shard_count: int | None = Field(default=None, ge=1)
    # the shards this process opens, of BOT_SHARD_COUNT ("0", "0,2", "0-3"): a process owns the tables
    # of its shards' servers, and a press on another's table is handed over (docs/scaling.md); unset,
    # every shard. Several processes need PostgreSQL (BOT_DATABASE_URL)
    bot_shard_ids: str | None = None
    # seconds that the moves and deliveries under way get to finish after SIGTERM or SIGINT
    # (bot/discord_app/shutdown.py); 8 leaves room for the rest of the stop within `docker stop`'s 10 s
    bot_shutdown_grace: float = Field(default=8.0, ge=0, le=300)
    # the web page of every table (bot/web, docs/web.md): the port it listens on (unset: no web
    # server; `make run` sets 8080 through `run --default-web-port`), the address it listens at, the
    # public address its links name (unset: http://127.0.0.1:PORT) and the secret that signs them
    # (unset on SQLite: made once and kept beside the database, `web_secret_file`; required on
    # PostgreSQL, where every process must sign alike)
    bot_web_port: int | None = Field(default=None, ge=1, le=65535)
    bot_web_host: str = "127.0.0.1"
    bot_web_base_url: str | None = None
    bot_web_secret: SecretStr | None = None
    discord_api_base: str = DEFAULT_API_BASE
    discord_gateway_url: str = DEFAULT_GATEWAY

    @field_validator("bot_log_level", "bot_discord_log_level", mode="before")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper() if isinstance(value, str) else value

    @field_validator("bot_database_url")
    @classmethod
    def _postgres(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql:// URL")
        return value

    @model_validator(mode="after")
    def _shards(self) -> "Settings":
        if self.bot_shard_ids is None:
            return self
        shards = parse_shard_ids(self.bot_shard_ids)
        if self.bot_shard_count is None:
            raise ValueError("BOT_SHARD_IDS needs BOT_SHARD_COUNT, the number of shards of every process together")
        if max(shards) >= self.bot_shard_count:
            raise ValueError(
                f"BOT_SHARD_IDS names shard {max(shards)}, but shards are numbered 0 to {self.bot_shard_count - 1}"
            )
        if len(shards) < self.bot_shard_count and self.bot_database_url is None:
            raise ValueError(
                "BOT_SHARD_IDS leaves shards to other processes, which share tables only through PostgreSQL: set BOT_DATABASE_URL"
            )
        return self

    @field_validator("bot_web_secret")
    @classmethod
    def _unset_if_empty(cls, value: SecretStr | None) -> SecretStr | None:
        return value if value is not None and value.get_secret_value() else None

    @field_validator("bot_web_base_url")
    @classmethod
    def _web_base(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("must be an http:// or https:// URL")
        return None if value is None else value.rstrip("/")

    @model_validator(mode="after")
    def _web(self) -> "Settings":
        secret = self.bot_web_secret
        if secret is not None and len(secret.get_secret_value()) < WEB_SECRET_LENGTH:
            raise ValueError(f"BOT_WEB_SECRET must be at least {WEB_SECRET_LENGTH} characters long")
        if self.bot_web_port is not None and secret is None and self.bot_database_url is not None:
            raise ValueError(WEB_SECRET_SHARED)
        return self

    @property
    def web_secret_file(self) -> Path:
        """Where the bot keeps the web links' secret it made itself (BOT_WEB_SECRET unset, on SQLite):
        beside the database, so that the links stay the same from one start to the next."""
        return self.bot_db_path.with_name(self.bot_db_path.name + ".web-secret")

    @property
    def web_base_url(self) -> str | None:
        """The public address of the tables' web pages (None: no web server)."""
        if self.bot_web_port is None:
            return None
        return self.bot_web_base_url or f"http://127.0.0.1:{self.bot_web_port}"

    @property
    def shard_ids(self) -> frozenset[int] | None:
        """The shards this process opens (None: all of them)."""
        return None if self.bot_shard_ids is None else parse_shard_ids(self.bot_shard_ids)

    @property
    def database(self) -> tuple[str, str | Path]:
        """(the setting that names the database, what it names): BOT_DATABASE_URL's URL if set,
        else BOT_DB_PATH's SQLite file (bot.store.opening.open_store opens either)."""
        if self.bot_database_url is not None:
            return "BOT_DATABASE_URL", self.bot_database_url.get_secret_value()
        return "BOT_DB_PATH", self.bot_db_path

    @field_validator("discord_api_base")
    @classmethod
    def _http(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError("must be an http:// or https:// URL")
        return value.rstrip("/")

    @field_validator("discord_gateway_url")
    @classmethod
    def _ws(cls, value: str) -> str:
        if not value.startswith(("ws://", "wss://")):
            raise ValueError("must be a ws:// or wss:// URL")
        return value


def parse_shard_ids(text: str) -> frozenset[int]:
    """BOT_SHARD_IDS: "0", "0,2", "0-3" (both ends in), or a mix such as "0-1,4"."""
    shards: set[int] = set()
    for part in text.replace(" ", "").split(","):
        found = re.fullmatch(r"([0-9]{1,5})(?:-([0-9]{1,5}))?", part)
        if found is None or int(found[2] or found[1]) < int(found[1]):
            raise ValueError(f"BOT_SHARD_IDS: {text!r} is not a list of shard numbers such as 0,1 or 0-3")
        shards.update(range(int(found[1]), int(found[2] or found[1]) + 1))
    return frozenset(shards)


def with_default_web_port(settings: Settings, port: int | None) -> Settings:
    """`run --default-web-port` (`make run`): the web pages on `port` unless BOT_WEB_PORT names
    one. Left off on PostgreSQL without BOT_WEB_SECRET (one is required there, and not asked for)."""
    if port is None or settings.bot_web_port is not None:
        return settings
    if settings.bot_database_url is not None and settings.bot_web_secret is None:
        return settings
    return settings.model_copy(update={"bot_web_port": port})


class SettingsError(Exception):
    """A setting has a bad value; the message names it in one line."""


def load_settings(**overrides: Any) -> Settings:
    from pydantic import ValidationError

    try:
        return Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        message = first["msg"].removeprefix("Value error, ")
        if not first.get("loc"):  # a check of several settings together: its message names them
            raise SettingsError(message) from None
        raise SettingsError(f"{str(first['loc'][0]).upper()}: {message}") from None
