"""Persistent game sessions, the action log, timers, the outbox, DM records and results.

`Store` is the interface the rest of the bot codes against, and every query behind it is written
here once, for SQLite and PostgreSQL alike, over the small connection interface of
bot/store/backend.py; bot/store/sqlite.py and bot/store/postgresql.py hold only what the two
databases do differently. `Store.open` picks the backend from the URL: `SqliteStore` (the
default) or `PostgresStore` (a bot spread over several processes). Nothing above this module
knows about SQL. Every write is guarded by an optimistic version check
(`version = version + 1 WHERE version = expected`), which is what makes a stale button or a
second process lose cleanly instead of overwriting a newer state.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Self

from bot.store.backend import Backend, Connection, Row
from bot.store.errors import (
    AlreadyApplied,
    ChannelBusy,
    ForeignKeyViolation,
    NotFound,
    StaleVersion,
    StoreBusy,
    StoreError,
    StoreUnavailable,
    UniqueViolation,
)
from bot.store.migrations import MIGRATIONS_DIR, Migration, load_migrations, migrate
from bot.store.records import (
    OPEN_STATUSES,
    UNSET,
    ActionRow,
    BoardNews,
    Clock,
    GameResult,
    KeptReplay,
    NextTimer,
    OutboxItem,
    OutboxKind,
    OutboxRow,
    PrivateMessage,
    ResultSeat,
    Seat,
    Session,
    SessionStatus,
    Timer,
    Wait,
    WebPage,
    _Unset,
    utcnow,
)
from bot.store.shards import Shards, where
from bot.store.sqlite import SqliteBackend
from bot.store.urls import check_database_url, database_path, describe_url, is_postgresql_url

if TYPE_CHECKING:
    from bot.store.postgresql import PostgresBackend

__all__ = [
    "MIGRATIONS_DIR",
    "OPEN_STATUSES",
    "UNSET",
    "ActionRow",
    "AlreadyApplied",
    "BoardNews",
    "ChannelBusy",
    "Clock",
    "GameResult",
    "Migration",
    "NextTimer",
    "NotFound",
    "OutboxItem",
    "OutboxKind",
    "OutboxRow",
    "PostgresStore",
    "PrivateMessage",
    "ResultSeat",
    "Seat",
    "Session",
    "SessionStatus",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreUnavailable",
    "Timer",
    "Wait",
    "_Unset",
    "load_migrations",
    "utcnow",
]

# Written into the SQL as literals, not bound: only then can SQLite prove that a lookup matches
# the partial index `sessions_one_open_per_channel` (WHERE status IN ('lobby', 'active')) and
# use it. With bound values it walked every open game: milliseconds at 10,000 games.
_OPEN_SQL: Final = "status IN ({})".format(", ".join(f"'{s}'" for s in OPEN_STATUSES))
_ONE_OPEN_PER_CHANNEL: Final = "sessions_one_open_per_channel"  # the unique index (0001)
_ONE_MOVE_PER_INTERACTION: Final = "actions_by_interaction"  # the unique index (0005)

# Reads across every session, limited to the servers of a process's shards (bot/store/shards.py).
_TIMERS: Final = (
    "SELECT t.* FROM timers AS t JOIN sessions AS s ON s.id = t.session_id"
    " WHERE {served} {due} ORDER BY t.due_at, t.id"
)
_SESSIONS_WITH_OUTBOX: Final = (
    "SELECT o.session_id, MIN(o.id) AS first FROM outbox AS o"
    " JOIN sessions AS s ON s.id = o.session_id WHERE {served}"
    " GROUP BY o.session_id ORDER BY first"
)


# --- rows and records --------------------------------------------------------------------------


def _moment(value: str | datetime) -> datetime:
    """A stored moment as an aware UTC datetime: SQLite hands back its ISO-8601 text,
    asyncpg a datetime."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment.astimezone(UTC)


def _check_status(status: str) -> SessionStatus:
    if status not in ("lobby", "active", "finished", "ended"):
        raise ValueError(f"unknown session status {status!r}")
    return status  # type: ignore[return-value]


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _seats_json(players: Iterable[Seat | Mapping[str, Any]]) -> str:
    seats = [p if isinstance(p, Seat) else Seat.model_validate(p) for p in players]
    return _compact([s.model_dump() for s in seats])


def _options_json(options: Mapping[str, Any]) -> str:
    return _compact(dict(options))


