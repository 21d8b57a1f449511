"""SQLite under the store: two aiosqlite connections to one file in WAL mode, one that writes and
one that reads.

Writes go through one connection, so an internal lock serializes them: two transactions must
never interleave. They use BEGIN IMMEDIATE so a second process waits (busy_timeout) instead of
failing half-way. Reads have a connection of their own: in WAL mode they never wait for a
writer, so while a backup or another process holds the write lock, boards, hands and
autocomplete still answer (and a read never sees a half-done transaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, Final

import aiosqlite

from bot.store.backend import Backend, Connection, Row, aware
from bot.store.errors import ForeignKeyViolation, StoreBusy, UniqueViolation

__all__ = ["SqliteBackend"]

_UNIQUE_FAILED: Final = "UNIQUE constraint failed: "
# Each unique index with the columns SQLite names when a write breaks it ("t.a, t.b").
_UNIQUE_INDEXES: Final = """
SELECT m.name AS tbl, i.name AS idx, c.name AS col
FROM sqlite_master AS m, pragma_index_list(m.name) AS i, pragma_index_info(i.name) AS c
WHERE m.type = 'table' AND i."unique" ORDER BY m.name, i.name, c.seqno
"""


@functools.lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """A query's `$n` placeholders as SQLite's `?n` (the same numbers, the same values)."""
    return re.sub(r"\$(\d+)", r"?\1", sql)


def _is_busy(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and (
        "locked" in str(error) or "busy" in str(error)
    )


def private_file(path: Path) -> None:
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


class _Connection(Connection):
    """One aiosqlite connection; each call is one trip to its thread. The methods are looked
    up on the aiosqlite object at each call (a test records what runs through them)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self._db.execute_fetchall(_numbered(sql), args))

    async def execute(self, sql: str, *args: Any) -> int:
        cursor = await self._db.execute(_numbered(sql), args)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(_numbered(sql), rows)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        try:
            # Inside the try: a cancelled BEGIN still runs on the worker thread.
            await self._db.execute("BEGIN IMMEDIATE")
            yield
            await self._db.execute("COMMIT")
        except BaseException:
            # Also on cancellation: the shared connection must not stay inside a transaction.
            await asyncio.shield(self._rollback())
            raise

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")


class SqliteBackend(Backend):
    """A SQLite file (or ``:memory:``, one connection for both, for tests)."""

    dialect: ClassVar[str] = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str, busy_timeout_ms: int) -> None:
        self.db = self.reader = db
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._writer = self._read = _Connection(db)
        self._lock = asyncio.Lock()
        self._read_lock = self._lock
        self._unique: dict[str, str] = {}
        self._closed = False

    @classmethod
    async def connect(cls, path: str, busy_timeout_ms: int) -> SqliteBackend:
        """The writing connection, in WAL mode; `ready` adds the reading one."""
        if path != ":memory:":
            private_file(Path(path).expanduser())
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            for pragma in (f"busy_timeout = {busy_timeout_ms}", "journal_mode = WAL",
                           "synchronous = NORMAL", "foreign_keys = ON"):
                await db.execute(f"PRAGMA {pragma}")
        except BaseException:
            await db.close()
            raise
        return cls(db, path, busy_timeout_ms)

    async def ready(self) -> None:
        """After the migrations: the reading connection, and the unique indexes by the
        columns SQLite names when a write breaks one."""
        rows = await self._writer.fetch(_UNIQUE_INDEXES)
        columns: dict[str, list[str]] = {}
        for row in rows:
            columns.setdefault(row["idx"], []).append(f"{row['tbl']}.{row['col']}")
        self._unique = {", ".join(names): index for index, names in columns.items()}
        if self.path == ":memory:":  # a second connection to :memory: is another database
            return
        reader = await aiosqlite.connect(self.path, isolation_level=None)
        reader.row_factory = sqlite3.Row
        try:
            await reader.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await reader.close()
            raise
        self.reader, self._read, self._read_lock = reader, _Connection(reader), asyncio.Lock()

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
                    await self.db.close()
                finally:
                    if self.reader is not self.db:
                        await self.reader.close()

    def translate(self, error: Exception) -> BaseException | None:
        if isinstance(error, sqlite3.IntegrityError):
            text = str(error)
            if text.startswith(_UNIQUE_FAILED):
                return UniqueViolation(self._unique.get(text.removeprefix(_UNIQUE_FAILED)), text)
            if "FOREIGN KEY" in text:
                return ForeignKeyViolation(text)
        if _is_busy(error):
            return StoreBusy(str(error))
        return None

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._lock, self.translated(), self._writer.transaction():
            yield self._writer

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Connection]:
        async with self._read_lock, self.translated():
            await self.reader.execute("BEGIN")
            try:
                yield self._read
            finally:
                await asyncio.shield(self.reader.execute("COMMIT"))

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._read_lock, self.translated():
            return await self._read.fetch(sql, *args)

    @contextlib.asynccontextmanager
    async def migrating(self) -> AsyncIterator[Connection]:
        # Each migration's BEGIN IMMEDIATE is the lock between processes.
        async with self._lock, self.translated():
            yield self._writer

    def bind_time(self, moment: datetime) -> str:
        """Fixed-width ISO-8601 UTC text, so SQL text order is time order."""
        return aware(moment).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    def append_only(self, table: str, message: str) -> list[str]:
        refuse = "SELECT RAISE(ABORT, '{}');".format(message.replace("'", "''"))
        return [
            f"CREATE TRIGGER {table}_no_{event.lower()} BEFORE {event} ON {table}\n"
            f"BEGIN\n    {refuse}\nEND"
            for event in ("UPDATE", "DELETE")
        ]

    async def new_checks(self, db: Connection, table: str, definition: str) -> list[str]:
        """SQLite cannot change a CHECK: the table is made anew from `definition` and its rows
        copied over (SQLite's own recipe), with their ids, the id sequence where the table has
        one, and its indexes and triggers."""
        new = f"{table}_new"
        columns = ", ".join(
            row["name"] for row in await db.fetch(f"SELECT name FROM pragma_table_info('{table}')")
        )
        kept = [row["sql"] for row in await db.fetch(
            "SELECT sql FROM sqlite_master WHERE tbl_name = $1 AND type IN ('index', 'trigger')"
            " AND sql IS NOT NULL ORDER BY rowid", table,
        )]  # fmt: skip
        sequence = [
            f"INSERT INTO sqlite_sequence (name, seq) SELECT '{new}', 0 WHERE NOT EXISTS"
            f" (SELECT 1 FROM sqlite_sequence WHERE name = '{new}')",
            f"UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence"
            f" WHERE name = '{table}'), 0)) WHERE name = '{new}'",
        ] if "AUTOINCREMENT" in definition.upper() else []  # fmt: skip
        return [
            definition.replace(f"CREATE TABLE {table} (", f"CREATE TABLE {new} (", 1),
            f"INSERT INTO {new} ({columns}) SELECT {columns} FROM {table}",
            *sequence,
            f"DROP TABLE {table}",
            f"ALTER TABLE {new} RENAME TO {table}",
            *kept,
        ]
