"""A start that cannot succeed says why in one line, with what to do, and exits non-zero."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.__main__ import EXIT_SETTINGS, EXIT_UNREACHABLE, serve
from bot.process.client import GameBot
from bot.process.config import Settings
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[2]


def python(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Python run in another directory with no token unless given: the checkout is
    importable however (or whether) the project is installed."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True, text=True, timeout=60,
    )


def settings(tmp_path: Path, token: str) -> Settings:
    return Settings(discord_token=token, database_url=f"sqlite:///{tmp_path}/bot.sqlite3")


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


async def test_a_refused_token_is_one_line_and_exit_code_2(
    fake_discord: FakeDiscord, tmp_path, capsys, caplog  # noqa: F811
):
    caplog.set_level(logging.WARNING)
    code = await serve(GameBot(settings(tmp_path, "not-the-token")), "not-the-token")
    assert code == EXIT_SETTINGS == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("Cannot start: Discord refused DISCORD_TOKEN.")
    assert "Reset Token" in line and ".env" in line
    assert "not-the-token" not in line  # a token, even a wrong one, is never printed
    assert not caplog.records, [r.getMessage() for r in caplog.records]


async def test_an_unreachable_discord_is_one_line_and_exit_code_1(
    tmp_path, capsys, caplog, monkeypatch
):
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")  # nobody there
    code = await serve(GameBot(settings(tmp_path, "some-token")), "some-token")
    assert code == EXIT_UNREACHABLE == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("Cannot start: Discord cannot be reached (")
    assert "network" in line and "some-token" not in line
    assert not caplog.records, [r.getMessage() for r in caplog.records]


def test_making_the_bot_says_nothing_about_voice(tmp_path):
    """discord.py warns at every start that the voice libraries are missing; this bot has no
    voice, so a fresh process that makes the bot with logging on prints nothing."""
    script = (
        "import logging; logging.basicConfig(level=logging.DEBUG);"
        "from bot.process.client import GameBot; from bot.process.config import Settings;"
        "GameBot(Settings(discord_token='t', database_url='sqlite:///x.sqlite3'))"
    )
    done = python(tmp_path, "-c", script)
    assert done.returncode == 0, done.stderr
    assert "voice" not in done.stderr.lower(), done.stderr


def test_a_missing_token_is_one_line_that_says_where_to_get_one(tmp_path):
    done = python(tmp_path, "-m", "bot")
    assert done.returncode == EXIT_SETTINGS
    line = one_line(done.stderr)
    assert "DISCORD_TOKEN" in line and ".env" in line
    assert "discord.com/developers/applications" in line


@pytest.mark.parametrize("value", ["", "   "])
def test_a_blank_token_is_a_missing_token(tmp_path, value):
    done = python(tmp_path, "-m", "bot", DISCORD_TOKEN=value)
    assert done.returncode == EXIT_SETTINGS
    assert "DISCORD_TOKEN" in one_line(done.stderr)


async def test_an_unreachable_postgresql_is_one_line_without_the_password(
    fake_discord: FakeDiscord, capsys, caplog  # noqa: F811
):
    caplog.set_level(logging.WARNING)
    url = "postgresql://ann:hunter2@127.0.0.1:9/games"  # nobody listens on port 9
    bot = GameBot(Settings(discord_token=fake_discord.token, database_url=url))
    code = await serve(bot, fake_discord.token)
    assert code == EXIT_UNREACHABLE
    line = one_line(capsys.readouterr().err)
    assert line.startswith("Cannot start: the database cannot be opened: PostgreSQL at ")
    assert "ann:***@127.0.0.1:9/games" in line and "DATABASE_URL" in line
    assert "hunter2" not in line
    assert not caplog.records, [r.getMessage() for r in caplog.records]


async def test_a_postgresql_login_refused_is_one_line(
    fake_discord: FakeDiscord, postgres_url, capsys  # noqa: F811
):
    from urllib.parse import urlsplit

    parts = urlsplit(postgres_url)
    wrong = parts._replace(path="/no_such_database").geturl()
    code = await serve(GameBot(Settings(discord_token=fake_discord.token, database_url=wrong)),
                       fake_discord.token)
    assert code == EXIT_UNREACHABLE
    line = one_line(capsys.readouterr().err)
    assert "no_such_database" in line and "does not exist" in line
