"""Persistent game sessions, the action log, timers and meta facts.

`Store` is the small interface the rest of the bot codes against; `SqliteStore` is the default
backend, `bot.store.postgresql.PostgresStore` the one for a multi-process deployment (`Store.open`
picks it from the URL): nothing above these modules knows about SQL. Every write is guarded by
an optimistic version check (`version = version + 1 WHERE version = expected`), which is what
makes a stale button or a second process lose cleanly instead of overwriting a newer state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Self

import aiosqlite
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from bot.store.shards import Shards, where
from bot.store.urls import database_path, is_postgresql_url

__all__ = [
    "ActionRow",
    "AlreadyApplied",
    "GameResult",
    "ResultSeat",
    "ChannelBusy",
    "MIGRATIONS_DIR",
    "Migration",
    "NotFound",
    "OPEN_STATUSES",
    "OutboxItem",
    "OutboxRow",
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
    "Clock",
    "UNSET",
    "load_migrations",
    "utcnow",
]

SessionStatus = Literal["lobby", "active", "finished", "ended"]
OPEN_STATUSES: Final[tuple[SessionStatus, ...]] = ("lobby", "active")
# Written into the SQL as literals, not bound: only then can SQLite prove that a lookup matches
# the partial index `sessions_one_open_per_channel` (WHERE status IN ('lobby', 'active')) and
# use it. With bound values it walked every open game: milliseconds at 10,000 games.
_OPEN_SQL: Final = "status IN ({})".format(", ".join(f"'{s}'" for s in OPEN_STATUSES))

# Reads across every session, limited to the servers of a process's shards (bot/store/shards.py);
# the same text on both backends, `due` carrying the backend's parameter.
_TIMERS: Final = (
    "SELECT t.* FROM timers AS t JOIN sessions AS s ON s.id = t.session_id"
    " WHERE {served} {due} ORDER BY t.due_at, t.id"
)
_SESSIONS_WITH_OUTBOX: Final = (
    "SELECT o.session_id, MIN(o.id) AS first FROM outbox AS o"
    " JOIN sessions AS s ON s.id = o.session_id WHERE {served}"
    " GROUP BY o.session_id ORDER BY first"
)

MIGRATIONS_DIR: Final[Path] = Path(__file__).with_name("migrations")
_MIGRATION_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_-]+\.sql$")


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (the only kind the store accepts)."""
    return datetime.now(UTC)


class _Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = _Unset.UNSET
"""Marks an `update_session` field as "leave as it is" (None is a value: it clears)."""


# --- models -------------------------------------------------------------------------------


class Seat(BaseModel):
    """A place at the table; AI seats have no Discord user. A person's seat is `away` while
    the AI plays it for them (their clock ran out twice, or the host handed it over): it stays
    theirs, and they take it back by acting."""

    model_config = ConfigDict(frozen=True)

    user_id: int | None
    name: str
    bot: bool = False
    away: bool = False
    language: str = "en"  # a person's: their DMs' (games.i18n.LANGUAGES)

    @property
    def ai(self) -> bool:
        """The AI makes this seat's moves (an AI seat, or a person's while they are away)."""
        return self.bot or self.away


class Wait(BaseModel):
    """A seat the game waits for: since when, when its clock runs out (None: no clock), when
    to remind its person (None: no reminder), and whether it answers a reaction window."""

    model_config = ConfigDict(frozen=True)

    since: AwareDatetime
    due: AwareDatetime | None = None
    remind: AwareDatetime | None = None
    reaction: bool = False


class Clock(BaseModel):
    """A game's clock: its settings (seconds; `turn` None: no limit, reminders only), the
    seats it waits for, and each seat's clocks run out in a row (`strikes`). Saved with every
    move, so deadlines follow from what is saved."""

    model_config = ConfigDict(frozen=True)

    turn: int | None = None
    reaction: int | None = None
    waits: dict[int, Wait] = Field(default_factory=dict)
    strikes: dict[int, int] = Field(default_factory=dict)


class BoardNews(BaseModel):
    """The news the live board message shows, the last outbox row it shows, and the last
    session version it shows (a later step of the same turn edits it in place)."""

    model_config = ConfigDict(frozen=True)

    lines: list[str] = Field(default_factory=list)
    through: int = 0
    version: int = 0