def _result_players(seats: Sequence[ResultSeat]) -> list[int]:
    """The people of a result, each once (a person in two seats played one game)."""
    return sorted({s.user_id for s in seats if s.user_id is not None})


def _session_changes(
    status: SessionStatus | _Unset,
    players: Iterable[Seat | Mapping[str, Any]] | _Unset,
    options: Mapping[str, Any] | _Unset,
    state: str | None | _Unset,
    host_id: int | _Unset,
    clock: Clock | _Unset,
    kicked: Sequence[int] | _Unset = UNSET,
) -> dict[str, Any]:
    """The columns an `update_session` sets (names are ours, never the caller's: they go into
    the SQL text)."""
    fields: dict[str, Any] = {}
    if status is not UNSET:
        fields["status"] = _check_status(status)
    if players is not UNSET:
        fields["players"] = _seats_json(players)
    if options is not UNSET:
        fields["options"] = _options_json(options)
    if state is not UNSET:
        fields["state"] = state
    if host_id is not UNSET:
        fields["host_id"] = host_id
    if clock is not UNSET:
        fields["clock"] = clock.model_dump_json()
    if kicked is not UNSET:
        fields["kicked"] = json.dumps(sorted({int(user) for user in kicked}))
    return fields


def _message_changes(
    board_message_id: int | None | _Unset,
    board_news: BoardNews | None | _Unset,
    lobby_message_id: int | None | _Unset,
) -> dict[str, Any]:
    """The columns a `note_messages` sets."""
    fields: dict[str, Any] = {}
    if board_message_id is not UNSET:
        fields["board_message_id"] = board_message_id
    if board_news is not UNSET:
        fields["board_news"] = None if board_news is None else board_news.model_dump_json()
    if lobby_message_id is not UNSET:
        fields["lobby_message_id"] = lobby_message_id
    return fields


def _assignments(fields: Mapping[str, Any], first: int) -> list[str]:
    """``name = $n`` for each field, numbered from `first`."""
    return [f"{name} = ${n}" for n, name in enumerate(fields, start=first)]


def _session(row: Row) -> Session:
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
        kicked=json.loads(row["kicked"]),
        created_at=_moment(row["created_at"]),
        updated_at=_moment(row["updated_at"]),
    )


def _timer(row: Row) -> Timer:
    return Timer(
        id=row["id"],
        session_id=row["session_id"],
        kind=row["kind"],
        seat=row["seat"],
        due_at=_moment(row["due_at"]),
        version=row["version"],
    )


