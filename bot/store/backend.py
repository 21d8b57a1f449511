"""What the store asks of a database: the small interface `Store` writes its queries against,
once, for SQLite (bot/store/sqlite.py) and PostgreSQL (bot/store/postgresql.py).

A query is written in PostgreSQL's parameter style (``$1``, ``$2``, a number used twice is one
value); SQLite reads the same text as its own numbered ``?1``, ``?2``. Everything else a query
needs (``RETURNING``, ``ON CONFLICT ... DO UPDATE``, ``COALESCE``) is spelled alike by both.
What is not alike lives behind this interface: connecting, locking, transactions, how a moment
is bound, which driver errors mean busy, gone or a broken constraint, and how a migration makes
triggers or changes a CHECK.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, ClassVar, Protocol

__all__ = ["Backend", "Connection", "Row", "aware"]


class Row(Protocol):
    """A row as either driver returns it: its columns by name."""

    def __getitem__(self, key: str | int, /) -> Any: ...


def aware(moment: datetime) -> datetime:
    """The moment in UTC; a naive datetime is refused on every backend (its zone is a guess)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass an aware (UTC) datetime")
    return moment.astimezone(UTC)


class Connection(ABC):
    """One connection inside a transaction (or a read snapshot): the calls the queries make,
    with asyncpg's shape (arguments after the text, `$n` placeholders)."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Every row the statement returns."""

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row of arguments."""

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[None]:
        """A write transaction on this connection: committed at the end, rolled back on any
        exception (a cancellation too). For migrations, which hold one connection throughout."""

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row, or None."""
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The first column of the first row, or None."""
        rows = await self.fetch(sql, *args)
        return rows[0][0] if rows else None


class Backend(ABC):
    """One open database. `transaction`, `snapshot` and `fetch` turn the driver's errors into
    the store's (StoreBusy, StoreUnavailable) or into an IntegrityViolation (bot/store/errors.py),
    so the queries
    above never see a driver."""

    dialect: ClassVar[str]  # the column of bot/store/migrations WORDS this backend reads

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A write transaction: all of it lands, or nothing."""

    @abstractmethod
    def snapshot(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """Reads that see one consistent state of the database (no write between them)."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """A read outside any transaction."""

    @abstractmethod
    def migrating(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """The connection migrations run on, held so that of several processes starting at
        once each migration is applied by one (the others find it done)."""

    @abstractmethod
    def bind_time(self, moment: datetime) -> Any:
        """A moment as this database stores it (refusing a naive one)."""

    @abstractmethod
    async def ready(self) -> None:
        """Called once the migrations are applied, before the first query (SQLite opens its
        reading connection then)."""

    @abstractmethod
    async def close(self) -> None:
        """Release every connection; the backend is unusable afterwards."""

    # migrations: statements one dialect writes its own way (bot/store/migrations)

    @abstractmethod
    def append_only(self, table: str, message: str) -> list[str]:
        """Statements that refuse every UPDATE and DELETE (and TRUNCATE) of `table`."""

    @abstractmethod
    async def new_checks(self, db: Connection, table: str, definition: str) -> list[str]:
        """Statements that give an existing table the CHECK constraints of `definition` (a
        CREATE TABLE of it with its other columns and constraints unchanged)."""

    # plumbing shared by the backends

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row of a read outside any transaction, or None."""
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    @abstractmethod
    def translate(self, error: Exception) -> BaseException | None:
        """What a driver error means to the store; None: not the driver's (raise it as is)."""

    def translated(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Driver errors raised inside turned into the store's (see `translate`). A class, not
        a generator: it wraps every query, and costs a quarter as much."""
        return _Translating(self)


class _Translating:
    __slots__ = ("_backend",)

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if isinstance(error, Exception):
            mapped = self._backend.translate(error)
            if mapped is not None:
                raise mapped from error