class Session(BaseModel):
    """One game in one channel, from lobby to its end."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: SessionStatus
    host_id: int
    players: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    state: str | None = None
    version: int = 0
    board_message_id: int | None = None
    board_news: BoardNews | None = None
    lobby_message_id: int | None = None
    clock: Clock = Field(default_factory=Clock)
    thread_of: int | None = None  # the game is in a thread of this channel
    created_at: AwareDatetime
    updated_at: AwareDatetime

    @property
    def is_open(self) -> bool:
        """Lobby or running: the session that owns its channel."""
        return self.status in OPEN_STATUSES


class ActionRow(BaseModel):
    """One entry of the append-only action log."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    seq: int
    version: int
    seat: int | None
    user_id: int | None
    action: str
    at: AwareDatetime
    interaction_id: int | None = None
    timeout: bool = False  # the bot moved for a seat whose time ran out


class Timer(BaseModel):
    """A deadline or reminder; `version` lets the bot ignore one the game has moved past."""

    model_config = ConfigDict(frozen=True)

    id: int
    session_id: int
    kind: str
    seat: int | None
    due_at: AwareDatetime
    version: int


class NextTimer(BaseModel):
    """A timer to set together with a move, so what must happen next is saved with it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int | None
    due_at: AwareDatetime


OutboxKind = Literal["board", "private", "call"]


class OutboxItem(BaseModel):
    """Something a change must still show, saved with the change: the board with the change's
    news (`payload["events"]`), a seat's private view at that step (`payload["state"]`,
    `payload["news"]`: a new DM or a quiet edit), or a call to a seat that may answer a
    reaction window (`payload["due"]`: when the window closes), by DM, never in the channel."""

    model_config = ConfigDict(frozen=True)

    kind: OutboxKind
    seat: int | None = None
    payload: dict[str, Any] = Field(default_factory=dict)


class OutboxRow(OutboxItem):
    """An outbox item as stored: the session version it belongs to, and its id."""

    id: int
    session_id: int
    version: int
    nonce: str | None = None


class ResultSeat(BaseModel):
    """One seat of a finished game as its result keeps it: who sat there (`user_id` None for
    an AI seat; a person the AI stood in for at the end stays theirs), the team it played in
    (an index into the game's teams), its score when the game keeps scores, and whether it
    won."""

    model_config = ConfigDict(frozen=True)

    seat: int
    user_id: int | None
    name: str
    team: int
    score: int | None = None
    won: bool


class GameResult(BaseModel):
    """A finished game's record: saved by the move that finished it, read by /stats and
    /leaderboard. `moves` counts the log's rows (AI moves too), `seconds` runs from the lobby's
    opening to the finish; `with_ai` when any seat was an AI seat."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    guild_id: int | None
    game: str
    finished_at: AwareDatetime
    moves: int
    seconds: int
    with_ai: bool
    seats: list[ResultSeat]


def _result_seats_json(seats: Sequence[ResultSeat]) -> str:
    return json.dumps([s.model_dump() for s in seats], separators=(",", ":"))


def _result_players(seats: Sequence[ResultSeat]) -> list[int]:
    """The people of a result, each once (a person in two seats played one game)."""
    return sorted({s.user_id for s in seats if s.user_id is not None})


# --- errors -------------------------------------------------------------------------------


class PrivateMessage(BaseModel):
    """Where a seat's private view was last sent, and whether its DMs were found closed."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    seat: int
    channel_id: int | None = None
    message_id: int | None = None
    content: str | None = None  # its text, to mark it out of date without losing it
    dms_closed: bool = False


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or a running game."""

    def __init__(self, channel_id: int, session_id: int | None = None) -> None:
        self.channel_id = channel_id
        self.session_id = session_id
        which = f" (session {session_id})" if session_id is not None else ""
        super().__init__(f"channel {channel_id} already has a lobby or a running game{which}")


class StaleVersion(StoreError):
    """Someone else changed the session first; re-read and try again (or tell the user)."""

    def __init__(self, session_id: int, expected: int, actual: int | None) -> None:
        self.session_id = session_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"session {session_id} is at version {actual}, not {expected}: it changed meanwhile"
        )


class NotFound(StoreError):
    """No such session (or other row)."""


class StoreBusy(StoreError):
    """The database stayed locked (a backup, another process) past the busy timeout: nothing
    was written; trying again shortly will do."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached or refuses the login (at start-up); the message
    says which, never with the password."""


