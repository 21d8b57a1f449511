"""The store contract on both backends (SQLite and a real PostgreSQL server): migrations,
versioned writes, the append-only log, timers, meta. Tests named for one backend check what
only that backend has (SQLite's files and WAL, PostgreSQL's triggers and row locks)."""

import asyncio
import contextlib
import os
import sqlite3
import stat
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import asyncpg
import pytest

from bot.process.migrate import TABLES
from bot.store.store import (
    AlreadyApplied,
    ChannelBusy,
    KeptReplay,
    NextTimer,
    NotFound,
    OutboxItem,
    PostgresStore,
    PrivateMessage,
    ResultSeat,
    Seat,
    Session,
    SqliteStore,
    StaleVersion,
    Store,
    StoreBusy,
    StoreError,
    StoreUnavailable,
    WebPage,
    load_migrations,
)

T0 = datetime(2030, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
VERSIONS = [m.version for m in load_migrations()]


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest.fixture
async def open_store():
    """Open stores that are closed at teardown (aiosqlite's thread would keep pytest alive)."""
    opened: list[Store] = []

    async def opener(url_or_path: str) -> Store:
        store = await Store.open(url_or_path)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        await store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, db_path) -> str:
    """A database of each backend: a SQLite file, or a fresh database on the test server."""
    if request.param == "sqlite":
        return f"sqlite:///{db_path}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def store(db_url, open_store):
    return await open_store(db_url)


async def new_session(store: Store, channel_id: int = 100, **overrides) -> Session:
    fields = {
        "guild_id": 1,
        "channel_id": channel_id,
        "game": "dog",
        "host_id": 7,
        "players": [Seat(user_id=7, name="Ann")],
        "options": {"bots": 0},
        "seed": 42,
    }
    fields.update(overrides)
    return await store.create_session(**fields)


def raw(path: Path) -> sqlite3.Connection:
    """A second, plain connection, as another tool or process would have."""
    return sqlite3.connect(path)


# --- opening and migrations ----------------------------------------------------------------


async def test_open_creates_parent_directory_and_migrates_once(db_path, open_store):
    assert not db_path.parent.exists()
    first = await open_store(f"sqlite:///{db_path}")
    assert isinstance(first, SqliteStore)
    latest = load_migrations()[-1].version
    assert await first.schema_version() == latest
    session = await new_session(first)
    await first.close()

    second = await open_store(str(db_path))  # a plain path works too
    assert await second.schema_version() == latest
    assert (await second.get_session(session.id)).game == "dog"
    await second.close()

    with raw(db_path) as conn:
        applied = conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert [v for (v,) in applied] == [m.version for m in load_migrations()]


async def test_relative_url_is_relative_to_working_directory(tmp_path, monkeypatch, open_store):
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///data/rel.sqlite3")
    await store.close()
    assert (tmp_path / "data" / "rel.sqlite3").is_file()


