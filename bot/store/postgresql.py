"""PostgreSQL under the store: an asyncpg pool, for a bot spread over several processes (or
machines) that all open the same database, and the database keeps them honest.

The version check is one statement, ``UPDATE ... WHERE id = $1 AND version = $2``: PostgreSQL
takes the row lock, so of two processes writing the same session at once the second waits,
finds the version moved on, and is told StaleVersion; it never reads first and writes after.
Each write is one transaction on one pooled connection, so writes of different sessions run
side by side. Migrations run under an advisory lock: two processes starting at once apply each
exactly once. Imported only when a PostgreSQL URL is opened (asyncpg takes a while to load).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any, ClassVar, Final

import asyncpg

from bot.store.backend import Backend, Connection, Row, aware
from bot.store.errors import ForeignKeyViolation, StoreBusy, StoreUnavailable, UniqueViolation
from bot.store.urls import describe_url

__all__ = ["PostgresBackend"]

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


def _checks(definition: str) -> list[tuple[str, str]]:
    """The named CHECK constraints of a CREATE TABLE: (name, "(expression)")."""
    found: list[tuple[str, str]] = []
    marker = "CONSTRAINT "
    at = definition.find(marker)
    while at >= 0:
        name, _, rest = definition[at + len(marker):].partition(" CHECK ")
        depth = 0
        for end, char in enumerate(rest):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0 and char == ")":
                found.append((name.strip(), rest[: end + 1]))
                break
        at = definition.find(marker, at + len(marker))
    return found


class _Connection(Connection):
    """One pooled asyncpg connection."""

    def __init__(self, db: asyncpg.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return await self._db.fetch(sql, *args)

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        return await self._db.fetchrow(sql, *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        return await self._db.fetchval(sql, *args)

    async def execute(self, sql: str, *args: Any) -> int:
        status = await self._db.execute(sql, *args)  # "DELETE 3"; a script without arguments
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)

    def transaction(self) -> contextlib.AbstractAsyncContextManager[None]:
        return self._db.transaction()  # type: ignore[no-any-return]


class PostgresBackend(Backend):
    """A PostgreSQL database, through a pool of at most `max_size` connections."""

    dialect: ClassVar[str] = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url

    @classmethod
    async def connect(
        cls, url: str, *, min_size: int, max_size: int, connect_timeout: float,
        command_timeout: float | None, lock_timeout_ms: int,
    ) -> PostgresBackend:
        """Connect the pool; StoreUnavailable (the password never in it) when the server
        cannot be reached or refuses the login. `command_timeout` None: queries unbounded."""
        try:
            pool = await asyncpg.create_pool(
                url,
                timeout=connect_timeout,
                min_size=min_size,
                max_size=max_size,
                command_timeout=command_timeout,
                server_settings={
                    "lock_timeout": str(lock_timeout_ms),
                    "application_name": "gametable",
                    "timezone": "UTC",
                },
            )
        except ValueError as error:  # asyncpg could not read the URL (a ClientConfigurationError
            # too): its message may quote a piece of the URL, so it is not shown
            raise StoreUnavailable(
                f"PostgreSQL at {describe_url(url)} cannot be used: asyncpg could not read the"
                f" URL ({type(error).__name__}); check its host, port and query parameters"
            ) from None
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            reason = str(error) or type(error).__name__
            raise StoreUnavailable(
                f"PostgreSQL at {describe_url(url)} cannot be used: {reason}"
            ) from error
        return cls(pool, url)

    async def ready(self) -> None:
        """The pool serves queries as soon as the migrations are applied."""

    async def close(self) -> None:
        """Close the pool (waits for connections in use to be released)."""
        await self.pool.close()

    def translate(self, error: Exception) -> BaseException | None:
        if isinstance(error, asyncpg.UniqueViolationError):
            return UniqueViolation(error.constraint_name, str(error))
        if isinstance(error, asyncpg.ForeignKeyViolationError):
            return ForeignKeyViolation(str(error))
        if isinstance(error, _BUSY_ERRORS):
            return StoreBusy(str(error))
        if isinstance(error, _GONE_ERRORS):
            return _gone(error)
        return None

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self.translated(), self.pool.acquire() as db, db.transaction():
            yield _Connection(db)

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Connection]:
        async with self.translated(), self.pool.acquire() as db, db.transaction(
            isolation="repeatable_read", readonly=True
        ):
            yield _Connection(db)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self.translated():
            return await self.pool.fetch(sql, *args)

    @contextlib.asynccontextmanager
    async def migrating(self) -> AsyncIterator[Connection]:
        async with self.translated(), self.pool.acquire() as db:
            # A session-level advisory lock: a second process starting now waits here, then
            # finds every migration applied.
            await db.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                yield _Connection(db)
            finally:
                await db.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    def bind_time(self, moment: datetime) -> datetime:
        """An aware datetime in UTC: asyncpg binds it to TIMESTAMPTZ."""
        return aware(moment)

    def append_only(self, table: str, message: str) -> list[str]:
        function = f"{table}_append_only"
        refuse = "RAISE EXCEPTION '{}';".format(message.replace("'", "''"))
        triggers = [
            f"CREATE TRIGGER {table}_no_{event.lower()} BEFORE {event} ON {table}"
            f" FOR EACH {each} EXECUTE FUNCTION {function}()"
            for event, each in (("UPDATE", "ROW"), ("DELETE", "ROW"), ("TRUNCATE", "STATEMENT"))
        ]
        return [
            f"CREATE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            f"BEGIN\n    {refuse}\nEND;\n$$",
            *triggers,
        ]

    async def new_checks(self, db: Connection, table: str, definition: str) -> list[str]:
        """Each named CHECK of `definition` replaced in place: rows and ids stay as they are."""
        statements: list[str] = []
        for name, check in _checks(definition):
            statements.append(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
            statements.append(f"ALTER TABLE {table} ADD CONSTRAINT {name} CHECK {check}")
        return statements
