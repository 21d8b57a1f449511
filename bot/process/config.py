"""Settings from the environment and `.env`, checked once at start-up.

A missing or bad setting must stop the bot with one line a person can act on, so
`load_settings` turns pydantic's multi-line report into a single `ConfigError` message.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store.shards import Shards, parse_shard_ids
from bot.store.urls import check_database_url, database_path, describe_url

__all__ = [
    "ConfigError",
    "Settings",
    "load_settings",
    "MISSING_TOKEN",
]

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token) and put DISCORD_TOKEN=... in the environment or in .env "
    "(see .env.example)."
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line meant for the operator."""


class Settings(BaseSettings):
    """The bot's settings; field names map to upper-case environment variables."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        # "DEV_GUILD_ID=" in a copied .env.example means "not set", not "the empty string".
        env_ignore_empty=True,
    )

    discord_token: SecretStr
    # Not in repr: it may hold a password (a log line shows describe_url's form instead).
    database_url: str = Field(default="sqlite:///data/bot.sqlite3", repr=False)
    dev_guild_id: int | None = Field(default=None, gt=0)
    reminder_hours: float = Field(default=12, ge=0)
    # The pause between steps the channel watches one by one (Dobbelduel's attempts).
    step_pause_seconds: float = Field(default=1.2, ge=0, le=10)
    log_level: str = "INFO"
    # Several processes: SHARD_COUNT shards in all, this process serving SHARD_IDS ("0,1" or
    # "0-3"). Neither: one process serves every shard, discord.py choosing how many.
    shard_count: int | None = Field(default=None, ge=1, le=4096)
    shard_ids: str | None = None
    # PostgreSQL connections this process keeps open (asyncpg's pool): at most this many
    # writes and reads run at once.
    database_pool_size: int = Field(default=10, ge=2, le=200)
    # The servers' pages on the web (bot/edge/web.py), served by the process that serves
    # shard 0 on WEB_HOST:WEB_PORT (unset: no pages). WEB_URL: the address people open, in
    # the links the bot posts (behind a reverse proxy, https://games.example.org); by default
    # http://WEB_HOST:WEB_PORT.
    web_port: int | None = Field(default=None, ge=1, le=65535)
    web_host: str = "127.0.0.1"
    web_url: str | None = None

    @field_validator("discord_token")
    @classmethod
    def _token_not_blank(cls, value: SecretStr) -> SecretStr:
        token = value.get_secret_value().strip()
        if not token:
            raise ValueError("empty")
        return SecretStr(token)

    @field_validator("database_url")
    @classmethod
    def _url_is_known(cls, value: str) -> str:
        return check_database_url(value)

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("web_url")
    @classmethod
    def _web_url_is_http(cls, value: str | None) -> str | None:
        if value is None:
            return None
        url = value.strip().rstrip("/")
        if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url):
            raise ValueError("must be an http:// or https:// address, such as "
                             "https://games.example.org")
        return url

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids_parse(cls, value: str | None) -> str | None:
        if value is None:
            return None
        return ",".join(str(i) for i in parse_shard_ids(value))

    @model_validator(mode="after")
    def _shard_ids_fit_the_count(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError(
                "SHARD_IDS needs SHARD_COUNT, the number of shards of all processes together"
            )
        ids = parse_shard_ids(self.shard_ids)
        if ids[-1] >= self.shard_count:
            raise ValueError(
                f"SHARD_IDS names shard {ids[-1]}, but SHARD_COUNT={self.shard_count} "
                f"has shards 0 to {self.shard_count - 1}"
            )
        return self

    @property
    def shards(self) -> Shards | None:
        """The shards this process serves, or None: one process serves every shard (with
        SHARD_COUNT alone, all of that many; with neither, as many as Discord recommends)."""
        if self.shard_ids is None:
            return None
        return Shards(self.shard_count or 1, parse_shard_ids(self.shard_ids))

    @property
    def page_url(self) -> str | None:
        """Where the servers' pages are read (None: no pages, no links to them)."""
        if self.web_url is not None:
            return self.web_url
        if self.web_port is None:
            return None
        host = f"[{self.web_host}]" if ":" in self.web_host else self.web_host
        return f"http://{host}:{self.web_port}"

    @property
    def database_path(self) -> str:
        """The SQLite file (or ":memory:") that `database_url` names (ValueError for a
        PostgreSQL URL)."""
        return database_path(self.database_url)


def _one_line(error: ValidationError) -> str:
    problems: list[str] = []
    for item in error.errors():
        if not item["loc"]:  # a check of several settings together: its message names them
            problems.append(item["msg"].removeprefix("Value error, "))
            continue
        field = str(item["loc"][0])
        if field == "discord_token":
            return MISSING_TOKEN
        message = item["msg"].removeprefix("Value error, ")
        shown = item.get("input")
        if field == "database_url" and isinstance(shown, str):
            shown = describe_url(shown)  # never a password in a log line
        got = f" (got {shown!r})" if isinstance(shown, str | int | float) else ""
        problems.append(f"{field.upper()} is invalid: {message}{got}")
    return "; ".join(problems).replace("\n", " ")


def load_settings() -> Settings:
    """Read the settings, or raise ConfigError with one line that says what to fix."""
    try:
        return Settings()  # type: ignore[call-arg]  # required fields come from the environment
    except ValidationError as error:
        raise ConfigError(_one_line(error)) from None
