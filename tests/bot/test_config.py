"""Settings: defaults, URL parsing, .env, and the one-line errors that stop start-up."""

from pathlib import Path

import pytest

from bot.process.config import MISSING_TOKEN, ConfigError, Settings, load_settings
from bot.store.urls import check_database_url, database_path

VARS = ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "REMINDER_HOURS", "LOG_LEVEL",
        "SHARD_COUNT", "SHARD_IDS", "DATABASE_POOL_SIZE", "WEB_PORT", "WEB_HOST", "WEB_URL")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """No real environment or .env leaks into a test."""
    for name in VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == "abc.def"
    assert settings.database_url == "sqlite:///data/bot.sqlite3"
    assert settings.database_path == "data/bot.sqlite3"
    assert settings.dev_guild_id is None
    assert settings.reminder_hours == 12
    assert settings.log_level == "INFO"
    assert settings.shards is None  # one process serves every shard
    assert settings.database_pool_size == 10


def test_token_is_not_shown_in_repr(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret")
    assert "very-secret" not in repr(load_settings())


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///data/bot.sqlite3", "data/bot.sqlite3"),
        ("sqlite:///bot.sqlite3", "bot.sqlite3"),
        ("sqlite:////var/lib/gametable/bot.sqlite3", "/var/lib/gametable/bot.sqlite3"),
        ("sqlite:///:memory:", ":memory:"),
        ("sqlite://", ":memory:"),
        ("sqlite+aiosqlite:///data/x.db", "data/x.db"),
        ("  sqlite:///data/x.db\n", "data/x.db"),
    ],
)
def test_database_path(url, path):
    assert database_path(url) == path


@pytest.mark.parametrize(
    ("url", "complaint"),
    [
        ("postgresql://user@host/db", "a PostgreSQL URL, not a SQLite file"),
        ("mysql:///db", "only SQLite and PostgreSQL"),
        ("data/bot.sqlite3", "only SQLite and PostgreSQL"),
        ("sqlite:///", "names no file"),
        ("sqlite:///data/", "names no file"),
        ("sqlite://host/db.sqlite3", "host part"),
        ("sqlite:///db.sqlite3?mode=ro", "query strings"),
    ],
)
def test_database_path_rejects(url, complaint):
    with pytest.raises(ValueError, match=complaint):
        database_path(url)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://user:pass@host:5432/db",
        "postgres://host/db",
        "postgresql://user@db.example.com/games?sslmode=require",
        "postgresql:///games?host=/var/run/postgresql",
    ],
)
def test_postgresql_urls_are_accepted(monkeypatch, url):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DATABASE_URL", f" {url} ")
    assert load_settings().database_url == url
    assert check_database_url(url) == url


def test_a_bad_postgresql_url_never_shows_its_password(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DATABASE_URL", "postgresql://ann:hunter2@host:port/db")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message.startswith("DATABASE_URL is invalid: ") and "bad port" in message
    assert "hunter2" not in message and "ann:***@host" in message
    assert "\n" not in message


@pytest.mark.parametrize("token", [None, "", "   "])
def test_missing_token_is_one_clear_line(monkeypatch, token):
    if token is not None:
        monkeypatch.setenv("DISCORD_TOKEN", token)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message == MISSING_TOKEN
    assert message.startswith("DISCORD_TOKEN is not set: create a bot at https://discord.com/")
    assert "\n" not in message


def test_empty_token_in_dotenv_is_missing():
    Path(".env").write_text("DISCORD_TOKEN=\nDEV_GUILD_ID=\n")
    with pytest.raises(ConfigError, match="^DISCORD_TOKEN is not set"):
        load_settings()


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("DATABASE_URL", "mysql://h/db", "only SQLite and PostgreSQL"),
        ("DATABASE_URL", "postgresql:///db", "names no host"),
        ("REMINDER_HOURS", "soon", "valid number"),
        ("REMINDER_HOURS", "-1", "greater than or equal to 0"),
        ("DEV_GUILD_ID", "my-server", "valid integer"),
        ("LOG_LEVEL", "chatty", "DEBUG, INFO"),
    ],
)
def test_bad_value_names_the_setting(monkeypatch, name, value, words):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message.startswith(f"{name} is invalid: ")
    assert words in message
    assert repr(value) in message
    assert "\n" not in message


