"""The store keeps what a move must still show in the move's own transaction, and applies an
interaction's move at most once."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store.store import AlreadyApplied, OutboxItem, Seat, Store, StoreBusy
from bot.table.lifecycle import Drain


@pytest.fixture
async def store(store_url):
    """A store of each backend (SQLite, PostgreSQL)."""
    opened = await Store.open(store_url)
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(tmp_path):
    opened = await Store.open(str(tmp_path / "bot.sqlite3"))
    yield opened
    await opened.close()


async def begun(store: Store):
    session = await store.create_session(
        guild_id=1, channel_id=10, game="dog", host_id=7,
        players=[Seat(user_id=7, name="Ann")], options={}, seed=1,
    )
    return await store.update_session(session.id, session.version, status="active", state="s0")


BOARD = OutboxItem(kind="board", payload={"events": ["Ann plays 5."], "partial": False})
HAND = OutboxItem(kind="private", seat=0, payload={"state": "s1", "news": True})


async def test_the_outbox_rows_are_saved_with_the_move_at_its_version(store: Store):
    session = await begun(store)
    moved = await store.record_action(
        session.id, session.version, seat=0, user_id=7, action="5", state="s1",
        outbox=[BOARD, HAND],
    )
    read, rows = await store.outbox(session.id)
    assert read.version == moved.version and read.state == "s1"
    assert [(r.kind, r.seat, r.version, r.payload) for r in rows] == [
        ("board", None, moved.version, BOARD.payload),
        ("private", 0, moved.version, HAND.payload),
    ]
    assert await store.sessions_with_outbox() == [session.id]


async def test_a_move_that_loses_the_version_race_leaves_no_outbox_row(store: Store):
    session = await begun(store)
    await store.record_action(session.id, session.version, seat=0, user_id=7, action="5",
                              state="s1")
    with pytest.raises(Exception, match="version"):
        await store.record_action(session.id, session.version, seat=0, user_id=7, action="8",
                                  state="s2", outbox=[BOARD])
    assert (await store.outbox(session.id))[1] == []


async def test_delivered_rows_are_forgotten_and_claimed_rows_keep_their_nonce(store: Store):
    session = await begun(store)
    await store.record_action(session.id, session.version, seat=0, user_id=7, action="5",
                              state="s1", outbox=[BOARD, HAND])
    board, hand = (await store.outbox(session.id))[1]
    await store.claim_outbox([board.id], "b1.2-2")
    await store.done_outbox([hand.id])
    [left] = (await store.outbox(session.id))[1]
    assert left.id == board.id and left.nonce == "b1.2-2"
    await store.done_outbox([board.id, board.id])  # already gone is fine
    assert await store.sessions_with_outbox() == []


async def test_the_same_interaction_makes_its_move_once(store: Store):
    session = await begun(store)
    first = await store.record_action(
        session.id, session.version, seat=0, user_id=7, action="5", state="s1",
        interaction_id=99, outbox=[BOARD],
    )
    with pytest.raises(AlreadyApplied):
        await store.record_action(
            session.id, first.version, seat=0, user_id=7, action="5", state="s2",
            interaction_id=99, outbox=[BOARD],
        )
    now = await store.get_session(session.id)
    assert (now.version, now.state) == (first.version, "s1")  # the second left nothing
    assert len((await store.outbox(session.id))[1]) == 1
    done = await store.action_by_interaction(99)
    assert done is not None and done.action == "5" and done.version == first.version
    assert await store.action_by_interaction(100) is None


async def test_a_write_lock_held_elsewhere_past_the_timeout_is_reported_busy(
    sqlite_store, tmp_path
):
    """SQLite's form of it; PostgreSQL's (a row lock past lock_timeout) is in test_store."""
    store = sqlite_store
    session = await begun(store)
    await store._db.execute("PRAGMA busy_timeout = 50")  # a short wait keeps the test fast
    locker = sqlite3.connect(tmp_path / "bot.sqlite3", isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy):
            await store.record_action(session.id, session.version, seat=0, user_id=7,
                                      action="5", state="s1")
        assert (await store.get_session(session.id)).state == "s0"  # reads still answer
    finally:
        locker.execute("COMMIT")
        locker.close()


async def test_a_stop_waits_for_the_work_under_way_and_refuses_new_work():
    drain = Drain()
    with drain.working():
        assert not await drain.stop(timeout=0.01)  # still busy: the stop gives up waiting
    assert drain.closing
    assert await drain.stop(timeout=0.01)  # nothing under way any more
