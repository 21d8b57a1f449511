"""Settings from the environment and `.env`, checked once at start-up.

A missing or bad setting must stop the bot with one line a person can act on, so
`load_settings` turns pydantic's multi-line report into a single `ConfigError` message.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["ConfigError", "Settings", "database_path", "load_settings", "MISSING_TOKEN"]

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token) and put DISCORD_TOKEN=... in the environment or in .env "
    "(see .env.example)."
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

_URL_HELP = (
    "use sqlite:///relative/path.sqlite3, sqlite:////absolute/path.sqlite3 or sqlite:///:memory:"
)


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line meant for the operator."""


def database_path(url: str) -> str:
    """Turn a SQLAlchemy-style SQLite URL into a filesystem path or ":memory:".

    Three slashes mean a path relative to the working directory, four an absolute one, as in
    SQLAlchemy, so an operator's existing habits carry over. Raises ValueError otherwise.
    """
    url = url.strip()
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if "://" not in url or not (scheme == "sqlite" or scheme.startswith("sqlite+")):
        shown = scheme or url
        raise ValueError(
            f"unsupported database URL {shown!r}: only SQLite is supported; {_URL_HELP}"
        )
    if parts.query or parts.fragment:
        raise ValueError(f"query strings are not supported in {url!r}; {_URL_HELP}")
    if parts.netloc:
        raise ValueError(f"{url!r} has a host part ({parts.netloc!r}); {_URL_HELP}")
    path = url.split("://", 1)[1]
    if path in ("", "/:memory:"):
        return ":memory:"
    if not path.startswith("/") or path.endswith("/"):
        raise ValueError(f"{url!r} names no file; {_URL_HELP}")
    # "sqlite:///data/x" -> "/data/x" -> "data/x"; "sqlite:////abs/x" -> "//abs/x" -> "/abs/x".
    return path[1:]


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
    database_url: str = "sqlite:///data/bot.sqlite3"
    dev_guild_id: int | None = Field(default=None, gt=0)
    reminder_hours: float = Field(default=12, ge=0)
    # The pause between steps the channel watches one by one (Dobbelduel's attempts).
    step_pause_seconds: float = Field(default=1.2, ge=0, le=10)
    log_level: str = "INFO"

    @field_validator("discord_token")
    @classmethod
    def _token_not_blank(cls, value: SecretStr) -> SecretStr:
        token = value.get_secret_value().strip()
        if not token:
            raise ValueError("empty")
        return SecretStr(token)

    @field_validator("database_url")
    @classmethod
    def _url_is_sqlite(cls, value: str) -> str:
        database_path(value)
        return value.strip()

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @property
    def database_path(self) -> str:
        """The SQLite file (or ":memory:") that `database_url` names."""
        return database_path(self.database_url)


def _one_line(error: ValidationError) -> str:
    problems: list[str] = []
    for item in error.errors():
        field = str(item["loc"][0]) if item["loc"] else "settings"
        if field == "discord_token":
            return MISSING_TOKEN
        message = item["msg"].removeprefix("Value error, ")
        shown = item.get("input")
        got = f" (got {shown!r})" if isinstance(shown, str | int | float) else ""
        problems.append(f"{field.upper()} is invalid: {message}{got}")
    return "; ".join(problems).replace("\n", " ")


def load_settings() -> Settings:
    """Read the settings, or raise ConfigError with one line that says what to fix."""
    try:
        return Settings()  # type: ignore[call-arg]  # required fields come from the environment
    except ValidationError as error:
        raise ConfigError(_one_line(error)) from None
