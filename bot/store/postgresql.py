"""The PostgreSQL store: the same `Store` contract as `SqliteStore`, on an asyncpg pool.

For a bot spread over several processes (or machines): every process opens the same database
and the database keeps them honest. The version check is one statement,
``UPDATE ... WHERE id = $1 AND version = $2``: PostgreSQL takes the row lock, so of two processes
writing the same session at once the second waits, finds the version moved on, and is told
StaleVersion; it never reads first and writes after. A move and its log row, timers and outbox
rows are one transaction. The log is append-only by triggers, as in SQLite.

Migrations are `bot/store/migrations/postgresql/NNNN_*.sql`, numbered as the SQLite ones, applied at
start-up under an advisory lock (two processes starting at once apply each exactly once).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import asyncpg

from bot.store.shards import Shards, where
from bot.store.store import (
    _OPEN_SQL,
    _SESSIONS_WITH_OUTBOX,
    _TIMERS,
    MIGRATIONS_DIR,
    UNSET,
    ActionRow,
    AlreadyApplied,
    BoardNews,
    ChannelBusy,
    Clock,
    GameResult,
    Migration,
    NextTimer,
    NotFound,
    OutboxItem,
    OutboxRow,
    PrivateMessage,
    ResultSeat,
    Seat,
    Session,
    SessionStatus,
    StaleVersion,
    Store,
    StoreBusy,
    StoreError,
    StoreUnavailable,
    Timer,
    _check_status,
    _message_changes,
    _options_json,
    _result_players,
    _result_seats_json,
    _seats_json,
    _session_changes,
    _Unset,
    load_migrations,
    utcnow,
)
from bot.store.urls import check_database_url, redact_url

__all__ = ["PG_MIGRATIONS_DIR", "PostgresStore"]

PG_MIGRATIONS_DIR: Final[Path] = MIGRATIONS_DIR / "postgresql"

# One number for the advisory lock that serialises migrations between processes.
_MIGRATION_LOCK: Final = 0x6761_6D65_7461_626C  # "gametabl"

# Errors after which nothing was written and a retry shortly will do: a lock held too long
# (lock_timeout), a deadlock the server broke, a server refusing connections for now.
_BUSY_ERRORS: Final = (
    asyncpg.LockNotAvailableError,
    asyncpg.DeadlockDetectedError,
    asyncpg.SerializationError,
    asyncpg.TooManyConnectionsError,
    asyncpg.CannotConnectNowError,
    # A newer release's migration changed a table under this process's cached statements:
    # asyncpg drops the statement, and the same write once more is prepared afresh.
    asyncpg.InvalidCachedStatementError,
)

# Errors of a connection lost or a server going away after the start: StoreUnavailable. A
# write cut off at its commit may or may not have landed; the version check makes a retry safe.
_GONE_ERRORS: Final = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    # asyncpg's own state machine, when the server ended the connection between two queries
    # and the next one found it half closed
    asyncpg.InternalClientError,
)

_SCHEMA_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL
)
"""


def _aware(moment: datetime) -> datetime:
    """The moment in UTC; naive datetimes are refused as SqliteStore refuses them."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass an aware (UTC) datetime")
    return moment.astimezone(UTC)


def _gone(error: BaseException) -> StoreUnavailable | asyncio.CancelledError:
    """What a driver error means to the caller. In a task being cancelled it is the
    cancellation: asyncpg, cut off mid-query, then fails to reset the connection it returns to
    the pool ("cannot switch to state 15"), and that error would hide the cancellation."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        return asyncio.CancelledError()
    if isinstance(error, TimeoutError):
        return StoreUnavailable("PostgreSQL did not answer in time")
    return StoreUnavailable(f"PostgreSQL went away: {str(error) or type(error).__name__}")


def _count(status: str) -> int:
    """The row count of a command status such as "DELETE 3"."""
    return int(status.rsplit(" ", 1)[-1])