def _action(row: Row) -> ActionRow:
    return ActionRow(
        session_id=row["session_id"],
        seq=row["seq"],
        version=row["version"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=row["action"],
        at=_moment(row["at"]),
        interaction_id=row["interaction_id"],
        timeout=bool(row["timeout"]),
    )


def _game_result(row: Row) -> GameResult:
    return GameResult(
        session_id=row["session_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        finished_at=_moment(row["finished_at"]),
        moves=row["moves"],
        seconds=row["seconds"],
        with_ai=bool(row["with_ai"]),
        seats=[ResultSeat.model_validate(s) for s in json.loads(row["seats"])],
    )


def _outbox_row(row: Row) -> OutboxRow:
    return OutboxRow(
        id=row["id"],
        session_id=row["session_id"],
        version=row["version"],
        kind=row["kind"],
        seat=row["seat"],
        payload=json.loads(row["payload"]),
        nonce=row["nonce"],
    )


def _private_message(session_id: int, seat: int, row: Row | None) -> PrivateMessage:
    if row is None:
        return PrivateMessage(session_id=session_id, seat=seat)
    return PrivateMessage(
        session_id=session_id,
        seat=seat,
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        content=row["content"],
        dms_closed=bool(row["dms_closed"]),
        call_channel_id=row["call_channel_id"],
        call_message_id=row["call_message_id"],
    )


# --- the store -----------------------------------------------------------------------------


class Store:
    """What the bot needs from persistence, on whichever database `open` was given."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._when = backend.bind_time

    @classmethod
    async def open(cls, url_or_path: str, *, pool_size: int | None = None) -> Store:
        """Open the store a URL names: ``postgresql://...`` (or ``postgres://``) a
        PostgresStore with at most `pool_size` connections, ``sqlite:///...`` or a plain path
        a SqliteStore (one writer and one reader whatever `pool_size` says)."""
        if is_postgresql_url(url_or_path):
            return await PostgresStore.open(url_or_path, max_size=pool_size)
        return await SqliteStore.open(url_or_path)

    @classmethod
    async def _opened(
        cls, backend: Backend, migrations: Sequence[Migration] | None
    ) -> Self:
        """The store on a connected backend, its schema brought up to date (all migrations,
        or the given ones: the tests migrate from each earlier version)."""
        try:
            await migrate(backend, load_migrations() if migrations is None else migrations)
            await backend.ready()
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    async def close(self) -> None:
        """Release the connections; the store is unusable afterwards."""
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _write(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """One write transaction (the backend's errors already turned into the store's)."""
        return self._backend.transaction()

    async def schema_version(self) -> int:
        """The highest migration applied to this database."""
        row = await self._backend.fetchrow("SELECT MAX(version) AS v FROM schema_version")
        return row["v"] if row and row["v"] is not None else 0

    async def _missing_or_stale(self, db: Connection, session_id: int, expected: int) -> StoreError:
        actual = await db.fetchval("SELECT version FROM sessions WHERE id = $1", session_id)
        if actual is None:
            return NotFound(f"no session {session_id}")
        return StaleVersion(session_id, expected, actual)

    async def _busy(self, channel_id: int) -> ChannelBusy:
        row = await self._backend.fetchrow(
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
        timers: Sequence[NextTimer] = (),
    ) -> Session:
        """Open a lobby; raises ChannelBusy if the channel already has an open session.
        `thread_of`: the channel whose thread `channel_id` is, for a game in a thread;
        `timers` are set in the same transaction."""
        now = self._when(utcnow())
        try:
            async with self._write() as db:
                row = await db.fetchrow(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, players,"
                    " options, seed, clock, created_at, updated_at, thread_of)"
                    " VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $9, $9, $10) RETURNING *",
                    guild_id, channel_id, game, host_id, _seats_json(players),
                    _options_json(options), seed, (clock or Clock()).model_dump_json(), now,
                    thread_of,
                )  # fmt: skip
                if timers:
                    await self._replace_timers(db, row["id"], row["version"], timers)
        except UniqueViolation as error:
            if error.index != _ONE_OPEN_PER_CHANNEL:
                raise
            raise await self._busy(channel_id) from None
        assert row is not None
        return _session(row)

    async def open_session(self, channel_id: int) -> Session | None:
        """The lobby or running game in this channel, if any."""
        row = await self._backend.fetchrow(
            f"SELECT * FROM sessions WHERE channel_id = $1 AND {_OPEN_SQL}", channel_id
        )
        return _session(row) if row else None

    async def open_sessions_in_guild(self, guild_id: int, limit: int) -> list[Session]:
        """The lobbies and running games of one server, newest first, at most `limit`."""
        rows = await self._backend.fetch(
            f"SELECT * FROM sessions WHERE guild_id = $1 AND {_OPEN_SQL}"
            " ORDER BY id DESC LIMIT $2",
            guild_id, limit,
        )  # fmt: skip
        return [_session(row) for row in rows]

    async def lobbies_in_guild(self, guild_id: int, host_id: int) -> tuple[int, int]:
        """How many lobbies the server has open, and how many of them `host_id` hosts."""
        row = await self._backend.fetchrow(
            "SELECT COUNT(*) AS lobbies,"
            " COALESCE(SUM(CASE WHEN host_id = $2 THEN 1 ELSE 0 END), 0) AS hosted"
            " FROM sessions WHERE guild_id = $1 AND status = 'lobby'",
            guild_id, host_id,
        )  # fmt: skip
        assert row is not None
        return int(row["lobbies"]), int(row["hosted"])

    async def latest_session(self, channel_id: int) -> Session | None:
        """The newest session of this channel, whatever its status (to show a final board)."""
        row = await self._backend.fetchrow(
            "SELECT * FROM sessions WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return _session(row) if row else None

    async def get_session(self, session_id: int) -> Session:
        """The session with this id; raises NotFound."""
        row = await self._backend.fetchrow("SELECT * FROM sessions WHERE id = $1", session_id)
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
        kicked: Sequence[int] | _Unset = UNSET,
        timers: Sequence[NextTimer] | None = None,
        outbox: Sequence[OutboxItem] = (),
    ) -> Session:
        """Write the given fields if the version still matches; raises StaleVersion, NotFound.

        ``timers``, when given, replace the session's timers in the same transaction; the
        ``outbox`` items are added in it, at the new version.
        """
        fields = _session_changes(status, players, options, state, host_id, clock, kicked)
        fields["updated_at"] = self._when(utcnow())
        sql = (
            f"UPDATE sessions SET {', '.join(_assignments(fields, 3))}, version = version + 1"
            " WHERE id = $1 AND version = $2 RETURNING *"
        )
        try:
            async with self._write() as db:
                row = await db.fetchrow(sql, session_id, expected_version, *fields.values())
                if row is None:
                    raise await self._missing_or_stale(db, session_id, expected_version)
                if timers is not None:
                    await self._replace_timers(db, session_id, row["version"], timers)
                await self._add_outbox(db, session_id, row["version"], outbox)
        except UniqueViolation as error:  # re-opened where another game is open now
            if error.index != _ONE_OPEN_PER_CHANNEL:
                raise
            channel = await self._backend.fetchrow(
                "SELECT channel_id FROM sessions WHERE id = $1", session_id
            )
            raise await self._busy(channel["channel_id"] if channel else 0) from None
        return _session(row)

    async def note_messages(
        self,
        session_id: int,
        *,
        board_message_id: int | None | _Unset = UNSET,
        board_news: BoardNews | None | _Unset = UNSET,
        lobby_message_id: int | None | _Unset = UNSET,
    ) -> Session:
        """Record which messages show the session; returns the session as it is now.

        Bookkeeping, not a move: no version check and no new version, so it can never fail
        (or make a button stale) because someone moved meanwhile. Raises NotFound.
        """
        fields = _message_changes(board_message_id, board_news, lobby_message_id)
        assignments = ", ".join(_assignments(fields, 2)) or "id = id"
        async with self._write() as db:
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
        """Store the new state and append the action to the log, atomically.

        ``result``, given with the move that finishes a game, records the game's result in
        the same transaction (its moves, length and AI seats counted by the store): a game is
        in the results once, exactly when its finishing move is saved.

        ``status``, ``players`` and ``clock`` left None stay as they are; ``timeout`` marks
        a move the bot made for a seat whose time ran out. ``timers``, when given, replace the
        session's timers in the same transaction (what must happen next is never lost
        between the move and its clocks), and the ``outbox`` items (what the move must still
        show) are added in it. ``interaction_id`` is kept with the log row, unique: a second
        delivery of the same interaction raises AlreadyApplied. Raises StaleVersion (leaving
        nothing behind) or NotFound.
        """
        if status is not None:
            _check_status(status)
        moment = utcnow()
        now = self._when(moment)
        try:
            async with self._write() as db:
                # On PostgreSQL the row lock this UPDATE takes makes a second writer of the
                # session wait here; it then sees the new version and updates nothing.
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
                    raise await self._missing_or_stale(db, session_id, expected_version)
                await db.execute(
                    "INSERT INTO actions (session_id, seq, version, seat, user_id, action,"
                    " at, interaction_id, timeout) VALUES ($1, (SELECT COALESCE(MAX(seq), 0)"
                    " + 1 FROM actions WHERE session_id = $1), $2, $3, $4, $5, $6, $7, $8)",
                    session_id, row["version"], seat, user_id, action, now, interaction_id,
                    timeout,
                )  # fmt: skip
                if timers is not None:
                    await self._replace_timers(db, session_id, row["version"], timers)
                await self._add_outbox(db, session_id, row["version"], outbox)
                if result is not None:
                    await self._add_result(db, row, moment, result)
        except UniqueViolation as error:
            # The whole transaction rolled back: the state written above is gone too.
            if error.index != _ONE_MOVE_PER_INTERACTION or interaction_id is None:
                raise
            raise AlreadyApplied(interaction_id) from None
        return _session(row)

    async def _replace_timers(
        self, db: Connection, session_id: int, version: int, timers: Sequence[NextTimer]
    ) -> None:
        await db.execute("DELETE FROM timers WHERE session_id = $1", session_id)
        if timers:
            await db.executemany(
                "INSERT INTO timers (session_id, kind, seat, due_at, version)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(session_id, t.kind, t.seat, self._when(t.due_at), version) for t in timers],
            )

    async def _add_outbox(
        self, db: Connection, session_id: int, version: int, items: Sequence[OutboxItem]
    ) -> None:
        if not items:
            return
        now = self._when(utcnow())
        await db.executemany(
            "INSERT INTO outbox (session_id, version, kind, seat, payload, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6)",
            [(session_id, version, i.kind, i.seat, _compact(i.payload), now) for i in items],
        )

    async def _add_result(
        self, db: Connection, session: Row, moment: datetime, seats: Sequence[ResultSeat]
    ) -> None:
        """The finished game's result, in the transaction of its finishing move."""
        moves = await db.fetchval(
            "SELECT MAX(seq) FROM actions WHERE session_id = $1", session["id"]
        ) or 0
        seconds = max(0, int((moment - _moment(session["created_at"])).total_seconds()))
        await db.execute(
            "INSERT INTO results (session_id, guild_id, game, finished_at, moves, seconds,"
            " with_ai, seats) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            session["id"], session["guild_id"], session["game"], self._when(moment), moves,
            seconds, any(s.user_id is None for s in seats),
            _compact([s.model_dump() for s in seats]),
        )  # fmt: skip
        await db.executemany(
            "INSERT INTO result_players (session_id, user_id, guild_id) VALUES ($1, $2, $3)",
            [(session["id"], user, session["guild_id"]) for user in _result_players(seats)],
        )

    async def actions(self, session_id: int) -> list[ActionRow]:
        """The session's action log in order."""
        rows = await self._backend.fetch(
            "SELECT * FROM actions WHERE session_id = $1 ORDER BY seq", session_id
        )
        return [_action(row) for row in rows]

    # results

    async def results_of_person(self, guild_id: int, user_id: int) -> list[GameResult]:
        """The finished games this person played in this server, oldest first (/stats)."""
        rows = await self._backend.fetch(
            "SELECT r.* FROM result_players AS p JOIN results AS r"
            " ON r.session_id = p.session_id WHERE p.guild_id = $1 AND p.user_id = $2"
            " ORDER BY p.session_id", guild_id, user_id,
        )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def results_of_game(self, guild_id: int, game: str) -> list[GameResult]:
        """This server's finished games of one kind, in the order they finished
        (/leaderboard: ratings are computed from them in that order)."""
        rows = await self._backend.fetch(
            "SELECT * FROM results WHERE guild_id = $1 AND game = $2"
            " ORDER BY finished_at, session_id", guild_id, game,
        )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def action_by_interaction(self, interaction_id: int) -> ActionRow | None:
        """The move this interaction made, if it made one."""
        row = await self._backend.fetchrow(
            "SELECT * FROM actions WHERE interaction_id = $1", interaction_id
        )
        return _action(row) if row else None

    async def last_move_version(self, session_id: int, seat: int) -> int | None:
        """The session version the seat's latest move made (None: it has not moved). One
        index step, however long the game: a stale click is refused without reading the log."""
        row = await self._backend.fetchrow(
            "SELECT MAX(version) AS v FROM actions WHERE session_id = $1 AND seat = $2",
            session_id, seat,
        )  # fmt: skip
        return row["v"] if row else None

    # the outbox

    async def outbox(self, session_id: int) -> tuple[Session, list[OutboxRow]]:
        """The session and what it must still show, oldest first, read together."""
        async with self._backend.snapshot() as db:  # one snapshot for both
            rows = await db.fetch(
                "SELECT * FROM outbox WHERE session_id = $1 ORDER BY id", session_id
            )
            found = await db.fetchrow("SELECT * FROM sessions WHERE id = $1", session_id)
        if found is None:
            raise NotFound(f"no session {session_id}")
        return _session(found), [_outbox_row(row) for row in rows]

    async def sessions_with_outbox(self, shards: Shards | None = None) -> list[int]:
        """Sessions that have something left to show, oldest news first; of the servers on
        `shards` only, when a process serves some shards."""
        rows = await self._backend.fetch(_SESSIONS_WITH_OUTBOX.format(served=where(shards)))
        return [row["session_id"] for row in rows]

    async def claim_outbox(self, row_ids: Iterable[int], nonce: str) -> None:
        """Note the nonce these rows are about to be posted with (before the first try)."""
        ids = list(row_ids)
        if not ids:
            return
        async with self._write() as db:
            await db.executemany(
                "UPDATE outbox SET nonce = $1 WHERE id = $2", [(nonce, i) for i in ids]
            )

    async def done_outbox(self, row_ids: Iterable[int]) -> None:
        """Forget delivered outbox rows (already gone is fine)."""
        ids = list(row_ids)
        if not ids:
            return
        async with self._write() as db:
            await db.executemany("DELETE FROM outbox WHERE id = $1", [(i,) for i in ids])

    async def sessions_with_status(self, *statuses: SessionStatus) -> list[Session]:
        """Sessions in any of these states (all sessions if none given), oldest first."""
        if not statuses:
            rows = await self._backend.fetch("SELECT * FROM sessions ORDER BY id")
        else:
            wanted = ", ".join(f"${n}" for n in range(1, len(statuses) + 1))
            rows = await self._backend.fetch(
                f"SELECT * FROM sessions WHERE status IN ({wanted}) ORDER BY id", *statuses
            )
        return [_session(row) for row in rows]

    # timers

    async def set_timer(
        self, session_id: int, kind: str, seat: int | None, due_at: datetime, version: int
    ) -> Timer:
        """Add a timer; raises NotFound if the session does not exist."""
        due = self._when(due_at)
        try:
            async with self._write() as db:
                row = await db.fetchrow(
                    "INSERT INTO timers (session_id, kind, seat, due_at, version)"
                    " VALUES ($1, $2, $3, $4, $5) RETURNING *",
                    session_id, kind, seat, due, version,
                )  # fmt: skip
        except ForeignKeyViolation:
            raise NotFound(f"no session {session_id}") from None
        assert row is not None
        return _timer(row)

    async def clear_timers(self, session_id: int, kind: str | None = None) -> int:
        """Delete the session's timers (of one kind, or all); returns how many went."""
        async with self._write() as db:
            if kind is None:
                return await db.execute("DELETE FROM timers WHERE session_id = $1", session_id)
            return await db.execute(
                "DELETE FROM timers WHERE session_id = $1 AND kind = $2", session_id, kind
            )

    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        """The timer that comes due first (of the servers on `shards`, if given)."""
        row = await self._backend.fetchrow(
            _TIMERS.format(served=where(shards), due="") + " LIMIT 1"
        )
        return _timer(row) if row else None

    async def due_timers(self, now: datetime, shards: Shards | None = None) -> list[Timer]:
        """Timers due at or before `now`, soonest first (of the servers on `shards`, if
        given: each process fires its own servers' timers, so each fires in one process)."""
        rows = await self._backend.fetch(
            _TIMERS.format(served=where(shards), due="AND t.due_at <= $1"), self._when(now)
        )
        return [_timer(row) for row in rows]

    async def delete_timer(self, timer_id: int) -> bool:
        """Delete one timer; False if it was already gone (the callback may have cleared it)."""
        async with self._write() as db:
            return await db.execute("DELETE FROM timers WHERE id = $1", timer_id) > 0

    # meta

    async def private_message(self, session_id: int, seat: int) -> PrivateMessage:
        """Where the seat's private view was last sent (all None when never)."""
        row = await self._backend.fetchrow(
            "SELECT * FROM private_messages WHERE session_id = $1 AND seat = $2",
            session_id, seat,
        )  # fmt: skip
        return _private_message(session_id, seat, row)

    async def set_private_message(self, record: PrivateMessage) -> None:
        """Remember where the seat's private view went, or that its DMs are closed."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO private_messages (session_id, seat, channel_id, message_id,"
                " content, dms_closed) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (session_id, seat) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, content = excluded.content,"
                " dms_closed = excluded.dms_closed",
                record.session_id, record.seat, record.channel_id, record.message_id,
                record.content, record.dms_closed,
            )  # fmt: skip

    async def set_call_message(
        self, session_id: int, seat: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember (or, with None, forget) the DM calling the seat to answer a window.
        Bookkeeping: never fails because of a move."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO private_messages (session_id, seat, call_channel_id,"
                " call_message_id) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (session_id, seat) DO UPDATE SET"
                " call_channel_id = excluded.call_channel_id,"
                " call_message_id = excluded.call_message_id",
                session_id, seat, channel_id, message_id,
            )  # fmt: skip

    async def dm_channel(self, user_id: int) -> int | None:
        """The DM channel the bot last wrote to this person in, if any."""
        row = await self._backend.fetchrow(
            "SELECT channel_id FROM dm_channels WHERE user_id = $1", user_id
        )
        return row["channel_id"] if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Remember (or, with None, forget) a person's DM channel. Bookkeeping: never fails
        because of a move."""
        async with self._write() as db:
            if channel_id is None:
                await db.execute("DELETE FROM dm_channels WHERE user_id = $1", user_id)
            else:
                await db.execute(
                    "INSERT INTO dm_channels (user_id, channel_id) VALUES ($1, $2)"
                    " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                    user_id, channel_id,
                )  # fmt: skip

    async def threads_by_default(self, guild_id: int) -> bool:
        """Whether the server opens its games in threads unless asked otherwise."""
        row = await self._backend.fetchrow(
            "SELECT threads FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return bool(row["threads"]) if row else False

    async def set_threads_by_default(self, guild_id: int, on: bool) -> None:
        """The server's /settings choice of threads."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, threads) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                guild_id, on,
            )  # fmt: skip

    # the server's page on the web (bot/web)

    async def web_page(self, guild_id: int) -> WebPage:
        """Whether the server has a page on the web, and its language."""
        row = await self._backend.fetchrow(
            "SELECT web, language FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return WebPage(on=bool(row["web"]), language=row["language"]) if row else WebPage()

    async def web_pages(self) -> list[int]:
        """The servers that have a page on the web."""
        rows = await self._backend.fetch("SELECT guild_id FROM guild_settings WHERE web")
        return sorted(row["guild_id"] for row in rows)

    async def set_web_page(self, guild_id: int, on: bool, language: str) -> None:
        """The server's /settings choice of a page on the web."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, web, language) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id) DO UPDATE SET web = excluded.web,"
                " language = excluded.language",
                guild_id, on, language,
            )  # fmt: skip

    async def note_channel(self, channel_id: int, guild_id: int | None, public: bool) -> None:
        """Whether everyone in the server may read this channel, as seen when a game opened
        in it. Bookkeeping: never fails because of a move."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO channels (channel_id, guild_id, public) VALUES ($1, $2, $3)"
                " ON CONFLICT (channel_id) DO UPDATE SET public = excluded.public",
                channel_id, guild_id, public,
            )  # fmt: skip

    async def public_channels(self, guild_id: int) -> set[int]:
        """The server's channels everyone may read, as last noted."""
        rows = await self._backend.fetch(
            "SELECT channel_id FROM channels WHERE guild_id = $1 AND public", guild_id
        )
        return {row["channel_id"] for row in rows}

    async def finished_in_guild(self, guild_id: int, limit: int) -> list[GameResult]:
        """The server's games finished lately, newest first, at most `limit`."""
        rows = await self._backend.fetch(
            "SELECT * FROM results WHERE guild_id = $1"
            " ORDER BY finished_at DESC, session_id DESC LIMIT $2", guild_id, limit,
        )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def results_after(self, guild_id: int, game: str,
                            after: tuple[datetime, int] | None, limit: int) -> list[GameResult]:
        """This server's finished games of one kind that finished after `after` (the finish
        time and session of the last one read; None: from the first), in the order they
        finished, at most `limit`: a leaderboard kept up to date reads only what is new, a
        few hundred at a time."""
        if after is None:
            rows = await self._backend.fetch(
                "SELECT * FROM results WHERE guild_id = $1 AND game = $2"
                " ORDER BY finished_at, session_id LIMIT $3", guild_id, game, limit,
            )  # fmt: skip
        else:
            rows = await self._backend.fetch(
                "SELECT * FROM results WHERE guild_id = $1 AND game = $2 AND (finished_at > $3"
                " OR (finished_at = $3 AND session_id > $4))"
                " ORDER BY finished_at, session_id LIMIT $5",
                guild_id, game, self._when(after[0]), after[1], limit,
            )  # fmt: skip
        return [_game_result(row) for row in rows]

    async def sessions_by_id(self, ids: Iterable[int]) -> list[Session]:
        """These sessions (those that exist), in no particular order."""
        wanted = sorted(set(ids))
        if not wanted:
            return []
        marks = ", ".join(f"${n}" for n in range(1, len(wanted) + 1))
        rows = await self._backend.fetch(f"SELECT * FROM sessions WHERE id IN ({marks})",
                                         *wanted)
        return [_session(row) for row in rows]

    # replays

    # What the kept replays may weigh in all: past it, the oldest made are let go (a game
    # replayed again is then made again).
    REPLAYS_KEPT_BYTES: Final = 256 * 1024 * 1024

    async def kept_replay(self, session_id: int, language: str) -> KeptReplay | None:
        """The replay made of this game in this language, if it is still kept."""
        row = await self._backend.fetchrow(
            "SELECT session_id, language, kind, data, about FROM replays"
            " WHERE session_id = $1 AND language = $2", session_id, language,
        )  # fmt: skip
        return KeptReplay(**dict(row)) if row else None

    async def keep_replay(self, replay: KeptReplay) -> None:
        """Keep a replay just made (the same one again replaces it), letting the oldest go
        while they weigh more than REPLAYS_KEPT_BYTES. Bookkeeping: never fails because of a
        move."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO replays (session_id, language, made_at, kind, size, data, about)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id, language)"
                " DO UPDATE SET made_at = excluded.made_at, kind = excluded.kind,"
                " size = excluded.size, data = excluded.data, about = excluded.about",
                replay.session_id, replay.language, self._when(utcnow()), replay.kind,
                len(replay.data), replay.data, replay.about,
            )  # fmt: skip
            rows = await db.fetch(
                "SELECT session_id, language, size FROM replays ORDER BY made_at DESC,"
                " session_id DESC"
            )
            weight, gone = 0, []
            for row in rows:
                weight += row["size"]
                if weight > self.REPLAYS_KEPT_BYTES:
                    gone.append((row["session_id"], row["language"]))
            if gone:
                await db.executemany(
                    "DELETE FROM replays WHERE session_id = $1 AND language = $2", gone
                )

    async def get_meta(self, key: str) -> str | None:
        """A stored fact, or None."""
        row = await self._backend.fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store (or replace) a fact."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key, value,
            )  # fmt: skip


# --- the two backends ----------------------------------------------------------------------


class SqliteStore(Store):
    """The store on a SQLite file (bot/store/sqlite.py): the default, for one process."""

    BUSY_TIMEOUT_MS: Final = 5000

    def __init__(self, backend: SqliteBackend) -> None:
        super().__init__(backend)
        self.path = backend.path
        # The aiosqlite connections, the writing one and the reading one (the same for
        # ":memory:"): tests record or tune what runs on them.
        self._db, self._reader = backend.db, backend.reader

    @classmethod
    async def open(
        cls, url_or_path: str, *, migrations: Sequence[Migration] | None = None
    ) -> SqliteStore:
        """Connect, switch to WAL and bring the schema up to date."""
        path = database_path(url_or_path) if "://" in url_or_path else url_or_path
        backend = await SqliteBackend.connect(path, cls.BUSY_TIMEOUT_MS)
        return await cls._opened(backend, migrations)


class PostgresStore(Store):
    """The store on PostgreSQL (bot/store/postgresql.py), for a bot over several processes."""

    LOCK_TIMEOUT_MS: Final = 5000  # as SqliteStore's busy timeout: then StoreBusy
    POOL_MIN: Final = 1
    POOL_MAX: Final = 10
    CONNECT_TIMEOUT_S: Final = 10.0
    # A server that stops answering without closing the connection (a network cut, a frozen
    # host) would hold a move, and the person waiting on it, for good: each query gets this
    # long, then the caller sees StoreUnavailable. A move takes milliseconds; lock waits end
    # sooner, at LOCK_TIMEOUT_MS.
    COMMAND_TIMEOUT_S: Final = 15.0

    def __init__(self, backend: PostgresBackend) -> None:
        super().__init__(backend)
        self.url = backend.url  # with its password: `repr` shows describe_url's form
        self._pool = backend.pool  # `python -m bot migrate` copies a database through it

    def __repr__(self) -> str:
        return f"PostgresStore({describe_url(self.url)!r})"

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
        """Connect a pool and bring the schema up to date. `command_timeout` None: no bound,
        for a copy of a whole database."""
        from bot.store.postgresql import PostgresBackend  # asyncpg only loaded when used

        backend = await PostgresBackend.connect(
            check_database_url(url),
            min_size=cls.POOL_MIN if min_size is None else min_size,
            max_size=cls.POOL_MAX if max_size is None else max_size,
            connect_timeout=cls.CONNECT_TIMEOUT_S,
            command_timeout=command_timeout,
            lock_timeout_ms=cls.LOCK_TIMEOUT_MS,
        )
        return await cls._opened(backend, migrations)
