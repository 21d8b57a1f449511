"""A PostgreSQL password never reaches the terminal: not in the URL shown in errors, logs and
repr (`describe_url`), not in the "Cannot start" line of a real start, not in what
`python -m bot migrate` prints. Also when the password holds an unencoded '#', '/', '?' or '@'
(urllib then splits the URL inside the password) or comes as ``?password=`` or
``?sslpassword=`` in the query.

The server named is 127.0.0.1:1, where nobody listens: each connection fails at once."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.process.config import ConfigError, load_settings
from bot.store.urls import check_database_url, describe_url
from tests.fakediscord.harness import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1:1"

# Each secret's pieces are distinctive (found in no message), so that a piece of it that a
# wrong split of the URL cuts off is found too.
SECRETS = ["Kq7v#Zw9m", "Kq7v/Zw9m", "Kq7v?Zw9m", "Kq7v@Zw9m:Xr4t", "s3cr3tKq7v"]
QUERY_SECRETS = {  # the URL with the secret in its query, and the secret
    f"postgresql://ann@{HOST}/games?password=s3cr3tKq7v": "s3cr3tKq7v",
    f"postgresql://ann@{HOST}/games?sslmode=prefer&sslpassword=s3cr3tKq7v": "s3cr3tKq7v",
    # An unencoded '&' in a query password: asyncpg's error would name the piece after it.
    f"postgresql://ann@{HOST}/games?password=Kq7v%26&Zw9m": "Kq7v&Zw9m",
}


def cases() -> list[tuple[str, str]]:
    """(the URL, its secret) for every way of giving a password."""
    userinfo = [(f"postgresql://ann:{secret}@{HOST}/games", secret) for secret in SECRETS]
    return userinfo + list(QUERY_SECRETS.items())


CASES = cases()
IDS = [*SECRETS, "query-password", "query-sslpassword", "query-password-with-an-ampersand"]


def pieces(secret: str) -> list[str]:
    """The secret, and each piece of it between the characters that split a URL."""
    return [secret, *(p for p in re.split(r"[#/?@:&%]", secret) if len(p) >= 3)]


def assert_hidden(text: str, secret: str) -> None:
    for piece in pieces(secret):
        assert piece not in text, f"{piece!r} of the password is shown: {text}"


# -- (a) the described form ----------------------------------------------------------------


@pytest.mark.parametrize("secret", ["p#ss", "p/ss", "p?ss", "p@ss:w", "s3cr3t", *SECRETS])
def test_the_described_url_holds_no_part_of_a_userinfo_password(secret):
    url = f"postgresql://ann:{secret}@{HOST}/games"
    shown = describe_url(url)
    for piece in [secret, *(p for p in re.split(r"[#/?@:]", secret) if len(p) >= 2)]:
        assert piece not in shown, shown
    assert shown.startswith("postgresql://")
    if secret.isalnum():  # a URL that reads well: rebuilt from its parts
        assert shown == f"postgresql://ann:***@{HOST}/games"
    else:  # one that urllib splits inside the password: only the scheme
        assert shown == "postgresql://(a URL that could not be read)"


@pytest.mark.parametrize(("url", "secret"), CASES, ids=IDS)
def test_the_described_url_and_check_errors_hold_no_part_of_the_password(url, secret):
    shown = describe_url(url)
    assert_hidden(shown, secret)
    assert "?" not in shown and "#" not in shown  # never the query, never the fragment
    try:
        check_database_url(url)
    except ValueError as error:
        assert_hidden(str(error), secret)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://ann:pw@db.example.com:5433/games?sslmode=require",
         "postgresql://ann:***@db.example.com:5433/games"),
        ("postgres://db/games#frag", "postgres://db/games"),
        ("postgresql://ann@[::1]:5432/games", "postgresql://ann@[::1]:5432/games"),
        ("postgresql:///games?host=/var/run/postgresql&password=pw", "postgresql:///games"),
        ("postgresql://ann:pw", "postgresql://ann:(not a number)"),  # no '@': no password
        ("sqlite:///data/bot.sqlite3", "sqlite:///data/bot.sqlite3"),
        ("sqlite:////srv/x.sqlite3?mode=ro", "sqlite:////srv/x.sqlite3"),
        ("data/bot.sqlite3", "data/bot.sqlite3"),
        ("ann:pw@host/db", "(a URL that could not be read)"),
    ],
)  # fmt: skip
def test_the_described_url_is_rebuilt_from_its_parts(url, shown):
    assert describe_url(url) == shown


@pytest.mark.parametrize("secret", ["p#ss", "p/ss", "p?ss", "p@ss:w"])
def test_a_password_with_an_unencoded_delimiter_is_refused_with_what_to_write(
    monkeypatch, tmp_path, secret
):
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DATABASE_URL", f"postgresql://ann:{secret}@{HOST}/games")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message.startswith("DATABASE_URL is invalid: ") and "percent-encoded" in message
    assert "could not be read" in message and secret not in message


# -- (b) the "Cannot start" line of a real start ----------------------------------------------


async def run(*args: str, cwd: Path, **env: str) -> tuple[int, str]:
    """Python in another process (not blocking the loop the fake Discord is served on); its
    exit code, and its stdout and stderr together."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *args, cwd=cwd, env={**clean, "PYTHONPATH": str(ROOT), **env},
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=60)
    return proc.returncode or 0, out.decode()


