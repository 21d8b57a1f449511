"""A database any earlier release left behind, SQLite or PostgreSQL, at any schema version, is
brought up to date in place when the bot starts on it: its games read back whole and play on,
and its schema ends exactly as the migrations of those releases (one set of files per
database, kept in old_migrations/) would have left it. The migrations written once for both
carry the numbers and names of the old ones, so `schema_version` is read the same."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from bot.store.store import (
    OutboxItem,
    PostgresStore,
    Seat,
    SqliteStore,
    Store,
    load_migrations,
)
from tests.bot.old_schemas import DIALECTS, build_old, old_migrations, schema_of
from tests.postgres import Server

T0 = datetime(2030, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
VERSIONS = [m.version for m in load_migrations()]
# The releases with a set of files per database stop here; later migrations exist only once.
OLD_VERSIONS = [m.version for m in old_migrations("sqlite")]


@pytest.fixture
async def new_url(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[Callable[[str], str]]:
    """A maker of fresh, empty databases of a dialect (several per test)."""
    made: list[str] = []
    count = iter(range(100))

    def make(dialect: str) -> str:
        if dialect == "sqlite":
            return f"sqlite:///{tmp_path}/db{next(count)}.sqlite3"
        server: Server = request.getfixturevalue("postgres_server")
        name, url = server.create_database()
        made.append(name)
        return url

    yield make
    if made:
        server = request.getfixturevalue("postgres_server")
        for name in made:
            server.drop_database(name)


def test_one_set_of_migrations_carries_the_numbers_and_names_of_both_old_sets() -> None:
    """A schema_version row an earlier release wrote names the same migration now."""
    unified = [(m.version, m.name) for m in load_migrations()]
    for dialect in DIALECTS:
        old = [(m.version, m.name) for m in old_migrations(dialect)]
        assert old == unified[: len(old)]


async def _insert_a_game(url: str, before: int) -> int:
    """A running game with a log row, a timer and an unsent board, as far as the schema at
    `before` holds them, written the way the store of that release wrote them."""
    rows = [
        ("INSERT INTO sessions (guild_id, channel_id, game, status, host_id, players, options,"
         " seed, state, version, created_at, updated_at) VALUES (1, 100, 'dog', 'active', 7,"
         " '[{\"user_id\": 7, \"name\": \"Ann\"}]', '{}', 42, 's1', 1, $1, $1)", 0),
        ("INSERT INTO actions (session_id, seq, version, seat, user_id, action, at)"
         " VALUES (1, 1, 1, 0, 7, 'a', $1)", 0),
        ("INSERT INTO timers (session_id, kind, seat, due_at, version)"
         " VALUES (1, 'deadline', 0, $1, 1)", 2),
        ("INSERT INTO outbox (session_id, version, kind, payload, created_at)"
         " VALUES (1, 1, 'board', '{}', $1)", 5),
    ]  # fmt: skip
    wanted = [sql for sql, since in rows if before >= since]
    if url.startswith("sqlite:"):
        import sqlite3

        text = T0.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            for sql in wanted:
                conn.execute(sql.replace("$1", "?1"), (text,))
    else:
        conn = await asyncpg.connect(url)
        try:
            for sql in wanted:
                await conn.execute(sql, T0)
        finally:
            await conn.close()
    return 1


@pytest.mark.parametrize("before", [0, *OLD_VERSIONS])
@pytest.mark.parametrize("dialect", DIALECTS)
async def test_a_database_an_earlier_release_left_comes_up_to_date_with_its_game(
    new_url: Callable[[str], str], dialect: str, before: int
) -> None:
    url = new_url(dialect)
    await build_old(url, before)
    sid = await _insert_a_game(url, before) if before else None
    async with await Store.open(url) as store:
        assert await store.schema_version() == VERSIONS[-1]
        if sid is None:
            return
        session = await store.get_session(sid)
        assert (session.status, session.state, session.version) == ("active", "s1", 1)
        assert session.players == [Seat(user_id=7, name="Ann")]
        assert session.clock.waits == {} and session.board_news is None
        [action] = await store.actions(sid)
        assert (action.action, action.at, action.interaction_id, action.timeout) == (
            "a", T0, None, False)
        assert [t.kind for t in await store.due_timers(T0)] == (
            ["deadline"] if before >= 2 else [])
        rows = (await store.outbox(sid))[1]
        assert [r.kind for r in rows] == (["board"] if before >= 5 else [])
        # The changed CHECK lets calls in now, and the game moves on.
        moved = await store.record_action(sid, 1, seat=0, user_id=7, action="b", state="s2",
                                          outbox=[OutboxItem(kind="call", seat=0)])
        assert moved.version == 2
        assert [a.seq for a in await store.actions(sid)] == [1, 2]


@pytest.mark.parametrize(("before", "made_by"), [
    *((v, "an earlier release") for v in [0, *OLD_VERSIONS]),
    *((v, "this release") for v in VERSIONS[:-1]),
])
@pytest.mark.parametrize("dialect", DIALECTS)
async def test_the_schema_migrated_now_is_the_schema_the_old_migrations_made(
    new_url: Callable[[str], str], dialect: str, before: int, made_by: str
) -> None:
    """Whether a database stood at `before` (made by an earlier release's migrations, or by
    this release's), the current migrations leave the same tables, columns, types,
    constraints, indexes and triggers as the old migrations applied to the end, then the
    migrations written since."""
    reference = new_url(dialect)
    await build_old(reference, OLD_VERSIONS[-1])
    await (await Store.open(reference)).close()
    url = new_url(dialect)
    if made_by == "an earlier release":
        await build_old(url, before)
    else:
        early = [m for m in load_migrations() if m.version <= before]
        opener = SqliteStore if dialect == "sqlite" else PostgresStore
        await (await opener.open(url, migrations=early)).close()
    await (await Store.open(url)).close()
    assert await schema_of(url) == await schema_of(reference)
