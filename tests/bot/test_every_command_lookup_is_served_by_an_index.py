"""Every statement the store runs for a command is served by an index (DESIGN.md, "Scale"):
`EXPLAIN QUERY PLAN` shows a SEARCH, never a SCAN, so a command costs the same with ten
sessions in the database or a hundred thousand. The statements are recorded as the store
sends them, with their parameters bound as they are bound, because that is what decides the
plan: `status IN (?, ?)` with bound values could not use the partial index of open games.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.store.store import (
    BoardNews,
    Clock,
    NextTimer,
    OutboxItem,
    PrivateMessage,
    ResultSeat,
    Seat,
    SqliteStore,
    Store,
    utcnow,
)

Recorded = list[tuple[str, tuple[Any, ...]]]


@contextlib.contextmanager
def recording(store: SqliteStore) -> Iterator[Recorded]:
    """Note each statement the store's connections run, with its parameters."""
    seen: Recorded = []
    connections = {id(c): c for c in (store._db, store._reader)}.values()
    originals = []
    for conn in connections:
        for name in ("execute", "execute_fetchall", "executemany"):
            original = getattr(conn, name)
            originals.append((conn, name, original))

            def wrapped(sql: str, params: Any = (), *, _original: Any = original,
                        _many: bool = name == "executemany") -> Any:
                rows = list(params) if _many else [params]
                if rows:
                    seen.append((sql, tuple(rows[0] or ())))
                return _original(sql, params)

            setattr(conn, name, wrapped)
    try:
        yield seen
    finally:
        for conn, name, original in originals:
            setattr(conn, name, original)


def plan(path: Path, sql: str, params: tuple[Any, ...]) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params)]


def scans(path: Path, seen: Recorded) -> list[str]:
    """Each recorded statement whose plan walks a table or an index from end to end."""
    found = []
    for sql, params in seen:
        if sql.split()[0].upper() in ("BEGIN", "COMMIT", "ROLLBACK", "PRAGMA"):
            continue
        for step in plan(path, sql, params):
            # Walking an index in order and stopping at the first row (the timer due
            # first) reads one entry, however many there are.
            first_in_order = "USING INDEX" in step and sql.rstrip().endswith("LIMIT 1")
            if step.startswith("SCAN") and not first_in_order:
                found.append(f"{sql}\n    {step}")
    return found


@pytest.fixture
async def store(tmp_path: Path):
    store = await Store.open(f"sqlite:///{tmp_path}/bot.sqlite3")
    assert isinstance(store, SqliteStore)
    yield store
    await store.close()


async def many_games(store: Store, finished: int, open_: int) -> None:
    """History to look past: finished games in the same channels, open games elsewhere."""
    for n in range(finished):
        session = await store.create_session(
            guild_id=1, channel_id=100 + n % 7, game="dog", host_id=7,
            players=[Seat(user_id=7, name="Ann")], options={}, seed=n,
        )
        moved = await store.record_action(session.id, 0, seat=0, user_id=7, action="a",
                                          state="s")
        await store.update_session(session.id, moved.version, status="finished")
    for n in range(open_):
        await store.create_session(
            guild_id=1, channel_id=1000 + n, game="dog", host_id=7,
            players=[Seat(user_id=7, name="Ann")], options={}, seed=n,
        )