class AlreadyApplied(StoreError):
    """This interaction already made a move (Discord delivered it twice)."""

    def __init__(self, interaction_id: int) -> None:
        self.interaction_id = interaction_id
        super().__init__(f"interaction {interaction_id} already made a move")


# --- the interface ------------------------------------------------------------------------


class Store(ABC):
    """What the bot needs from persistence; backends subclass this."""

    @classmethod
    async def open(cls, url_or_path: str, *, pool_size: int | None = None) -> Store:
        """Open the store a URL names: ``postgresql://...`` (or ``postgres://``) a
        PostgresStore with at most `pool_size` connections, ``sqlite:///...`` or a plain path
        a SqliteStore (one writer and one reader whatever `pool_size` says)."""
        if is_postgresql_url(url_or_path):
            from bot.store.postgresql import PostgresStore  # asyncpg only loaded when used

            return await PostgresStore.open(url_or_path, max_size=pool_size)
        return await SqliteStore.open(url_or_path)

    @abstractmethod
    async def close(self) -> None:
        """Release the connection; the store is unusable afterwards."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # sessions

    @abstractmethod
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
        """Open a lobby; raises ChannelBusy if the channel already has an open session.
        `thread_of`: the channel whose thread `channel_id` is, for a game in a thread."""

    @abstractmethod
    async def open_session(self, channel_id: int) -> Session | None:
        """The lobby or running game in this channel, if any."""

    @abstractmethod
    async def open_sessions_in_guild(self, guild_id: int, limit: int) -> list[Session]:
        """The lobbies and running games of one server, newest first, at most `limit`."""

    @abstractmethod
    async def latest_session(self, channel_id: int) -> Session | None:
        """The newest session of this channel, whatever its status (to show a final board)."""

    @abstractmethod
    async def get_session(self, session_id: int) -> Session:
        """The session with this id; raises NotFound."""

    @abstractmethod
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
        """Write the given fields if the version still matches; raises StaleVersion, NotFound.

        ``timers``, when given, replace the session's timers in the same transaction; the
        ``outbox`` items are added in it, at the new version.
        """

    @abstractmethod
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

    @abstractmethod
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

    @abstractmethod
    async def actions(self, session_id: int) -> list[ActionRow]:
        """The session's action log in order."""

    # results

    @abstractmethod
    async def results_of_person(self, guild_id: int, user_id: int) -> list[GameResult]:
        """The finished games this person played in this server, oldest first (/stats)."""

    @abstractmethod
    async def results_of_game(self, guild_id: int, game: str) -> list[GameResult]:
        """This server's finished games of one kind, in the order they finished
        (/leaderboard: ratings are computed from them in that order)."""

    @abstractmethod
    async def action_by_interaction(self, interaction_id: int) -> ActionRow | None:
        """The move this interaction made, if it made one."""

    @abstractmethod
    async def last_move_version(self, session_id: int, seat: int) -> int | None:
        """The session version the seat's latest move made (None: it has not moved). One
        index step, however long the game: a stale click is refused without reading the log."""

    # the outbox

    @abstractmethod
    async def outbox(self, session_id: int) -> tuple[Session, list[OutboxRow]]:
        """The session and what it must still show, oldest first, read together."""

    @abstractmethod
    async def sessions_with_outbox(self, shards: Shards | None = None) -> list[int]:
        """Sessions that have something left to show, oldest news first; of the servers on
        `shards` only, when a process serves some shards."""

    @abstractmethod
    async def claim_outbox(self, row_ids: Iterable[int], nonce: str) -> None:
        """Note the nonce these rows are about to be posted with (before the first try)."""

    @abstractmethod
    async def done_outbox(self, row_ids: Iterable[int]) -> None:
        """Forget delivered outbox rows (already gone is fine)."""

    @abstractmethod
    async def sessions_with_status(self, *statuses: SessionStatus) -> list[Session]:
        """Sessions in any of these states (all sessions if none given), oldest first."""

    # timers

    @abstractmethod
    async def set_timer(
        self, session_id: int, kind: str, seat: int | None, due_at: datetime, version: int
    ) -> Timer:
        """Add a timer; raises NotFound if the session does not exist."""

    @abstractmethod
    async def clear_timers(self, session_id: int, kind: str | None = None) -> int:
        """Delete the session's timers (of one kind, or all); returns how many went."""

    @abstractmethod
    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        """The timer that comes due first (of the servers on `shards`, if given)."""

    @abstractmethod
    async def due_timers(self, now: datetime, shards: Shards | None = None) -> list[Timer]:
        """Timers due at or before `now`, soonest first (of the servers on `shards`, if
        given: each process fires its own servers' timers, so each fires in one process)."""

    @abstractmethod
    async def delete_timer(self, timer_id: int) -> bool:
        """Delete one timer; False if it was already gone (the callback may have cleared it)."""

    # meta

    @abstractmethod
    async def private_message(self, session_id: int, seat: int) -> PrivateMessage:
        """Where the seat's private view was last sent (all None when never)."""

    @abstractmethod
    async def set_private_message(self, record: PrivateMessage) -> None:
        """Remember where the seat's private view went, or that its DMs are closed."""

    @abstractmethod
    async def dm_channel(self, user_id: int) -> int | None:
        """The DM channel the bot last wrote to this person in, if any."""

    @abstractmethod
    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Remember (or, with None, forget) a person's DM channel. Bookkeeping: never fails
        because of a move."""

    @abstractmethod
    async def threads_by_default(self, guild_id: int) -> bool:
        """Whether the server opens its games in threads unless asked otherwise."""

    @abstractmethod
    async def set_threads_by_default(self, guild_id: int, on: bool) -> None:
        """The server's /settings choice of threads."""

    @abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """A stored fact, or None."""

    @abstractmethod
    async def set_meta(self, key: str, value: str) -> None:
        """Store (or replace) a fact."""


