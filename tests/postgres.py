"""A real PostgreSQL server for the tests, started by the tests themselves.

By default the `pgserver` package (a test dependency; it ships PostgreSQL's binaries) starts a
server in a fresh data folder for the test session and deletes it at the end. TEST_POSTGRES_URL
names an existing server instead (e.g. postgresql://postgres:pw@localhost:5432/postgres): a
role that may create databases. Each test gets a database of its own, dropped afterwards.

When no server can be had, the tests that need one FAIL with the reason: a PostgreSQL test
that silently skips would let the backend rot unnoticed.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
import warnings
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.store.urls import describe_url

ENV = "TEST_POSTGRES_URL"
_names = itertools.count()


def run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to its end on a loop of its own (in a thread: the test's loop may be
    running, or be the one pytest-asyncio made for the test)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Server:
    """A PostgreSQL server the tests may create databases on."""

    def __init__(self, admin_url: str, url_for: Any, stop: Any = None) -> None:
        self.admin_url = admin_url
        self.url_for = url_for  # database name -> URL
        self.stop = stop

    async def _admin(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def create_database(self) -> tuple[str, str]:
        name = f"gametable_test_{os.getpid()}_{next(_names)}"
        run_async(self._admin(f'CREATE DATABASE "{name}"'))
        return name, self.url_for(name)

    def drop_database(self, name: str) -> None:
        run_async(self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _external(url: str) -> Server:
    parts = urlsplit(url)

    def url_for(name: str) -> str:
        return parts._replace(path=f"/{name}").geturl()

    return Server(url, url_for)


def _started(folder: Path) -> Server:
    import pgserver

    with warnings.catch_warnings():
        # platformdirs warns when the container has no XDG runtime folder; harmless here.
        warnings.simplefilter("ignore")
        server = pgserver.get_server(folder, cleanup_mode="delete")
    return Server(server.get_uri(), server.get_uri, server.cleanup)


def start_server(folder: Path) -> Server:
    """The server of TEST_POSTGRES_URL, or one pgserver starts in `folder` (fresh: a data
    folder is never reused). Raises pytest's failure, never a skip, when neither works."""
    external = os.environ.get(ENV, "").strip()
    try:
        server = _external(external) if external else _started(folder / "pgdata")
        run_async(server._admin("SELECT 1"))
        if not external:
            # A throwaway server: nothing it holds must outlive a crash, so it need not wait
            # for the disk at each commit (the benches keep the defaults, as a host would).
            for setting in ("fsync", "synchronous_commit", "full_page_writes"):
                run_async(server._admin(f"ALTER SYSTEM SET {setting} = off"))
            run_async(server._admin("SELECT pg_reload_conf()"))
    except Exception as error:
        how = f"{ENV}={describe_url(external)!r}" if external else "pgserver (the test dependency)"
        pytest.fail(
            f"no PostgreSQL server for the PostgreSQL tests: {how} failed with"
            f" {type(error).__name__}: {error}. Run scripts/setup test (it installs pgserver),"
            f" or set {ENV} to a server where the role may CREATE DATABASE.",
            pytrace=False,
        )
    return server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    # Not under pytest's tmp_path: pytest deletes all but its last three session folders, so
    # a second test run started meanwhile would delete this server's data under it.
    folder = Path(tempfile.mkdtemp(prefix="gametable-pg-"))
    try:
        server = start_server(folder)
        yield server
        if server.stop is not None:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: Server) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    name, url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend, for tests that hold for both: a SQLite file, or a
    database of its own on the PostgreSQL test server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/t.sqlite3"
    return request.getfixturevalue("postgres_url")


# End-to-end tests the database plays no part in (a move refused, a menu, a picture, the
# length of a whole game) run on PostgreSQL in the long run only (`scripts/test -m long`): the
# bot reads and writes through the same statements whatever the move. The default run keeps
# the PostgreSQL twin wherever the database's own behaviour is what is tested: restarts and
# crashes, deadlines and reaction windows, duplicate deliveries and menus opened together,
# DMs kept across restarts, the queries that list games, shards, the store contract and the
# table, and two whole games (Lunch Money with three people, Dobbelduel with two).
postgresql_in_the_long_run = pytest.mark.parametrize(
    "store_url",
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.long)],
    indirect=True,
)