def _session(row: asyncpg.Record) -> Session:
    return Session(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        players=[Seat.model_validate(p) for p in json.loads(row["players"])],
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=row["state"],
        version=row["version"],
        board_message_id=row["board_message_id"],
        board_news=(BoardNews.model_validate_json(row["board_news"])
                    if row["board_news"] else None),
        lobby_message_id=row["lobby_message_id"],
        clock=Clock.model_validate_json(row["clock"]),
        thread_of=row["thread_of"],
        created_at=row["created_at"].astimezone(UTC),
        updated_at=row["updated_at"].astimezone(UTC),
    )


def _timer(row: asyncpg.Record) -> Timer:
    return Timer(
        id=row["id"],
        session_id=row["session_id"],
        kind=row["kind"],
        seat=row["seat"],
        due_at=row["due_at"].astimezone(UTC),
        version=row["version"],
    )


def _action(row: asyncpg.Record) -> ActionRow:
    return ActionRow(
        session_id=row["session_id"],
        seq=row["seq"],
        version=row["version"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=row["action"],
        at=row["at"].astimezone(UTC),
        interaction_id=row["interaction_id"],
        timeout=row["timeout"],
    )


def _game_result(row: asyncpg.Record) -> GameResult:
    return GameResult(
        session_id=row["session_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        finished_at=row["finished_at"],
        moves=row["moves"],
        seconds=row["seconds"],
        with_ai=row["with_ai"],
        seats=[ResultSeat.model_validate(s) for s in json.loads(row["seats"])],
    )


async def _add_result(
    db: asyncpg.Connection, session: asyncpg.Record, moment: datetime,
    seats: Sequence[ResultSeat],
) -> None:
    """The finished game's result, in the transaction of its finishing move."""
    moves = await db.fetchval(
        "SELECT MAX(seq) FROM actions WHERE session_id = $1", session["id"]
    ) or 0
    seconds = max(0, int((moment - session["created_at"]).total_seconds()))
    await db.execute(
        "INSERT INTO results (session_id, guild_id, game, finished_at, moves, seconds, with_ai,"
        " seats) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        session["id"], session["guild_id"], session["game"], moment, moves, seconds,
        any(s.user_id is None for s in seats), _result_seats_json(seats),
    )  # fmt: skip
    await db.executemany(
        "INSERT INTO result_players (session_id, user_id, guild_id) VALUES ($1, $2, $3)",
        [(session["id"], user, session["guild_id"]) for user in _result_players(seats)],
    )


def _outbox_row(row: asyncpg.Record) -> OutboxRow:
    return OutboxRow(
        id=row["id"],
        session_id=row["session_id"],
        version=row["version"],
        kind=row["kind"],
        seat=row["seat"],
        payload=json.loads(row["payload"]),
        nonce=row["nonce"],
    )


async def _replace_timers(
    db: asyncpg.Connection, session_id: int, version: int, timers: Sequence[NextTimer]
) -> None:
    await db.execute("DELETE FROM timers WHERE session_id = $1", session_id)
    if timers:
        await db.executemany(
            "INSERT INTO timers (session_id, kind, seat, due_at, version)"
            " VALUES ($1, $2, $3, $4, $5)",
            [(session_id, t.kind, t.seat, _aware(t.due_at), version) for t in timers],
        )


async def _add_outbox(
    db: asyncpg.Connection, session_id: int, version: int, items: Sequence[OutboxItem]
) -> None:
    if not items:
        return
    now = utcnow()
    await db.executemany(
        "INSERT INTO outbox (session_id, version, kind, seat, payload, created_at)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [(session_id, version, i.kind, i.seat, json.dumps(i.payload, separators=(",", ":")),
          now) for i in items],
    )


