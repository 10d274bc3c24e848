"""Settings, read once at start-up from the environment (and a `.env` file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY = "wss://gateway.discord.gg/"
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
    # seconds that the moves and deliveries under way get to finish after SIGTERM or SIGINT
    # (bot/discord_app/shutdown.py); 8 leaves room for the rest of the stop within `docker stop`'s 10 s
    bot_shutdown_grace: float = Field(default=8.0, ge=0, le=300)
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


class SettingsError(Exception):
    """A setting has a bad value; the message names it in one line."""


def load_settings(**overrides: Any) -> Settings:
    from pydantic import ValidationError

    try:
        return Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        name = str(first["loc"][0]).upper() if first.get("loc") else "a setting"
        raise SettingsError(f"{name}: {first['msg']}") from None