# --- SQLite -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Migration:
    """One numbered SQL file."""

    version: int
    name: str
    sql: str


def _session_changes(
    status: SessionStatus | _Unset,
    players: Iterable[Seat | Mapping[str, Any]] | _Unset,
    options: Mapping[str, Any] | _Unset,
    state: str | None | _Unset,
    host_id: int | _Unset,
    clock: Clock | _Unset,
) -> dict[str, Any]:
    """The columns an `update_session` sets, as both backends store them (names are ours,
    never the caller's: they go into the SQL text)."""
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


async def _replace_timers(
    db: aiosqlite.Connection, session_id: int, version: int, timers: Sequence[NextTimer]
) -> None:
    await db.execute("DELETE FROM timers WHERE session_id = ?", (session_id,))
    await db.executemany(
        "INSERT INTO timers (session_id, kind, seat, due_at, version) VALUES (?, ?, ?, ?, ?)",
        [(session_id, t.kind, t.seat, _to_text(t.due_at), version) for t in timers],
    )


async def _add_outbox(
    db: aiosqlite.Connection, session_id: int, version: int, items: Sequence[OutboxItem]
) -> None:
    now = _to_text(utcnow())
    await db.executemany(
        "INSERT INTO outbox (session_id, version, kind, seat, payload, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(session_id, version, i.kind, i.seat, json.dumps(i.payload, separators=(",", ":")),
          now) for i in items],
    )


async def _add_result(
    db: aiosqlite.Connection, session: sqlite3.Row, moment: datetime,
    seats: Sequence[ResultSeat],
) -> None:
    """The finished game's result, in the transaction of its finishing move."""
    cursor = await db.execute(
        "SELECT MAX(seq) AS n FROM actions WHERE session_id = ?", (session["id"],)
    )
    moves = (await cursor.fetchone())["n"] or 0
    seconds = max(0, int((moment - _from_text(session["created_at"])).total_seconds()))
    await db.execute(
        "INSERT INTO results (session_id, guild_id, game, finished_at, moves, seconds, with_ai,"
        " seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (session["id"], session["guild_id"], session["game"], _to_text(moment), moves, seconds,
         int(any(s.user_id is None for s in seats)), _result_seats_json(seats)),
    )
    await db.executemany(
        "INSERT INTO result_players (session_id, user_id, guild_id) VALUES (?, ?, ?)",
        [(session["id"], user, session["guild_id"]) for user in _result_players(seats)],
    )


def _private_file(path: Path) -> None:
    """Make the database file (and a folder made for it) readable by the bot's user only,
    whatever the umask: it holds every hand and code. SQLite gives the -wal and -shm files
    the database file's mode."""
    missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
    path.parent.mkdir(parents=True, exist_ok=True)
    for folder in missing:
        folder.chmod(0o700)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if file.exists() and file.stat().st_mode & 0o077:
            file.chmod(0o600)


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The numbered .sql files in order; numbers must be unique so each applies exactly once."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise StoreError(f"migration file {path.name!r} is not named NNNN_description.sql")
        number = int(match.group(1))
        if number in found:
            raise StoreError(f"migrations {found[number].name} and {path.name} share a number")
        found[number] = Migration(number, path.name, path.read_text(encoding="utf-8"))
    return [found[number] for number in sorted(found)]