class PostgresStore(Store):
    """The store on an asyncpg connection pool; each write is one transaction on one pooled
    connection, so writes of different sessions run side by side."""

    LOCK_TIMEOUT_MS: Final = 5000  # as SqliteStore's busy timeout: then StoreBusy
    POOL_MIN: Final = 1
    POOL_MAX: Final = 10
    CONNECT_TIMEOUT_S: Final = 10.0
    # A server that stops answering without closing the connection (a network cut, a frozen
    # host) would hold a move, and the person waiting on it, for good: each query gets this
    # long, then the caller sees StoreUnavailable. A move takes milliseconds; lock waits end
    # sooner, at LOCK_TIMEOUT_MS.
    COMMAND_TIMEOUT_S: Final = 15.0

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url

    def __repr__(self) -> str:
        return f"PostgresStore({redact_url(self.url)!r})"

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrations: Sequence[Migration] | None = None,
        min_size: int | None = None,
        max_size: int | None = None,
        command_timeout: float | None = COMMAND_TIMEOUT_S,
    ) -> PostgresStore:
        """Connect a pool and bring the schema up to date (all migrations, or the given ones:
        the tests migrate from each earlier version). `command_timeout` None: no bound, for
        a copy of a whole database."""
        url = check_database_url(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                timeout=cls.CONNECT_TIMEOUT_S,
                min_size=cls.POOL_MIN if min_size is None else min_size,
                max_size=cls.POOL_MAX if max_size is None else max_size,
                command_timeout=command_timeout,
                server_settings={
                    "lock_timeout": str(cls.LOCK_TIMEOUT_MS),
                    "application_name": "gametable",
                    "timezone": "UTC",
                },
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            reason = str(error) or type(error).__name__
            raise StoreUnavailable(
                f"PostgreSQL at {redact_url(url)} cannot be used: {reason}"
            ) from error
        store = cls(pool, url)
        try:
            await store._migrate(
                load_migrations(PG_MIGRATIONS_DIR) if migrations is None else list(migrations)
            )
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Close the pool (waits for connections in use to be released)."""
        await self._pool.close()

    # plumbing

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        try:
            async with self._pool.acquire() as db, db.transaction():
                yield db
        except _BUSY_ERRORS as error:
            raise StoreBusy(str(error)) from error
        except _GONE_ERRORS as error:
            raise _gone(error) from error

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        try:
            return await self._pool.fetch(sql, *args)
        except _BUSY_ERRORS as error:
            raise StoreBusy(str(error)) from error
        except _GONE_ERRORS as error:
            raise _gone(error) from error

    async def _fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        rows = await self._fetch(sql, *args)
        return rows[0] if rows else None

    async def _migrate(self, migrations: list[Migration]) -> None:
        known = max((m.version for m in migrations), default=0)
        async with self._pool.acquire() as db:
            # A session-level advisory lock: a second process starting now waits here, then
            # finds every migration applied.
            await db.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await db.execute(_SCHEMA_TABLE)
                current = await db.fetchval("SELECT MAX(version) FROM schema_version") or 0
                if current > known:
                    raise StoreError(
                        f"database schema version {current} is newer than this code knows"
                        f" ({known}); run a newer version of the bot"
                    )
                for migration in migrations:
                    if migration.version <= current:
                        continue
                    async with db.transaction():
                        await db.execute(migration.sql)  # several statements: simple protocol
                        await db.execute(
                            "INSERT INTO schema_version (version, name, applied_at)"
                            " VALUES ($1, $2, $3)",
                            migration.version, migration.name, utcnow(),
                        )  # fmt: skip
            finally:
                await db.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    async def schema_version(self) -> int:
        """The highest migration applied to this database."""
        row = await self._fetchrow("SELECT MAX(version) AS v FROM schema_version")
        return row["v"] if row and row["v"] is not None else 0

    async def _missing_or_stale(
        self, db: asyncpg.Connection, session_id: int, expected: int
    ) -> StoreError:
        actual = await db.fetchval("SELECT version FROM sessions WHERE id = $1", session_id)
        if actual is None:
            return NotFound(f"no session {session_id}")
        return StaleVersion(session_id, expected, actual)

    async def _busy(self, channel_id: int) -> ChannelBusy:
        row = await self._fetchrow(
            f"SELECT id FROM sessions WHERE channel_id = $1 AND {_OPEN_SQL}", channel_id
        )
        return ChannelBusy(channel_id, row["id"] if row else None)

    # sessions

    async def create_session(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        players: Iterable[Seat | Mapping[str, Any]],
        options: Mapping[str, Any],
        seed: int,
        clock: Clock | None = None,
        thread_of: int | None = None,
    ) -> Session:
        now = utcnow()
        try:
            async with self._transaction() as db:
                row = await db.fetchrow(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, players,"
                    " options, seed, clock, created_at, updated_at, thread_of)"
                    " VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $9, $9, $10) RETURNING *",
                    guild_id, channel_id, game, host_id, _seats_json(players),
                    _options_json(options), seed, (clock or Clock()).model_dump_json(), now,
                    thread_of,
                )  # fmt: skip
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name != "sessions_one_open_per_channel":
                raise
            raise await self._busy(channel_id) from None
        assert row is not None
        return _session(row)

    async def open_session(self, channel_id: int) -> Session | None:
        row = await self._fetchrow(
            f"SELECT * FROM sessions WHERE channel_id = $1 AND {_OPEN_SQL}", channel_id
        )
        return _session(row) if row else None

    async def open_sessions_in_guild(self, guild_id: int, limit: int) -> list[Session]:
        rows = await self._fetch(
            f"SELECT * FROM sessions WHERE guild_id = $1 AND {_OPEN_SQL}"
            " ORDER BY id DESC LIMIT $2",
            guild_id, limit,
        )  # fmt: skip
        return [_session(row) for row in rows]

    async def latest_session(self, channel_id: int) -> Session | None:
        row = await self._fetchrow(
            "SELECT * FROM sessions WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return _session(row) if row else None

    async def get_session(self, session_id: int) -> Session:
        row = await self._fetchrow("SELECT * FROM sessions WHERE id = $1", session_id)
        if row is None:
            raise NotFound(f"no session {session_id}")
        return _session(row)

    async def update_session(
        self,
        session_id: int,
        expected_version: int,
        *,
        status: SessionStatus | _Unset = UNSET,
        players: Iterable[Seat | Mapping[str, Any]] | _Unset = UNSET,
        options: Mapping[str, Any] | _Unset = UNSET,
        state: str | None | _Unset = UNSET,
        host_id: int | _Unset = UNSET,
        clock: Clock | _Unset = UNSET,
        timers: Sequence[NextTimer] | None = None,
        outbox: Sequence[OutboxItem] = (),
    ) -> Session:
        fields = _session_changes(status, players, options, state, host_id, clock)
        fields["updated_at"] = utcnow()
        # names are ours, never the caller's
        assignments = [f"{name} = ${n}" for n, name in enumerate(fields, start=3)]
        assignments.append("version = version + 1")
        sql = (
            f"UPDATE sessions SET {', '.join(assignments)}"
            " WHERE id = $1 AND version = $2 RETURNING *"
        )
        failure: StoreError | None = None
        try:
            async with self._transaction() as db:
                row = await db.fetchrow(sql, session_id, expected_version, *fields.values())
                if row is None:
                    failure = await self._missing_or_stale(db, session_id, expected_version)
                else:
                    if timers is not None:
                        await _replace_timers(db, session_id, row["version"], timers)
                    await _add_outbox(db, session_id, row["version"], outbox)
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name != "sessions_one_open_per_channel":
                raise
            channel = await self._fetchrow(
                "SELECT channel_id FROM sessions WHERE id = $1", session_id
            )
            raise await self._busy(channel["channel_id"] if channel else 0) from None
        if failure is not None:
            raise failure
        return _session(row)

    async def note_messages(
        self,
        session_id: int,
        *,
        board_message_id: int | None | _Unset = UNSET,
        board_news: BoardNews | None | _Unset = UNSET,
        lobby_message_id: int | None | _Unset = UNSET,
    ) -> Session:
        fields = _message_changes(board_message_id, board_news, lobby_message_id)
        assignments = (
            ", ".join(f"{name} = ${n}" for n, name in enumerate(fields, start=2)) or "id = id"
        )
        async with self._transaction() as db:
            row = await db.fetchrow(
                f"UPDATE sessions SET {assignments} WHERE id = $1 RETURNING *",
                session_id, *fields.values(),
            )  # fmt: skip
        if row is None:
            raise NotFound(f"no session {session_id}")
        return _session(row)

    async def record_action(
        self,
        session_id: int,
        expected_version: int,
        *,
        seat: int | None,
        user_id: int | None,
        action: str,
        state: str | None,
        status: SessionStatus | None = None,
        players: Iterable[Seat | Mapping[str, Any]] | None = None,
        clock: Clock | None = None,
        timers: Sequence[NextTimer] | None = None,
        outbox: Sequence[OutboxItem] = (),
        interaction_id: int | None = None,
        timeout: bool = False,
        result: Sequence[ResultSeat] | None = None,
    ) -> Session:
        if status is not None:
            _check_status(status)
        now = utcnow()
        failure: StoreError | None = None
        try:
            async with self._transaction() as db:
                # The row lock this UPDATE takes makes a second writer of the session wait
                # here; it then sees the new version and updates nothing: StaleVersion.
                row = await db.fetchrow(
                    "UPDATE sessions SET state = $3, status = COALESCE($4, status),"
                    " players = COALESCE($5, players), clock = COALESCE($6, clock),"
                    " version = version + 1, updated_at = $7"
                    " WHERE id = $1 AND version = $2 RETURNING *",
                    session_id, expected_version, state, status,
                    None if players is None else _seats_json(players),
                    None if clock is None else clock.model_dump_json(), now,
                )  # fmt: skip
                if row is None:
                    failure = await self._missing_or_stale(db, session_id, expected_version)
                else:
                    await db.execute(
                        "INSERT INTO actions (session_id, seq, version, seat, user_id, action,"
                        " at, interaction_id, timeout) VALUES ($1, (SELECT COALESCE(MAX(seq), 0)"
                        " + 1 FROM actions WHERE session_id = $1), $2, $3, $4, $5, $6, $7, $8)",
                        session_id, row["version"], seat, user_id, action, now,
                        interaction_id, timeout,
                    )  # fmt: skip
                    if timers is not None:
                        await _replace_timers(db, session_id, row["version"], timers)
                    await _add_outbox(db, session_id, row["version"], outbox)
                    if result is not None:
                        await _add_result(db, row, now, result)
        except asyncpg.UniqueViolationError as error:
            # The whole transaction rolled back: the state written above is gone too.
            if error.constraint_name != "actions_by_interaction" or interaction_id is None:
                raise
            raise AlreadyApplied(interaction_id) from None
        if failure is not None:
            raise failure
        assert row is not None
        return _session(row)

    async def actions(self, session_id: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE session_id = $1 ORDER BY seq", session_id
        )
        return [_action(row) for row in rows]

    async def results_of_person(self, guild_id: int, user_id: int) -> list[GameResult]:
        rows = await self._fetch(
            "SELECT r.* FROM result_players AS p JOIN results AS r"
            " ON r.session_id = p.session_id WHERE p.guild_id = $1 AND p.user_id = $2"
            " ORDER BY p.session_id", guild_id, user_id,
        )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def results_of_game(self, guild_id: int, game: str) -> list[GameResult]:
        rows = await self._fetch(
            "SELECT * FROM results WHERE guild_id = $1 AND game = $2"
            " ORDER BY finished_at, session_id", guild_id, game,
        )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def action_by_interaction(self, interaction_id: int) -> ActionRow | None:
        row = await self._fetchrow(
            "SELECT * FROM actions WHERE interaction_id = $1", interaction_id
        )
        return _action(row) if row else None

    async def last_move_version(self, session_id: int, seat: int) -> int | None:
        row = await self._fetchrow(
            "SELECT MAX(version) AS v FROM actions WHERE session_id = $1 AND seat = $2",
            session_id, seat,
        )  # fmt: skip
        return row["v"] if row else None

    # the outbox

    async def outbox(self, session_id: int) -> tuple[Session, list[OutboxRow]]:
        try:
            async with self._pool.acquire() as db, db.transaction(
                isolation="repeatable_read", readonly=True
            ):  # one snapshot for both
                rows = await db.fetch(
                    "SELECT * FROM outbox WHERE session_id = $1 ORDER BY id", session_id
                )
                found = await db.fetchrow("SELECT * FROM sessions WHERE id = $1", session_id)
        except _BUSY_ERRORS as error:
            raise StoreBusy(str(error)) from error
        except _GONE_ERRORS as error:
            raise _gone(error) from error
        if found is None:
            raise NotFound(f"no session {session_id}")
        return _session(found), [_outbox_row(row) for row in rows]

    async def sessions_with_outbox(self, shards: Shards | None = None) -> list[int]:
        rows = await self._fetch(_SESSIONS_WITH_OUTBOX.format(served=where(shards)))
        return [row["session_id"] for row in rows]

    async def claim_outbox(self, row_ids: Iterable[int], nonce: str) -> None:
        ids = list(row_ids)
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET nonce = $1 WHERE id = ANY($2::bigint[])", nonce, ids
            )

    async def done_outbox(self, row_ids: Iterable[int]) -> None:
        ids = list(row_ids)
        if not ids:
            return
        async with self._transaction() as db:
            await db.execute("DELETE FROM outbox WHERE id = ANY($1::bigint[])", ids)

    async def sessions_with_status(self, *statuses: SessionStatus) -> list[Session]:
        if not statuses:
            rows = await self._fetch("SELECT * FROM sessions ORDER BY id")
        else:
            rows = await self._fetch(
                "SELECT * FROM sessions WHERE status = ANY($1::text[]) ORDER BY id",
                list(statuses),
            )
        return [_session(row) for row in rows]

    # timers

    async def set_timer(
        self, session_id: int, kind: str, seat: int | None, due_at: datetime, version: int
    ) -> Timer:
        due = _aware(due_at)
        try:
            async with self._transaction() as db:
                row = await db.fetchrow(
                    "INSERT INTO timers (session_id, kind, seat, due_at, version)"
                    " VALUES ($1, $2, $3, $4, $5) RETURNING *",
                    session_id, kind, seat, due, version,
                )  # fmt: skip
        except asyncpg.ForeignKeyViolationError:
            raise NotFound(f"no session {session_id}") from None
        assert row is not None
        return _timer(row)

    async def clear_timers(self, session_id: int, kind: str | None = None) -> int:
        async with self._transaction() as db:
            if kind is None:
                status = await db.execute("DELETE FROM timers WHERE session_id = $1", session_id)
            else:
                status = await db.execute(
                    "DELETE FROM timers WHERE session_id = $1 AND kind = $2", session_id, kind
                )
        return _count(status)

    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        row = await self._fetchrow(_TIMERS.format(served=where(shards), due="") + " LIMIT 1")
        return _timer(row) if row else None

    async def due_timers(self, now: datetime, shards: Shards | None = None) -> list[Timer]:
        rows = await self._fetch(
            _TIMERS.format(served=where(shards), due="AND t.due_at <= $1"), _aware(now)
        )
        return [_timer(row) for row in rows]

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._transaction() as db:
            status = await db.execute("DELETE FROM timers WHERE id = $1", timer_id)
        return _count(status) > 0

    # meta

    async def private_message(self, session_id: int, seat: int) -> PrivateMessage:
        row = await self._fetchrow(
            "SELECT * FROM private_messages WHERE session_id = $1 AND seat = $2",
            session_id, seat,
        )  # fmt: skip
        if row is None:
            return PrivateMessage(session_id=session_id, seat=seat)
        return PrivateMessage(
            session_id=session_id,
            seat=seat,
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            content=row["content"],
            dms_closed=row["dms_closed"],
        )

    async def set_private_message(self, record: PrivateMessage) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO private_messages (session_id, seat, channel_id, message_id,"
                " content, dms_closed) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (session_id, seat) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, content = excluded.content,"
                " dms_closed = excluded.dms_closed",
                record.session_id, record.seat, record.channel_id, record.message_id,
                record.content, record.dms_closed,
            )  # fmt: skip

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._fetchrow(
            "SELECT channel_id FROM dm_channels WHERE user_id = $1", user_id
        )
        return row["channel_id"] if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        async with self._transaction() as db:
            if channel_id is None:
                await db.execute("DELETE FROM dm_channels WHERE user_id = $1", user_id)
            else:
                await db.execute(
                    "INSERT INTO dm_channels (user_id, channel_id) VALUES ($1, $2)"
                    " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                    user_id, channel_id,
                )  # fmt: skip

    async def threads_by_default(self, guild_id: int) -> bool:
        row = await self._fetchrow(
            "SELECT threads FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return bool(row["threads"]) if row else False

    async def set_threads_by_default(self, guild_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, threads) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                guild_id, on,
            )  # fmt: skip

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key, value,
            )  # fmt: skip