async def test_no_start_failure_shows_any_part_of_the_password(tmp_path):
    """Each start is `python -m bot`'s, with Discord's REST and gateway pointed at a fake one
    (tests/fakediscord/botprocess.py), so a URL that passes the settings check gets as far as
    connecting to the database, as on a host; all run side by side."""
    fake = FakeDiscord()
    await fake.start()
    try:
        runs = [
            run("-m", "tests.fakediscord.botprocess", "--fake", fake.base_url, cwd=tmp_path,
                DISCORD_TOKEN=fake.token, DATABASE_URL=url, LOG_LEVEL="DEBUG")
            for url, _ in CASES
        ]  # fmt: skip
        done = await asyncio.gather(*runs)
    finally:
        await fake.stop()
    for (_url, secret), (code, output) in zip(CASES, done, strict=True):
        assert code in (1, 2), output
        [line] = [line for line in output.splitlines() if line.startswith("Cannot start: ")]
        assert "DATABASE_URL" in line, line  # the database's failure, not Discord's
        assert_hidden(output, secret)
        if code == 1:  # the URL read well: the connection failed
            assert "the database cannot be opened: PostgreSQL at postgresql://ann" in line


@pytest.mark.parametrize("secret", ["Kq7v#Zw9m", "Kq7v@Zw9m:Xr4t"])
def test_python_m_bot_refuses_an_unreadable_url_without_its_password(tmp_path, secret):
    code, output = asyncio.run(run(
        "-m", "bot", cwd=tmp_path, DISCORD_TOKEN="t",
        DATABASE_URL=f"postgresql://ann:{secret}@{HOST}/games",
    ))  # fmt: skip
    assert code == 2, output
    assert output.startswith("Cannot start: DATABASE_URL is invalid: "), output
    assert_hidden(output, secret)


# -- (c) python -m bot migrate ------------------------------------------------------------------


async def test_migrate_never_shows_any_part_of_the_password(tmp_path):
    runs = []
    for number, (url, _) in enumerate(CASES):
        source = tmp_path / f"bot{number}.sqlite3"  # one each: each run brings it up to date
        sqlite3.connect(source).close()
        runs.append(run("-m", "bot", "migrate", "--from", f"sqlite:///{source}", "--to", url,
                        cwd=tmp_path))
    # DATABASE_URL itself a PostgreSQL URL: refused as a source, by its described form.
    url, _ = CASES[0]
    runs.append(run("-m", "bot", "migrate", "--to", url, cwd=tmp_path, DATABASE_URL=url))
    done = await asyncio.gather(*runs)
    for (_url, secret), (code, output) in zip([*CASES, CASES[0]], done, strict=True):
        assert code in (1, 2), output
        assert output.startswith("Cannot migrate: "), output
        assert_hidden(output, secret)