def test_dotenv_is_read():
    Path(".env").write_text(
        "# a comment\n"
        "DISCORD_TOKEN=from-dotenv\n"
        "DATABASE_URL=sqlite:////srv/games.sqlite3\n"
        "DEV_GUILD_ID=123456789012345678\n"
        "REMINDER_HOURS=0.5\n"
        "LOG_LEVEL=debug\n"
        "SOMETHING_ELSE=ignored\n"
    )
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == "from-dotenv"
    assert settings.database_path == "/srv/games.sqlite3"
    assert settings.dev_guild_id == 123456789012345678
    assert settings.reminder_hours == 0.5
    assert settings.log_level == "DEBUG"


def test_environment_beats_dotenv(monkeypatch):
    Path(".env").write_text("DISCORD_TOKEN=from-dotenv\nREMINDER_HOURS=3\n")
    monkeypatch.setenv("REMINDER_HOURS", "0")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == "from-dotenv"
    assert settings.reminder_hours == 0


def test_example_env_file_copied_as_is_only_lacks_the_token():
    example = Path(__file__).resolve().parents[2] / ".env.example"
    Path(".env").write_text(example.read_text())
    with pytest.raises(ConfigError, match="^DISCORD_TOKEN is not set"):
        load_settings()
    Path(".env").write_text(example.read_text().replace("DISCORD_TOKEN=", "DISCORD_TOKEN=x"))
    settings = load_settings()
    assert settings.dev_guild_id is None
    assert settings.database_path == "data/bot.sqlite3"


@pytest.mark.parametrize("value", ["", "  "])
def test_dev_guild_id_empty_is_none(monkeypatch, value):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DEV_GUILD_ID", value)
    assert load_settings().dev_guild_id is None
    assert Settings(discord_token="t", dev_guild_id=value).dev_guild_id is None


def test_shard_ids_name_the_shards_this_process_serves(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "4-6, 7")
    settings = load_settings()
    assert settings.shard_count == 8
    assert settings.shards is not None
    assert settings.shards.ids == (4, 5, 6, 7)


def test_a_shard_count_alone_serves_every_shard_of_it(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("SHARD_COUNT", "3")
    settings = load_settings()
    assert (settings.shard_count, settings.shards) == (3, None)


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2,4"}, "SHARD_IDS names shard 4, but SHARD_COUNT=4"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "two"}, "SHARD_IDS is invalid: 'two' is not a shard"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT is invalid"),
        ({"DATABASE_POOL_SIZE": "1"}, "DATABASE_POOL_SIZE is invalid"),
    ],
)
def test_wrong_shard_settings_are_one_line(monkeypatch, env, words):
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_web_pages_are_off_until_a_port_or_an_address_is_set(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    assert load_settings().page_url is None  # no pages, no links
    monkeypatch.setenv("WEB_PORT", "8080")
    assert load_settings().page_url == "http://127.0.0.1:8080"
    monkeypatch.setenv("WEB_HOST", "::1")
    assert load_settings().page_url == "http://[::1]:8080"
    monkeypatch.setenv("WEB_URL", " https://games.example.org/ ")
    assert load_settings().page_url == "https://games.example.org"


@pytest.mark.parametrize(("name", "value"), [
    ("WEB_URL", "games.example.org"), ("WEB_URL", "javascript:alert(1)"),
    ("WEB_URL", "https://games.example.org/?q=1"), ("WEB_PORT", "0"), ("WEB_PORT", "70000"),
    ("WEB_PORT", "http"),
])
def test_a_bad_web_setting_stops_the_start_with_one_line_naming_it(monkeypatch, name, value):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=f"^{name} is invalid") as error:
        load_settings()
    assert "\n" not in str(error.value)