async def test_every_lookup_and_write_a_command_makes_uses_an_index(store, tmp_path):
    await many_games(store, finished=30, open_=30)
    now = utcnow()
    with recording(store) as seen:
        # A game opened, joined, begun, played and looked at, as the commands do.
        session = await store.create_session(
            guild_id=1, channel_id=100, game="dog", host_id=7,
            players=[Seat(user_id=7, name="Ann")], options={}, seed=1,
        )
        await store.open_session(100)
        await store.latest_session(100)
        await store.open_sessions_in_guild(1, 20)  # /games
        await store.get_session(session.id)
        session = await store.update_session(
            session.id, session.version, status="active", state="s0",
            players=[Seat(user_id=7, name="Ann"), Seat(user_id=8, name="Bob")],
            timers=[NextTimer(kind="reminder", seat=0, due_at=now + timedelta(hours=1))],
            outbox=[OutboxItem(kind="board", payload={"events": []})],
        )
        await store.note_messages(session.id, board_message_id=5,
                                  board_news=BoardNews(lines=["x"], through=1), lobby_message_id=4)
        await store.action_by_interaction(99)
        session = await store.record_action(
            session.id, session.version, seat=0, user_id=7, action="a", state="s1",
            players=[Seat(user_id=7, name="Ann", away=True), Seat(user_id=8, name="Bob")],
            clock=Clock(turn=60, strikes={0: 2}),
            timers=[NextTimer(kind="bots", seat=None, due_at=now)],
            outbox=[OutboxItem(kind="private", seat=0, payload={"state": "s1"}),
                    OutboxItem(kind="call", seat=1, payload={"due": now.isoformat()})],
            interaction_id=99, timeout=True,
        )
        await store.last_move_version(session.id, 0)
        await store.actions(session.id)
        # The game finishes: its result, then /stats and /leaderboard.
        session = await store.record_action(
            session.id, session.version, seat=0, user_id=7, action="win", state="s2",
            status="finished",
            result=[ResultSeat(seat=0, user_id=7, name="Ann", team=0, score=3, won=True),
                    ResultSeat(seat=1, user_id=None, name="AI", team=1, score=1, won=False)],
        )
        await store.results_of_person(1, 7)
        await store.results_of_game(1, "dog")
        _, rows = await store.outbox(session.id)
        await store.claim_outbox([row.id for row in rows], "n1")
        await store.done_outbox([row.id for row in rows])
        await store.private_message(session.id, 0)
        await store.set_private_message(PrivateMessage(session_id=session.id, seat=0,
                                                       channel_id=3, message_id=4))
        await store.dm_channel(7)
        await store.set_dm_channel(7, 3)
        await store.get_meta("told")
        await store.set_meta("told", "yes")
        # Clocks: the scheduler's reads, and a timer fired and dropped.
        timer = await store.set_timer(session.id, "reminder", 0, now, session.version)
        await store.next_timer()
        await store.due_timers(now)
        await store.delete_timer(timer.id)
        await store.clear_timers(session.id, "reminder")
        await store.update_session(session.id, session.version, status="ended", timers=[])
    assert len(seen) > 30
    assert scans(tmp_path / "bot.sqlite3", seen) == []


async def test_the_open_game_of_a_channel_is_found_through_the_index_of_open_games(
    store, tmp_path
):
    await many_games(store, finished=5, open_=5)
    with recording(store) as seen:
        await store.open_session(1002)
    (sql, params), = seen
    steps = plan(tmp_path / "bot.sqlite3", sql, params)
    assert steps == ["SEARCH sessions USING INDEX sessions_one_open_per_channel (channel_id=?)"]


async def test_the_latest_game_of_a_channel_is_one_step_down_its_index(store, tmp_path):
    await many_games(store, finished=5, open_=0)
    with recording(store) as seen:
        latest = await store.latest_session(100)
    (sql, params), = seen
    assert plan(tmp_path / "bot.sqlite3", sql, params) == [
        "SEARCH sessions USING INDEX sessions_by_channel (channel_id=?)"
    ]
    assert latest is not None and latest.id == max(s.id for s in await store.sessions_with_status()
                            if s.channel_id == 100)


async def test_whether_a_seat_moved_since_is_read_from_one_index_entry(store, tmp_path):
    session = await store.create_session(
        guild_id=1, channel_id=5, game="dog", host_id=7,
        players=[Seat(user_id=7, name="Ann"), Seat(user_id=8, name="Bob")], options={}, seed=1,
    )
    version = session.version
    for n in range(40):
        version = (await store.record_action(session.id, version, seat=n % 2, user_id=None,
                                             action="a", state="s")).version
    assert await store.last_move_version(session.id, 0) == version - 1
    assert await store.last_move_version(session.id, 1) == version
    assert await store.last_move_version(session.id, 2) is None
    with recording(store) as seen:
        await store.last_move_version(session.id, 0)
    (sql, params), = seen
    assert plan(tmp_path / "bot.sqlite3", sql, params) == [
        "SEARCH actions USING COVERING INDEX actions_by_seat (session_id=? AND seat=?)"
    ]


async def test_the_games_of_a_server_are_read_from_the_index_of_its_open_games(store, tmp_path):
    await many_games(store, finished=5, open_=5)
    with recording(store) as seen:
        found = await store.open_sessions_in_guild(1, 3)
    (sql, params), = seen
    assert plan(tmp_path / "bot.sqlite3", sql, params) == [
        "SEARCH sessions USING INDEX sessions_open_by_guild (guild_id=?)"
    ]
    assert [s.channel_id for s in found] == [1004, 1003, 1002]  # the newest first