async def test_wal_mode_is_on(db_path, open_store):
    await open_store(str(db_path))
    with raw(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_memory_store_works():
    async with await Store.open("sqlite:///:memory:") as store:
        session = await new_session(store)
        assert (await store.get_session(session.id)).id == session.id


async def test_database_newer_than_code_is_refused(db_path, open_store):
    store = await open_store(str(db_path))
    await store.close()
    with raw(db_path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (9999, '9999_future.sql', 'x')")
    with pytest.raises(StoreError, match="newer than this code"):
        await Store.open(str(db_path))


async def test_other_schemes_are_refused():
    with pytest.raises(ValueError, match="only SQLite and PostgreSQL"):
        await Store.open("mysql://localhost/games")


def test_migrations_are_numbered_and_unique(tmp_path):
    migrations = load_migrations()
    assert [m.version for m in migrations] == sorted({m.version for m in migrations})
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0001_b.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match="share a number"):
        load_migrations(tmp_path)
    (tmp_path / "0001_b.sql").unlink()
    (tmp_path / "notes.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match="NNNN_description"):
        load_migrations(tmp_path)


# --- sessions --------------------------------------------------------------------------------


async def test_create_and_read_back(store):
    session = await new_session(store)
    assert session.status == "lobby"
    assert session.version == 0
    assert session.state is None
    assert session.is_open
    assert await store.open_session(100) == session
    assert await store.get_session(session.id) == session
    assert await store.open_session(101) is None
    with pytest.raises(NotFound):
        await store.get_session(session.id + 1)


async def test_channel_busy(store):
    first = await new_session(store)
    with pytest.raises(ChannelBusy) as caught:
        await new_session(store, game="dobbelduel")
    assert caught.value.channel_id == 100
    assert caught.value.session_id == first.id
    await store.update_session(first.id, 0, status="active")
    with pytest.raises(ChannelBusy):
        await new_session(store)
    # Other channels are unaffected.
    assert (await new_session(store, channel_id=200)).channel_id == 200


@pytest.mark.parametrize("closing", ["finished", "ended"])
async def test_new_session_after_the_last_one_closed(store, closing):
    first = await new_session(store)
    await store.update_session(first.id, 0, status=closing)
    assert await store.open_session(100) is None
    second = await new_session(store)
    assert second.id != first.id
    assert (await store.open_session(100)).id == second.id
    # Re-opening the old one would make two open sessions in the channel.
    with pytest.raises(ChannelBusy):
        await store.update_session(first.id, 1, status="lobby")
    assert (await store.get_session(first.id)).status == closing


async def test_update_writes_only_given_fields(store):
    session = await new_session(store)
    seats = [Seat(user_id=7, name="Ann"), Seat(user_id=None, name="Robot 1", bot=True)]
    updated = await store.update_session(session.id, 0, players=seats, state='{"turn": 0}')
    assert updated.version == 1
    assert updated.players == seats
    assert updated.board_message_id is None
    assert updated.state == '{"turn": 0}'
    assert updated.options == session.options
    assert updated.status == "lobby"
    assert updated.lobby_message_id is None
    assert updated.created_at == session.created_at
    assert updated.updated_at >= session.updated_at

    # the host can change hands (the host left the lobby)
    moved = await store.update_session(session.id, 1, host_id=7)
    assert moved.host_id == 7 and moved.version == 2


async def test_message_bookkeeping_needs_no_version_and_keeps_it(store):
    """Which message shows the lobby is not a move: a write that raced a join still lands."""
    session = await new_session(store)
    joined = await store.update_session(session.id, 0, players=[Seat(user_id=7, name="Ann")])
    noted = await store.note_messages(session.id, lobby_message_id=9, board_message_id=555)
    assert (noted.lobby_message_id, noted.board_message_id) == (9, 555)
    assert noted.version == joined.version == 1
    assert noted.players == joined.players  # the move made meanwhile is kept
    cleared = await store.note_messages(session.id, board_message_id=None)
    assert (cleared.lobby_message_id, cleared.board_message_id) == (9, None)
    with pytest.raises(NotFound):
        await store.note_messages(session.id + 100, lobby_message_id=1)


async def test_stale_update_changes_nothing(store):
    session = await new_session(store)
    current = await store.update_session(session.id, 0, status="active", state="s1")
    with pytest.raises(StaleVersion) as caught:
        await store.update_session(session.id, 0, status="ended", state="other")
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    assert await store.get_session(session.id) == current


async def test_missing_session_is_not_found(store):
    with pytest.raises(NotFound):
        await store.update_session(999, 0, state="x")
    with pytest.raises(NotFound):
        await store.record_action(999, 0, seat=0, user_id=1, action="a", state="x")
    with pytest.raises(NotFound):
        await store.set_timer(999, "deadline", 0, T0, 0)


async def test_unknown_status_is_refused(store):
    session = await new_session(store)
    with pytest.raises(ValueError, match="unknown session status"):
        await store.update_session(session.id, 0, status="paused")  # type: ignore[arg-type]
    assert (await store.get_session(session.id)).version == 0


async def test_sessions_with_status(store):
    a = await new_session(store, channel_id=1)
    b = await new_session(store, channel_id=2)
    c = await new_session(store, channel_id=3)
    await store.update_session(b.id, 0, status="active")
    await store.update_session(c.id, 0, status="finished")
    assert [s.id for s in await store.sessions_with_status("active")] == [b.id]
    assert [s.id for s in await store.sessions_with_status("lobby", "active")] == [a.id, b.id]
    assert [s.id for s in await store.sessions_with_status()] == [a.id, b.id, c.id]
    assert await store.sessions_with_status("ended") == []


async def test_json_fields_round_trip(store, db_url):
    players = [
        Seat(user_id=2**62, name="Zoë «the» 🎲"),
        Seat(user_id=None, name="Bot", bot=True),
        {"user_id": 3, "name": "From a dict", "bot": False},
    ]
    options = {"variant": "teams", "bots": 2, "nested": {"list": [1, 2.5, None, True]}, "é": "ü"}
    state = '{"deck": [3, 1, 2], "name": "Zoë"}'
    session = await new_session(store, players=players, options=options, seed=2**63 - 1)
    session = await store.update_session(session.id, 0, state=state)
    await store.close()
    async with await Store.open(db_url) as reopened:
        again = await reopened.get_session(session.id)
    assert again == session
    assert again.players[0].name == "Zoë «the» 🎲"
    assert again.players[1] == Seat(user_id=None, name="Bot", bot=True)
    assert again.players[2] == Seat(user_id=3, name="From a dict")
    assert again.options == options
    assert again.state == state
    assert again.seed == 2**63 - 1


async def test_datetimes_are_aware_utc(store):
    session = await new_session(store)
    for moment in (session.created_at, session.updated_at):
        assert moment.tzinfo is not None
        assert moment.utcoffset() == timedelta(0)
    assert abs(datetime.now(UTC) - session.created_at) < timedelta(minutes=1)

    plus_two = timezone(timedelta(hours=2))
    local = datetime(2030, 6, 1, 14, 30, 0, 123456, tzinfo=plus_two)
    timer = await store.set_timer(session.id, "deadline", 0, local, 0)
    assert timer.due_at == local
    assert timer.due_at.tzinfo == UTC
    assert timer.due_at.hour == 12
    [fetched] = await store.due_timers(local)
    assert fetched.due_at == local
    assert fetched.due_at.utcoffset() == timedelta(0)

    record = await store.record_action(session.id, 0, seat=0, user_id=7, action="x", state="s")
    [row] = await store.actions(session.id)
    assert row.at.utcoffset() == timedelta(0)
    assert row.at == record.updated_at


async def test_naive_datetimes_are_refused(store):
    session = await new_session(store)
    with pytest.raises(ValueError, match="naive"):
        await store.set_timer(session.id, "deadline", 0, datetime(2030, 1, 1), 0)
    with pytest.raises(ValueError, match="naive"):
        await store.due_timers(datetime(2030, 1, 1))


# --- the action log --------------------------------------------------------------------------


async def test_record_action_appends_and_bumps(store):
    session = await new_session(store)
    session = await store.update_session(session.id, 0, status="active", state="s0")
    first = await store.record_action(
        session.id, session.version, seat=0, user_id=7, action="play:7", state="s1"
    )
    assert first.version == session.version + 1
    assert first.state == "s1"
    assert first.status == "active"
    second = await store.record_action(
        session.id, first.version, seat=None, user_id=None, action="timeout", state="s2",
        status="finished",
    )  # fmt: skip
    assert second.version == first.version + 1
    assert second.status == "finished"
    assert await store.get_session(session.id) == second

    log = await store.actions(session.id)
    assert [(a.seq, a.version, a.seat, a.user_id, a.action) for a in log] == [
        (1, first.version, 0, 7, "play:7"),
        (2, second.version, None, None, "timeout"),
    ]
    assert all(a.session_id == session.id for a in log)


async def test_logs_are_per_session(store):
    a = await new_session(store, channel_id=1)
    b = await new_session(store, channel_id=2)
    await store.record_action(a.id, 0, seat=0, user_id=7, action="a1", state="x")
    await store.record_action(b.id, 0, seat=0, user_id=7, action="b1", state="x")
    await store.record_action(a.id, 1, seat=0, user_id=7, action="a2", state="x")
    assert [(r.seq, r.action) for r in await store.actions(a.id)] == [(1, "a1"), (2, "a2")]
    assert [(r.seq, r.action) for r in await store.actions(b.id)] == [(1, "b1")]


async def test_stale_record_action_leaves_nothing_behind(store):
    session = await new_session(store)
    current = await store.record_action(session.id, 0, seat=0, user_id=7, action="a", state="s1")
    with pytest.raises(StaleVersion):
        await store.record_action(
            session.id, 0, seat=1, user_id=8, action="late", state="s-late", status="ended"
        )
    assert await store.get_session(session.id) == current
    assert [a.action for a in await store.actions(session.id)] == ["a"]


async def test_action_log_is_append_only_on_sqlite(db_path, open_store):
    store = await open_store(str(db_path))
    session = await new_session(store)
    await store.record_action(session.id, 0, seat=0, user_id=7, action="a", state="s1")
    with raw(db_path) as conn:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE actions SET action = 'forged'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM actions")
    assert [a.action for a in await store.actions(session.id)] == ["a"]
    # Nor does the interface offer a way to rewrite history.
    assert {name for name in dir(Store) if "action" in name} == {
        "actions", "record_action", "action_by_interaction"
    }


async def test_concurrent_record_action_exactly_one_wins(store):
    session = await new_session(store)
    results = await asyncio.gather(
        *(
            store.record_action(session.id, 0, seat=i, user_id=i, action=f"a{i}", state=f"s{i}")
            for i in range(2)
        ),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, Session)]
    losers = [r for r in results if isinstance(r, StaleVersion)]
    assert len(winners) == 1
    assert len(losers) == 1
    log = await store.actions(session.id)
    assert len(log) == 1
    assert (await store.get_session(session.id)).state == winners[0].state
    assert log[0].action == f"a{winners[0].state[1:]}"


async def test_concurrent_record_action_across_connections(store, db_url):
    """Two processes on one database: the version check still lets exactly one win."""
    session = await new_session(store)
    async with await Store.open(db_url) as other:
        results = await asyncio.gather(
            *(
                s.record_action(session.id, 0, seat=0, user_id=1, action=name, state=name)
                for s, name in ((store, "mine"), (other, "theirs"))
            ),
            return_exceptions=True,
        )
    assert sorted(type(r).__name__ for r in results) == ["Session", "StaleVersion"]
    assert len(await store.actions(session.id)) == 1


async def test_cancelled_write_leaves_the_connection_usable(store):
    """A cancelled caller must neither leave half a write nor an open transaction behind."""
    session = await new_session(store)
    version = 0
    for spins in range(12):
        task = asyncio.create_task(
            store.record_action(
                session.id, version, seat=0, user_id=7, action=f"a{spins}", state="s"
            )
        )
        for _ in range(spins):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        current = await store.get_session(session.id)
        assert current.version == len(await store.actions(session.id))
        version = current.version
    await store.record_action(session.id, version, seat=0, user_id=7, action="last", state="s")
    assert (await store.actions(session.id))[-1].action == "last"


# --- timers ----------------------------------------------------------------------------------


async def test_timers_order_and_due_selection(store):
    s1 = await new_session(store, channel_id=1)
    s2 = await new_session(store, channel_id=2)
    assert await store.next_timer() is None
    late = await store.set_timer(s1.id, "deadline", 0, T0 + timedelta(hours=2), 3)
    soon = await store.set_timer(s2.id, "reminder", 1, T0 + timedelta(minutes=5), 0)
    now_ = await store.set_timer(s1.id, "reminder", None, T0, 3)
    assert (late.kind, late.seat, late.version, late.session_id) == ("deadline", 0, 3, s1.id)

    assert await store.next_timer() == now_
    assert await store.due_timers(T0 - timedelta(microseconds=1)) == []
    assert await store.due_timers(T0) == [now_]
    assert await store.due_timers(T0 + timedelta(hours=1)) == [now_, soon]
    assert await store.due_timers(T0 + timedelta(days=1)) == [now_, soon, late]

    assert await store.delete_timer(now_.id) is True
    assert await store.delete_timer(now_.id) is False
    assert await store.next_timer() == soon


async def test_clear_timers(store):
    s1 = await new_session(store, channel_id=1)
    s2 = await new_session(store, channel_id=2)
    await store.set_timer(s1.id, "deadline", 0, T0, 0)
    await store.set_timer(s1.id, "reminder", 0, T0, 0)
    await store.set_timer(s1.id, "reminder", 1, T0, 0)
    other = await store.set_timer(s2.id, "reminder", 0, T0, 0)
    assert await store.clear_timers(s1.id, "reminder") == 2
    assert [t.kind for t in await store.due_timers(T0) if t.session_id == s1.id] == ["deadline"]
    assert await store.clear_timers(s1.id) == 1
    assert await store.due_timers(T0) == [other]


# --- meta ------------------------------------------------------------------------------------


async def test_meta(store, db_url):
    assert await store.get_meta("command_tree_hash") is None
    await store.set_meta("command_tree_hash", "abc")
    await store.set_meta("command_tree_hash", "def")
    await store.set_meta("other", "")
    assert await store.get_meta("command_tree_hash") == "def"
    assert await store.get_meta("other") == ""
    await store.close()
    async with await Store.open(db_url) as reopened:
        assert await reopened.get_meta("command_tree_hash") == "def"


async def test_private_message_records_where_a_hand_went_and_closed_dms(store):
    from bot.store.store import PrivateMessage

    session = await new_session(store)
    blank = await store.private_message(session.id, 1)
    assert (blank.channel_id, blank.message_id, blank.dms_closed) == (None, None, False)
    await store.set_private_message(
        PrivateMessage(session_id=session.id, seat=1, channel_id=5, message_id=6)
    )
    await store.set_private_message(
        PrivateMessage(session_id=session.id, seat=1, channel_id=5, message_id=7)
    )
    assert (await store.private_message(session.id, 1)).message_id == 7
    await store.set_private_message(PrivateMessage(session_id=session.id, seat=2, dms_closed=True))
    assert (await store.private_message(session.id, 2)).dms_closed
    assert not (await store.private_message(session.id, 1)).dms_closed


async def test_database_files_are_private_to_the_bots_user(tmp_path, open_store):
    """Every hand and code is in the database: 0600 files in a 0700 folder, whatever umask."""
    old = os.umask(0o000)
    try:
        path = tmp_path / "data" / "deep" / "bot.sqlite3"
        store = await open_store(f"sqlite:///{path}")
        await new_session(store)  # writes: the -wal and -shm files exist now
    finally:
        os.umask(old)
    for folder in (path.parent, path.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    files = [path, path.with_name("bot.sqlite3-wal"), path.with_name("bot.sqlite3-shm")]
    assert all(f.exists() for f in files)
    assert {f.name: stat.S_IMODE(f.stat().st_mode) for f in files} == {
        f.name: 0o600 for f in files
    }


async def test_a_database_readable_by_others_is_made_private(tmp_path, open_store):
    tmp_path.chmod(0o755)
    path = tmp_path / "bot.sqlite3"
    path.touch()
    path.chmod(0o644)
    await open_store(str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755  # a folder it did not make is left


async def test_a_move_replaces_the_sessions_timers_in_the_same_write(store):
    session = await new_session(store)
    await store.set_timer(session.id, "reminder", 0, T0, 0)
    bots = NextTimer(kind="bots", seat=None, due_at=T0)
    moved = await store.record_action(session.id, 0, seat=0, user_id=7, action="a", state="s1",
                                      timers=[bots])
    timer = await store.next_timer()
    assert (timer.kind, timer.seat, timer.due_at, timer.version) == ("bots", None, T0, 1)
    assert len(await store.due_timers(T0)) == 1  # the reminder is gone
    # A stale move writes nothing: neither state nor timers.
    with pytest.raises(StaleVersion):
        await store.record_action(session.id, 0, seat=0, user_id=7, action="b", state="s2",
                                  timers=[])
    assert [t.kind for t in await store.due_timers(T0)] == ["bots"]
    # A lobby change may carry timers too; without `timers` they are left alone.
    await store.update_session(session.id, moved.version, state="s3")
    assert [t.kind for t in await store.due_timers(T0)] == ["bots"]
    await store.update_session(session.id, moved.version + 1, state="s4", timers=[])
    assert await store.next_timer() is None


# --- both backends: what the bot's other tests exercise on SQLite only ----------------------


async def test_a_second_delivery_of_an_interaction_is_already_applied(store):
    session = await new_session(store)
    moved = await store.record_action(
        session.id, 0, seat=0, user_id=7, action="a", state="s1", interaction_id=2**62
    )
    with pytest.raises(AlreadyApplied) as caught:
        await store.record_action(
            session.id, 1, seat=0, user_id=7, action="a", state="s2", interaction_id=2**62
        )
    assert caught.value.interaction_id == 2**62
    assert await store.get_session(session.id) == moved  # the second state was rolled back
    assert [a.action for a in await store.actions(session.id)] == ["a"]
    found = await store.action_by_interaction(2**62)
    assert (found.seq, found.version, found.timeout) == (1, 1, False)
    assert await store.action_by_interaction(1) is None
    await store.record_action(session.id, 1, seat=1, user_id=None, action="t", state="s3",
                              timeout=True)
    assert [a.timeout for a in await store.actions(session.id)] == [False, True]
    assert await store.last_move_version(session.id, 0) == 1
    assert await store.last_move_version(session.id, 1) == 2
    assert await store.last_move_version(session.id, 5) is None


async def test_outbox_rows_are_written_with_the_move_claimed_and_done(store):
    session = await new_session(store)
    items = [
        OutboxItem(kind="board", payload={"events": ["x"]}),
        OutboxItem(kind="private", seat=0, payload={"state": "é", "news": [1, None]}),
        OutboxItem(kind="call", seat=1, payload={"due": "2030-01-01T00:00:00Z"}),
    ]
    moved = await store.record_action(session.id, 0, seat=0, user_id=7, action="a", state="s",
                                      outbox=items)
    other = await new_session(store, channel_id=101)
    await store.update_session(other.id, 0, status="active",
                               outbox=[OutboxItem(kind="board")])
    assert await store.sessions_with_outbox() == [session.id, other.id]
    read, rows = await store.outbox(session.id)
    assert read == moved
    assert [(r.kind, r.seat, r.payload, r.version, r.nonce) for r in rows] == [
        (i.kind, i.seat, i.payload, 1, None) for i in items
    ]
    await store.claim_outbox([rows[0].id, rows[1].id], "nonce-1")
    assert [r.nonce for r in (await store.outbox(session.id))[1]] == ["nonce-1", "nonce-1", None]
    await store.done_outbox([r.id for r in rows])
    await store.done_outbox([r.id for r in rows])  # already gone is fine
    await store.done_outbox([])
    assert await store.sessions_with_outbox() == [other.id]
    with pytest.raises(NotFound):
        await store.outbox(999_999)


async def test_a_kept_replay_is_read_back_replaced_and_the_oldest_let_go_past_the_weight(
    store, monkeypatch
):
    games = [await new_session(store, channel_id=n) for n in (1, 2, 3)]
    assert await store.kept_replay(games[0].id, "nl") is None
    video = bytes(range(256)) * 2  # every byte value, NUL too
    first = KeptReplay(session_id=games[0].id, language="nl", kind="mp4", data=video,
                       about='{"moves": 3}')
    await store.keep_replay(first)
    assert await store.kept_replay(games[0].id, "nl") == first
    assert await store.kept_replay(games[0].id, "fr") is None
    again = first.model_copy(update={"data": video[:100], "kind": "gif"})
    await store.keep_replay(again)  # made again (two asked at once): the last one kept
    assert await store.kept_replay(games[0].id, "nl") == again
    monkeypatch.setattr(store, "REPLAYS_KEPT_BYTES", 250)
    for game in games[1:]:
        await store.keep_replay(again.model_copy(update={"session_id": game.id}))
    # 100 bytes each: the two made last are kept, the oldest let go
    kept = [await store.kept_replay(game.id, "nl") for game in games]
    assert kept[0] is None and kept[1] is not None and kept[2] is not None


async def test_dm_channels_lookups_and_guild_listing(store):
    assert await store.dm_channel(2**62) is None
    await store.set_dm_channel(2**62, 5)
    await store.set_dm_channel(2**62, 6)
    assert await store.dm_channel(2**62) == 6
    await store.set_dm_channel(2**62, None)
    assert await store.dm_channel(2**62) is None
    a = await new_session(store, channel_id=1, guild_id=9)
    b = await new_session(store, channel_id=2, guild_id=9)
    await new_session(store, channel_id=3, guild_id=8)
    assert [s.id for s in await store.open_sessions_in_guild(9, 10)] == [b.id, a.id]
    assert [s.id for s in await store.open_sessions_in_guild(9, 1)] == [b.id]
    await store.update_session(b.id, 0, status="ended")
    assert [s.id for s in await store.open_sessions_in_guild(9, 10)] == [a.id]
    assert (await store.latest_session(2)).id == b.id
    assert await store.latest_session(4) is None
    noted = await store.note_messages(a.id, board_news=None)
    assert noted.version == 0
    record = PrivateMessage(session_id=a.id, seat=0, content="hand", dms_closed=False)
    await store.set_private_message(record)
    assert await store.private_message(a.id, 0) == record


async def test_a_servers_web_page_public_channels_and_latest_results(store):
    assert await store.web_page(9) == WebPage()  # no page until the server asks
    await store.set_web_page(9, True, "nl")
    await store.set_threads_by_default(9, True)  # the other setting leaves it as it is
    assert await store.web_page(9) == WebPage(on=True, language="nl")
    assert await store.web_pages() == [9]
    await store.set_web_page(9, False, "fr")
    assert await store.web_page(9) == WebPage(on=False, language="fr")
    assert await store.threads_by_default(9)
    await store.note_channel(1, 9, True)
    await store.note_channel(2, 9, True)
    await store.note_channel(2, 9, False)  # made private since
    await store.note_channel(3, 8, True)
    assert await store.public_channels(9) == {1}
    finished = []
    for n, game in enumerate(["dog", "dobbelduel", "dog"]):
        s = await new_session(store, channel_id=10 + n, guild_id=9, game=game)
        s = await store.update_session(s.id, 0, status="active", state="s0")
        await store.record_action(s.id, s.version, seat=0, user_id=7, action="win",
                                  state="end", status="finished", result=[
                                      ResultSeat(seat=0, user_id=7, name="Ann", team=0,
                                                 score=1, won=True)])
        finished.append(s.id)
    assert [r.session_id for r in await store.finished_in_guild(9, 2)] == finished[:0:-1]
    assert await store.finished_in_guild(8, 5) == []
    dogs = await store.results_after(9, "dog", None, 10)
    assert [r.session_id for r in dogs] == [finished[0], finished[2]]
    assert [r.session_id for r in await store.results_after(9, "dog", None, 1)] == finished[:1]
    after = (dogs[0].finished_at, dogs[0].session_id)
    assert [r.session_id for r in await store.results_after(9, "dog", after, 10)] == finished[2:]
    last = (dogs[1].finished_at, dogs[1].session_id)
    assert await store.results_after(9, "dog", last, 10) == []
    assert await store.results_after(9, "lunchmoney", None, 10) == []
    assert sorted(s.id for s in await store.sessions_by_id([*finished, 999])) == finished
    assert await store.sessions_by_id([]) == []


# --- PostgreSQL only -------------------------------------------------------------------------


async def test_postgresql_url_opens_a_postgres_store_and_migrates_an_empty_database(
    postgres_url, open_store
):
    store = await open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    latest = load_migrations()[-1].version
    assert await store.schema_version() == latest
    await store.close()
    again = await open_store(postgres_url)  # a second start applies nothing twice
    assert await again.schema_version() == latest
    conn = await asyncpg.connect(postgres_url)
    try:
        applied = [r["version"] for r in await conn.fetch(
            "SELECT version FROM schema_version ORDER BY version")]
        tables = {r["tablename"] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    finally:
        await conn.close()
    assert applied == VERSIONS
    assert tables == {"schema_version", *TABLES}  # the tables SQLite has (bot/process/migrate.py)


async def test_two_processes_starting_at_once_migrate_once(postgres_url):
    stores = await asyncio.gather(*(PostgresStore.open(postgres_url) for _ in range(3)))
    try:
        assert {await s.schema_version() for s in stores} == {VERSIONS[-1]}
    finally:
        for s in stores:
            await s.close()


async def test_postgresql_database_newer_than_code_is_refused(postgres_url, open_store):
    await open_store(postgres_url)
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("INSERT INTO schema_version VALUES (9999, '9999_future.sql', now())")
    await conn.close()
    with pytest.raises(StoreError, match="newer than this code"):
        await Store.open(postgres_url)


async def test_action_log_is_append_only_on_postgresql(postgres_url, open_store):
    store = await open_store(postgres_url)
    session = await new_session(store)
    await store.record_action(session.id, 0, seat=0, user_id=7, action="a", state="s1")
    conn = await asyncpg.connect(postgres_url)
    try:
        for sql in ("UPDATE actions SET action = 'forged'", "DELETE FROM actions",
                    "TRUNCATE actions CASCADE"):
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await conn.execute(sql)
    finally:
        await conn.close()
    assert [a.action for a in await store.actions(session.id)] == ["a"]


async def test_a_writer_waiting_on_the_row_lock_is_told_stale_after_the_winner_commits(
    postgres_url, open_store
):
    """Two processes write the same session while a third holds its row: both wait on the
    lock inside their single UPDATE ... WHERE version = $2; when it is released exactly one
    wins and the other is told StaleVersion. Nothing is lost or written twice."""
    first = await open_store(postgres_url)
    second = await open_store(postgres_url)
    session = await new_session(first)
    holder = await asyncpg.connect(postgres_url)
    try:
        for round_ in range(5):
            version = (await first.get_session(session.id)).version
            lock = holder.transaction()
            await lock.start()
            await holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session.id)
            writes = [
                asyncio.create_task(s.record_action(
                    session.id, version, seat=n, user_id=n, action=f"r{round_}-{n}",
                    state=f"r{round_}-{n}", timers=[NextTimer(kind="k", seat=n, due_at=T0)],
                    outbox=[OutboxItem(kind="board", payload={"n": n})],
                ))
                for n, s in enumerate((first, second))
            ]
            await asyncio.sleep(0.2)
            assert not any(w.done() for w in writes)  # both wait on the row lock
            await lock.commit()
            results = await asyncio.gather(*writes, return_exceptions=True)
            winners = [r for r in results if isinstance(r, Session)]
            losers = [r for r in results if isinstance(r, StaleVersion)]
            assert (len(winners), len(losers)) == (1, 1), results
            assert (losers[0].expected, losers[0].actual) == (version, version + 1)
            current = await second.get_session(session.id)
            assert current == winners[0]
            [timer] = await first.due_timers(T0)
            assert (timer.version, f"r{round_}-{timer.seat}") == (current.version, current.state)
    finally:
        await holder.close()
    log = await first.actions(session.id)
    assert [a.seq for a in log] == [1, 2, 3, 4, 5]
    assert [a.version for a in log] == [1, 2, 3, 4, 5]
    assert [a.action for a in log][-1] == current.state
    assert len((await first.outbox(session.id))[1]) == 5  # one per winning move, none doubled


async def test_many_writers_on_two_pools_lose_nothing(postgres_url, open_store):
    """Two stores (two processes' pools) race on one session for 40 moves, each retrying on
    StaleVersion: every move lands exactly once, in a gapless log."""
    stores = [await open_store(postgres_url), await open_store(postgres_url)]
    session = await new_session(stores[0])
    made: list[str] = []

    async def player(n: int, store: Store) -> None:
        for i in range(20):
            name = f"p{n}-{i}"
            while True:
                current = await store.get_session(session.id)
                try:
                    await store.record_action(session.id, current.version, seat=n, user_id=n,
                                              action=name, state=name)
                except StaleVersion:
                    continue
                made.append(name)
                break

    await asyncio.gather(*(player(n, s) for n, s in enumerate(stores)),
                         *(player(n + 2, s) for n, s in enumerate(stores)))
    log = await stores[1].actions(session.id)
    assert [a.seq for a in log] == list(range(1, 81))
    assert [a.version for a in log] == list(range(1, 81))
    assert sorted(a.action for a in log) == sorted(made)
    assert len(set(made)) == 80
    assert (await stores[0].get_session(session.id)).version == 80


async def test_a_row_locked_past_the_lock_timeout_is_store_busy(postgres_url, monkeypatch):
    """Another process (or a person at psql) holding a session's row longer than the lock
    timeout: the write gives up with StoreBusy, as SQLite's busy timeout does, and leaves
    nothing behind; once the lock is gone the same write goes through."""
    monkeypatch.setattr(PostgresStore, "LOCK_TIMEOUT_MS", 200)
    async with await Store.open(postgres_url) as store:
        session = await new_session(store)
        holder = await asyncpg.connect(postgres_url)
        try:
            lock = holder.transaction()
            await lock.start()
            await holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session.id)
            with pytest.raises(StoreBusy):
                await store.record_action(session.id, 0, seat=0, user_id=7, action="a",
                                          state="s1")
            await lock.rollback()
        finally:
            await holder.close()
        assert await store.actions(session.id) == []
        moved = await store.record_action(session.id, 0, seat=0, user_id=7, action="a",
                                          state="s1")
        assert moved.version == 1


async def _terminate(postgres_url: str, pid: int | None = None) -> int:
    """End server connections to the test database (one, or all but this one), as a restart
    of the server or an administrator would."""
    killer = await asyncpg.connect(postgres_url)
    try:
        return await killer.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND ($1::int IS NULL OR pid = $1)",
            pid,
        )
    finally:
        await killer.close()


async def test_a_postgresql_connection_lost_mid_write_is_unavailable_and_writes_nothing(
    postgres_url, open_store
):
    store = await open_store(postgres_url)
    session = await new_session(store)
    with pytest.raises(StoreUnavailable, match="PostgreSQL went away"):
        async with store._write() as db:  # a write under way when the server goes
            await db.execute("UPDATE sessions SET status = 'active' WHERE id = $1", session.id)
            assert await _terminate(postgres_url, await db.fetchval("SELECT pg_backend_pid()"))
            await db.execute("SELECT 1")
    again = await store.get_session(session.id)  # a new connection serves the next call
    assert (again.status, again.version) == ("lobby", 0)


async def test_a_postgresql_restart_never_shows_a_driver_error(postgres_url, open_store):
    store = await open_store(postgres_url)
    session = await new_session(store)
    for _ in range(8):  # each read is served (the pool noticed first) or StoreUnavailable
        for _try in range(PostgresStore.POOL_MAX + 1):  # a connection to end: one read served
            with contextlib.suppress(StoreUnavailable):
                await store.get_session(session.id)
                break
        assert await _terminate(postgres_url) >= 1
        with contextlib.suppress(StoreUnavailable):
            await store.get_session(session.id)
    # A pooled connection the server ended may not be noticed before it is handed out (the
    # loop has not read its socket yet): that call is StoreUnavailable, never a driver error,
    # and nothing was written; at most one such call per pooled connection, then writes land.
    written = None
    for _ in range(PostgresStore.POOL_MAX + 1):
        with contextlib.suppress(StoreUnavailable):
            written = await store.update_session(session.id, 0, status="active")
            break
    assert written is not None and written.version == 1


async def test_a_table_changed_by_a_newer_release_is_busy_once_then_written(
    postgres_url, open_store
):
    """A rolling deploy: a newer process adds a column while this one holds prepared
    statements; the next write here is StoreBusy (nothing written), the one after works."""
    store = await open_store(postgres_url)
    session = await new_session(store)
    session = await store.update_session(session.id, 0, status="active")
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("ALTER TABLE sessions ADD COLUMN from_a_newer_release INTEGER")
    finally:
        await conn.close()
    written = None
    for _ in range(PostgresStore.POOL_MAX + 1):  # each pooled connection prepared it once
        try:
            written = await store.update_session(session.id, session.version, state="s")
            break
        except StoreBusy:
            assert (await store.get_session(session.id)).version == session.version
    assert written is not None and written.version == session.version + 1


async def test_a_write_cancelled_on_postgresql_ends_cancelled_not_as_a_driver_error(
    postgres_url, open_store, monkeypatch
):
    """A stop cancels a write mid-query; asyncpg then fails to reset the connection it returns
    to the pool. The caller sees its cancellation, not "PostgreSQL went away" (the outbox
    logged that as an error at every shutdown that caught it delivering)."""
    store = await open_store(postgres_url)
    session = await new_session(store)
    holder = await asyncpg.connect(postgres_url)
    try:
        await holder.execute("BEGIN")
        await holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session.id)

        async def reset_fails(self, *, timeout=None) -> None:
            raise asyncpg.InternalClientError(
                "cannot switch to state 15; another operation (2) is in progress"
            )

        monkeypatch.setattr(asyncpg.Connection, "reset", reset_fails)
        write = asyncio.ensure_future(store.update_session(session.id, 0, status="active"))
        await asyncio.sleep(0.2)  # waiting for the row lock
        assert not write.done()
        write.cancel()
        with pytest.raises(asyncio.CancelledError):
            await write
        await holder.execute("ROLLBACK")
    finally:
        await holder.close()
    monkeypatch.undo()
    assert (await store.get_session(session.id)).version == 0  # nothing was written


async def test_a_postgresql_that_stops_answering_is_unavailable_in_bounded_time(postgres_url):
    """A server that holds a query without an answer (here: a lock held past the query's
    time, which is shorter than the lock timeout) ends the call as StoreUnavailable, nothing
    written, instead of holding the move and its player for good."""
    store = await PostgresStore.open(postgres_url, command_timeout=0.5)
    holder = await asyncpg.connect(postgres_url)
    try:
        session = await new_session(store)
        await holder.execute("BEGIN")
        await holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session.id)
        loop = asyncio.get_running_loop()
        began = loop.time()
        with pytest.raises(StoreUnavailable, match="did not answer in time"):
            await store.update_session(session.id, 0, status="active")
        assert loop.time() - began < PostgresStore.LOCK_TIMEOUT_MS / 1000
        await holder.execute("ROLLBACK")
        assert (await store.get_session(session.id)).version == 0
    finally:
        await holder.close()
        await store.close()