def _split_statements(script: str) -> list[str]:
    """Split a script into statements; sqlite3.complete_statement copes with triggers."""
    statements: list[str] = []
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \t\r\n;"):
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip(" \t\r\n;"):
        statements.append(buffer.strip())
    return statements


def _is_busy(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and (
        "locked" in str(error) or "busy" in str(error)
    )


def _check_status(status: str) -> SessionStatus:
    if status not in ("lobby", "active", "finished", "ended"):
        raise ValueError(f"unknown session status {status!r}")
    return status  # type: ignore[return-value]


def _to_text(moment: datetime) -> str:
    """Fixed-width ISO-8601 UTC, so SQL text order is time order."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass an aware (UTC) datetime")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _seats_json(players: Iterable[Seat | Mapping[str, Any]]) -> str:
    seats = [p if isinstance(p, Seat) else Seat.model_validate(p) for p in players]
    return json.dumps([s.model_dump() for s in seats], separators=(",", ":"))


def _options_json(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), separators=(",", ":"))


def _session(row: sqlite3.Row) -> Session:
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
        created_at=_from_text(row["created_at"]),
        updated_at=_from_text(row["updated_at"]),
    )


def _timer(row: sqlite3.Row) -> Timer:
    return Timer(
        id=row["id"],
        session_id=row["session_id"],
        kind=row["kind"],
        seat=row["seat"],
        due_at=_from_text(row["due_at"]),
        version=row["version"],
    )


def _action(row: sqlite3.Row) -> ActionRow:
    return ActionRow(
        session_id=row["session_id"],
        seq=row["seq"],
        version=row["version"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=row["action"],
        at=_from_text(row["at"]),
        interaction_id=row["interaction_id"],
        timeout=bool(row["timeout"]),
    )


def _game_result(row: sqlite3.Row) -> GameResult:
    return GameResult(
        session_id=row["session_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        finished_at=_from_text(row["finished_at"]),
        moves=row["moves"],
        seconds=row["seconds"],
        with_ai=bool(row["with_ai"]),
        seats=[ResultSeat.model_validate(s) for s in json.loads(row["seats"])],
    )


def _outbox_row(row: sqlite3.Row) -> OutboxRow:
    return OutboxRow(
        id=row["id"],
        session_id=row["session_id"],
        version=row["version"],
        kind=row["kind"],
        seat=row["seat"],
        payload=json.loads(row["payload"]),
        nonce=row["nonce"],
    )


_SCHEMA_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


class SqliteStore(Store):
    """The store on two aiosqlite connections in WAL mode: one writes, one reads.

    Writes go through one connection, so an internal lock serializes them: two transactions
    must never interleave. They use BEGIN IMMEDIATE so a second process waits (busy_timeout)
    instead of failing half-way. Reads have a connection of their own: in WAL mode they never
    wait for a writer, so while a backup or another process holds the write lock, boards,
    hands and autocomplete still answer (and a read never sees a half-done transaction).
    """

    BUSY_TIMEOUT_MS: Final = 5000

    def __init__(
        self, db: aiosqlite.Connection, path: str, reader: aiosqlite.Connection | None = None
    ) -> None:
        self._db = db
        self._reader = reader or db
        self._lock = asyncio.Lock()
        self._read_lock = self._lock if reader is None else asyncio.Lock()
        self._closed = False
        self.path = path

    @classmethod
    async def open(cls, url_or_path: str) -> SqliteStore:
        """Connect, switch to WAL and bring the schema up to date."""
        path = database_path(url_or_path) if "://" in url_or_path else url_or_path
        if path != ":memory:":
            _private_file(Path(path).expanduser())
        db = await aiosqlite.connect(path, isolation_level=None)
        reader: aiosqlite.Connection | None = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {cls.BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await cls(db, path)._migrate(load_migrations())
            if path != ":memory:":  # a second connection to :memory: would be another database
                reader = await aiosqlite.connect(path, isolation_level=None)
                reader.row_factory = sqlite3.Row
                await reader.execute(f"PRAGMA busy_timeout = {cls.BUSY_TIMEOUT_MS}")
                await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await db.close()
            if reader is not None:
                await reader.close()
            raise
        return cls(db, path, reader)

    async def close(self) -> None:
        """Close both connections. Shielded: a connection left open keeps its worker thread,
        and the process would hang at exit waiting for it."""
        await asyncio.shield(self._close())

    async def _close(self) -> None:
        async with self._lock, (
            self._read_lock if self._read_lock is not self._lock else contextlib.nullcontext()
        ):
            if not self._closed:
                self._closed = True
                try:
                    await self._db.close()
                finally:
                    if self._reader is not self._db:
                        await self._reader.close()

    # plumbing

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            try:
                # Inside the try: a cancelled BEGIN still runs on the worker thread.
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException as error:
                # Also on cancellation: the shared connection must not stay inside a transaction.
                await asyncio.shield(self._rollback())
                if _is_busy(error):
                    raise StoreBusy(str(error)) from error
                raise

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._read_lock:
            try:
                return list(await self._reader.execute_fetchall(sql, tuple(params)))
            except sqlite3.OperationalError as error:
                if _is_busy(error):
                    raise StoreBusy(str(error)) from error
                raise

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def _migrate(self, migrations: list[Migration]) -> None:
        await self._db.execute(_SCHEMA_TABLE)
        known = max((m.version for m in migrations), default=0)
        row = await self._fetchone("SELECT MAX(version) AS v FROM schema_version")
        current = row["v"] if row and row["v"] is not None else 0
        if current > known:
            raise StoreError(
                f"database schema version {current} is newer than this code knows ({known}); "
                "run a newer version of the bot"
            )
        for migration in migrations:
            async with self._transaction() as db:
                # Re-checked inside the write lock: another process may have just applied it.
                cursor = await db.execute(
                    "SELECT 1 FROM schema_version WHERE version = ?", (migration.version,)
                )
                if await cursor.fetchone() is not None:
                    continue
                for statement in _split_statements(migration.sql):
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, _to_text(utcnow())),
                )

    async def schema_version(self) -> int:
        """The highest migration applied to this database."""
        row = await self._fetchone("SELECT MAX(version) AS v FROM schema_version")
        return row["v"] if row and row["v"] is not None else 0

    async def _missing_or_stale(
        self, db: aiosqlite.Connection, session_id: int, expected: int
    ) -> StoreError:
        cursor = await db.execute("SELECT version FROM sessions WHERE id = ?", (session_id,))
        row = await cursor.fetchone()
        if row is None:
            return NotFound(f"no session {session_id}")
        return StaleVersion(session_id, expected, row["version"])

    async def _busy(self, db: aiosqlite.Connection, channel_id: int) -> ChannelBusy:
        cursor = await db.execute(
            f"SELECT id FROM sessions WHERE channel_id = ? AND {_OPEN_SQL}", (channel_id,)
        )
        row = await cursor.fetchone()
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
        now = _to_text(utcnow())
        values = (
            guild_id, channel_id, game, "lobby", host_id,
            _seats_json(players), _options_json(options), seed,
            (clock or Clock()).model_dump_json(), now, now, thread_of,
        )  # fmt: skip
        busy: ChannelBusy | None = None
        async with self._transaction() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, players,"
                    " options, seed, clock, created_at, updated_at, thread_of)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                    values,
                )
                row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:
                if "sessions.channel_id" not in str(error):
                    raise
                busy = await self._busy(db, channel_id)
        if busy is not None:
            raise busy
        assert row is not None
        return _session(row)

    async def open_session(self, channel_id: int) -> Session | None:
        row = await self._fetchone(
            f"SELECT * FROM sessions WHERE channel_id = ? AND {_OPEN_SQL}", (channel_id,)
        )
        return _session(row) if row else None

    async def open_sessions_in_guild(self, guild_id: int, limit: int) -> list[Session]:
        rows = await self._fetchall(
            f"SELECT * FROM sessions WHERE guild_id = ? AND {_OPEN_SQL}"
            " ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_session(row) for row in rows]

    async def latest_session(self, channel_id: int) -> Session | None:
        row = await self._fetchone(
            "SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _session(row) if row else None

    async def get_session(self, session_id: int) -> Session:
        row = await self._fetchone("SELECT * FROM sessions WHERE id = ?", (session_id,))
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
        fields["updated_at"] = _to_text(utcnow())
        assignments = [f"{name} = ?" for name in fields]  # names are ours, never the caller's
        assignments.append("version = version + 1")
        sql = (
            f"UPDATE sessions SET {', '.join(assignments)}"
            " WHERE id = ? AND version = ? RETURNING *"
        )
        failure: StoreError | None = None
        async with self._transaction() as db:
            try:
                cursor = await db.execute(sql, (*fields.values(), session_id, expected_version))
                row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:
                if "sessions.channel_id" not in str(error):
                    raise
                cursor = await db.execute(
                    "SELECT channel_id FROM sessions WHERE id = ?", (session_id,)
                )
                channel = await cursor.fetchone()
                failure = await self._busy(db, channel["channel_id"] if channel else 0)
            else:
                if row is None:
                    failure = await self._missing_or_stale(db, session_id, expected_version)
                else:
                    if timers is not None:
                        await _replace_timers(db, session_id, row["version"], timers)
                    await _add_outbox(db, session_id, row["version"], outbox)
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
        assignments = ", ".join(f"{name} = ?" for name in fields) or "id = id"
        async with self._transaction() as db:
            cursor = await db.execute(
                f"UPDATE sessions SET {assignments} WHERE id = ? RETURNING *",
                (*fields.values(), session_id),
            )
            row = await cursor.fetchone()
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
        moment = utcnow()
        now = _to_text(moment)
        failure: StoreError | None = None
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE sessions SET state = ?, status = COALESCE(?, status),"
                " players = COALESCE(?, players), clock = COALESCE(?, clock),"
                " version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ? RETURNING *",
                (state, status, None if players is None else _seats_json(players),
                 None if clock is None else clock.model_dump_json(), now, session_id,
                 expected_version),
            )
            row = await cursor.fetchone()
            if row is None:
                failure = await self._missing_or_stale(db, session_id, expected_version)
            else:
                try:
                    await db.execute(
                        "INSERT INTO actions (session_id, seq, version, seat, user_id, action,"
                        " at, interaction_id, timeout) VALUES (?, (SELECT COALESCE(MAX(seq), 0)"
                        " + 1 FROM actions WHERE session_id = ?), ?, ?, ?, ?, ?, ?, ?)",
                        (session_id, session_id, row["version"], seat, user_id, action, now,
                         interaction_id, int(timeout)),
                    )
                except sqlite3.IntegrityError as error:
                    if "interaction_id" not in str(error) or interaction_id is None:
                        raise
                    # Raised inside: the transaction rolls back the state written above.
                    raise AlreadyApplied(interaction_id) from None
                if timers is not None:
                    await _replace_timers(db, session_id, row["version"], timers)
                await _add_outbox(db, session_id, row["version"], outbox)
                if result is not None:
                    await _add_result(db, row, moment, result)
        if failure is not None:
            raise failure
        assert row is not None
        return _session(row)

    async def actions(self, session_id: int) -> list[ActionRow]:
        rows = await self._fetchall(
            "SELECT * FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
        )
        return [_action(row) for row in rows]

    async def results_of_person(self, guild_id: int, user_id: int) -> list[GameResult]:
        rows = await self._fetchall(
            "SELECT r.* FROM result_players AS p JOIN results AS r"
            " ON r.session_id = p.session_id WHERE p.guild_id = ? AND p.user_id = ?"
            " ORDER BY p.session_id", (guild_id, user_id),
        )
        return [_game_result(row) for row in rows]

    async def results_of_game(self, guild_id: int, game: str) -> list[GameResult]:
        rows = await self._fetchall(
            "SELECT * FROM results WHERE guild_id = ? AND game = ?"
            " ORDER BY finished_at, session_id", (guild_id, game),
        )
        return [_game_result(row) for row in rows]

    async def action_by_interaction(self, interaction_id: int) -> ActionRow | None:
        row = await self._fetchone(
            "SELECT * FROM actions WHERE interaction_id = ?", (interaction_id,)
        )
        return _action(row) if row else None

    async def last_move_version(self, session_id: int, seat: int) -> int | None:
        row = await self._fetchone(
            "SELECT MAX(version) AS v FROM actions WHERE session_id = ? AND seat = ?",
            (session_id, seat),
        )
        return row["v"] if row else None

    # the outbox

    async def outbox(self, session_id: int) -> tuple[Session, list[OutboxRow]]:
        async with self._read_lock:  # one read transaction: one snapshot for both
            await self._reader.execute("BEGIN")
            try:
                rows = await self._reader.execute_fetchall(
                    "SELECT * FROM outbox WHERE session_id = ? ORDER BY id", (session_id,)
                )
                found = list(await self._reader.execute_fetchall(
                    "SELECT * FROM sessions WHERE id = ?", (session_id,)
                ))
            finally:
                await asyncio.shield(self._reader.execute("COMMIT"))
        if not found:
            raise NotFound(f"no session {session_id}")
        return _session(found[0]), [_outbox_row(row) for row in rows]

    async def sessions_with_outbox(self, shards: Shards | None = None) -> list[int]:
        rows = await self._fetchall(_SESSIONS_WITH_OUTBOX.format(served=where(shards)))
        return [row["session_id"] for row in rows]

    async def claim_outbox(self, row_ids: Iterable[int], nonce: str) -> None:
        ids = list(row_ids)
        async with self._transaction() as db:
            await db.executemany(
                "UPDATE outbox SET nonce = ? WHERE id = ?", [(nonce, i) for i in ids]
            )

    async def done_outbox(self, row_ids: Iterable[int]) -> None:
        ids = list(row_ids)
        if not ids:
            return
        async with self._transaction() as db:
            await db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])

    async def sessions_with_status(self, *statuses: SessionStatus) -> list[Session]:
        if not statuses:
            rows = await self._fetchall("SELECT * FROM sessions ORDER BY id")
        else:
            placeholders = ", ".join("?" for _ in statuses)
            rows = await self._fetchall(
                f"SELECT * FROM sessions WHERE status IN ({placeholders}) ORDER BY id", statuses
            )
        return [_session(row) for row in rows]

    # timers

    async def set_timer(
        self, session_id: int, kind: str, seat: int | None, due_at: datetime, version: int
    ) -> Timer:
        due = _to_text(due_at)
        missing = False
        async with self._transaction() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO timers (session_id, kind, seat, due_at, version)"
                    " VALUES (?, ?, ?, ?, ?) RETURNING *",
                    (session_id, kind, seat, due, version),
                )
                row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:
                if "FOREIGN KEY" not in str(error):
                    raise
                missing = True
        if missing:
            raise NotFound(f"no session {session_id}")
        assert row is not None
        return _timer(row)

    async def clear_timers(self, session_id: int, kind: str | None = None) -> int:
        async with self._transaction() as db:
            if kind is None:
                cursor = await db.execute("DELETE FROM timers WHERE session_id = ?", (session_id,))
            else:
                cursor = await db.execute(
                    "DELETE FROM timers WHERE session_id = ? AND kind = ?", (session_id, kind)
                )
            return cursor.rowcount

    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        row = await self._fetchone(_TIMERS.format(served=where(shards), due="") + " LIMIT 1")
        return _timer(row) if row else None

    async def due_timers(self, now: datetime, shards: Shards | None = None) -> list[Timer]:
        rows = await self._fetchall(
            _TIMERS.format(served=where(shards), due="AND t.due_at <= ?"), (_to_text(now),)
        )
        return [_timer(row) for row in rows]

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
            return cursor.rowcount > 0

    # meta

    async def private_message(self, session_id: int, seat: int) -> PrivateMessage:
        row = await self._fetchone(
            "SELECT * FROM private_messages WHERE session_id = ? AND seat = ?", (session_id, seat)
        )
        if row is None:
            return PrivateMessage(session_id=session_id, seat=seat)
        return PrivateMessage(
            session_id=session_id,
            seat=seat,
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            content=row["content"],
            dms_closed=bool(row["dms_closed"]),
        )

    async def set_private_message(self, record: PrivateMessage) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO private_messages (session_id, seat, channel_id, message_id,"
                " content, dms_closed) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (session_id, seat) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, content = excluded.content,"
                " dms_closed = excluded.dms_closed",
                (record.session_id, record.seat, record.channel_id, record.message_id,
                 record.content, int(record.dms_closed)),
            )

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._fetchone(
            "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
        )
        return row["channel_id"] if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        async with self._transaction() as db:
            if channel_id is None:
                await db.execute("DELETE FROM dm_channels WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                    (user_id, channel_id),
                )

    async def threads_by_default(self, guild_id: int) -> bool:
        row = await self._fetchone(
            "SELECT threads FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(row["threads"]) if row else False

    async def set_threads_by_default(self, guild_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                (guild_id, int(on)),
            )

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
