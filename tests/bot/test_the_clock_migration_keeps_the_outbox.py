"""Migration 0009 rebuilds the outbox on SQLite (to carry calls to answer a reaction window):
rows saved before it are kept as they were, and ids are never handed out twice, since a row's
id is in the nonce of the message it posts. The database is one an earlier release left at
version 8."""

import aiosqlite

from bot.store.store import OutboxItem, Seat, Store
from tests.bot.old_schemas import build_old_sqlite


async def test_rows_and_the_id_sequence_survive_the_rebuild(tmp_path):
    path = tmp_path / "bot.sqlite3"
    build_old_sqlite(str(path), 8)
    db = await aiosqlite.connect(path, isolation_level=None)
    await db.execute(
        "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, players, options,"
        " seed, created_at, updated_at) VALUES (1, 2, 'dog', 'active', 7, '[]', '{}', 1,"
        " '2030-01-01T00:00:00.000000+00:00', '2030-01-01T00:00:00.000000+00:00')"
    )
    for row_id in (1, 2, 3):
        await db.execute(
            "INSERT INTO outbox (id, session_id, version, kind, seat, payload, created_at, nonce)"
            " VALUES (?, 1, 0, 'board', NULL, '{\"events\": [\"kept\"]}', 'x', ?)",
            (row_id, f"b{row_id}"),
        )
    await db.execute("DELETE FROM outbox WHERE id = 3")  # delivered: its id must not return
    await db.close()

    store = await Store.open(str(path))
    try:
        session, rows = await store.outbox(1)
        assert [(r.id, r.nonce, r.payload) for r in rows] == [
            (1, "b1", {"events": ["kept"]}), (2, "b2", {"events": ["kept"]})
        ]
        players = [Seat(user_id=7, name="Ann")]
        await store.update_session(1, session.version, players=players, outbox=[
            OutboxItem(kind="call", seat=0, payload={"due": "2030-01-01T00:01:00+00:00"})
        ])
        _, rows = await store.outbox(1)
        assert [(r.id, r.kind) for r in rows] == [(1, "board"), (2, "board"), (4, "call")]
    finally:
        await store.close()
