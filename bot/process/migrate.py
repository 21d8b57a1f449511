"""`python -m bot migrate --to postgresql://...`: copy a SQLite database to PostgreSQL.

Every session (whatever its state), every log row, timer, outbox row, private-message record,
DM channel and meta fact is copied with its id, in one transaction, from one consistent read of
the SQLite file; the counts are then compared table by table and the copy is committed only if
they match. A PostgreSQL database that already holds games is refused, never overwritten. Stop
the bot first: a move made during the copy would not be in it.

Exit codes: 0 copied; 2 refused (a setting or argument to fix, or a database with games);
1 a database that cannot be opened.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store.store import PostgresStore, SqliteStore, StoreError
from bot.store.urls import database_path, describe_url, is_postgresql_url

__all__ = ["MigrationRefused", "TABLES", "copy_to_postgresql", "main"]

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 2
EXIT_UNAVAILABLE: Final = 1

# table -> (columns, the ones that are datetimes, the ones that are booleans); parents first.
TABLES: Final[dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]]] = {
    "sessions": (
        ("id", "guild_id", "channel_id", "game", "status", "host_id", "players", "options",
         "seed", "state", "version", "board_message_id", "lobby_message_id", "created_at",
         "updated_at", "board_news", "clock", "thread_of", "kicked"),
        frozenset({"created_at", "updated_at"}), frozenset(),
    ),
    "actions": (
        ("session_id", "seq", "version", "seat", "user_id", "action", "at", "interaction_id",
         "timeout"),
        frozenset({"at"}), frozenset({"timeout"}),
    ),
    "timers": (
        ("id", "session_id", "kind", "seat", "due_at", "version"),
        frozenset({"due_at"}), frozenset(),
    ),
    "outbox": (
        ("id", "session_id", "version", "kind", "seat", "payload", "created_at", "nonce"),
        frozenset({"created_at"}), frozenset(),
    ),
    "private_messages": (
        ("session_id", "seat", "channel_id", "message_id", "content", "dms_closed",
         "call_channel_id", "call_message_id"),
        frozenset(), frozenset({"dms_closed"}),
    ),
    "dm_channels": (("user_id", "channel_id"), frozenset(), frozenset()),
    "meta": (("key", "value"), frozenset(), frozenset()),
    "guild_settings": (("guild_id", "threads", "web", "language"), frozenset(),
                       frozenset({"threads", "web"})),
    "channels": (("channel_id", "guild_id", "public"), frozenset(), frozenset({"public"})),
    "results": (
        ("session_id", "guild_id", "game", "finished_at", "moves", "seconds", "with_ai",
         "seats"),
        frozenset({"finished_at"}), frozenset({"with_ai"}),
    ),
    "result_players": (("session_id", "user_id", "guild_id"), frozenset(), frozenset()),
    "replays": (
        ("session_id", "language", "made_at", "kind", "size", "data", "about"),
        frozenset({"made_at"}), frozenset(),
    ),
}  # fmt: skip
_IDENTITY: Final = ("sessions", "timers", "outbox")  # their id sequences continue after the copy
# Tables a bot started on the target may have written already: its rows stay, beside the copied.
_MERGED: Final = ("dm_channels", "meta", "guild_settings", "channels")


class MigrationRefused(StoreError):
    """The copy was not made (the target holds games, or the counts did not match)."""


class _DatabaseSetting(BaseSettings):
    """DATABASE_URL alone, from the environment or .env (no token needed to migrate)."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    database_url: str = "sqlite:///data/bot.sqlite3"


def _value(column: str, value: Any, datetimes: frozenset[str], booleans: frozenset[str]) -> Any:
    if value is None:
        return None
    if column in datetimes:
        return datetime.fromisoformat(value).astimezone(UTC)
    if column in booleans:
        return bool(value)
    return value


def _read_sqlite(path: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, from one read transaction (one snapshot)."""
    conn = sqlite3.connect(Path(path).expanduser(), isolation_level=None)
    try:
        conn.execute("BEGIN")
        rows: dict[str, list[tuple[Any, ...]]] = {}
        for table, (columns, datetimes, booleans) in TABLES.items():
            found = conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
            rows[table] = [
                tuple(_value(c, v, datetimes, booleans) for c, v in zip(columns, row, strict=True))
                for row in found
            ]
        conn.execute("COMMIT")
    finally:
        conn.close()
    return rows


async def copy_to_postgresql(source: str, target: str) -> dict[str, int]:
    """Copy the SQLite database `source` (URL or path) into the PostgreSQL database `target`;
    returns the rows copied per table. Raises MigrationRefused, StoreUnavailable, ValueError."""
    if not is_postgresql_url(target):
        raise ValueError(f"--to must be a postgresql:// URL, not {describe_url(target)!r}")
    path = database_path(source) if "://" in source else source
    if path == ":memory:" or not Path(path).expanduser().is_file():
        raise ValueError(f"there is no SQLite database at {path!r} to copy (--from)")
    # Brings the file's schema up to date, as the bot's next start would.
    sqlite_store = await SqliteStore.open(path)
    await sqlite_store.close()
    rows = _read_sqlite(path)

    store = await PostgresStore.open(target, min_size=1, max_size=1, command_timeout=None)
    try:
        async with store._pool.acquire() as db, db.transaction():
            # Taken first: a bot starting on the target meanwhile waits for the copy.
            await db.execute("LOCK TABLE sessions IN EXCLUSIVE MODE")
            games = await db.fetchval("SELECT count(*) FROM sessions")
            if games:
                raise MigrationRefused(
                    f"{describe_url(target)} already holds {games} game(s): nothing was copied."
                    " Copy into an empty database (a new one, or this one emptied by hand)."
                )
            for table, (columns, _, _) in TABLES.items():
                if not rows[table]:
                    continue
                if table in _MERGED:  # a bot started on the target made some
                    key = columns[0]
                    await db.executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES"
                        f" ({', '.join(f'${n}' for n in range(1, len(columns) + 1))})"
                        f" ON CONFLICT ({key}) DO NOTHING",
                        rows[table],
                    )
                else:
                    await db.copy_records_to_table(table, records=rows[table], columns=columns)
            for table in _IDENTITY:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
            copied: dict[str, int] = {}
            for table in TABLES:
                copied[table] = await db.fetchval(f"SELECT count(*) FROM {table}")
            short = {
                t: (len(rows[t]), copied[t]) for t in TABLES
                if (copied[t] < len(rows[t]) if t in _MERGED else copied[t] != len(rows[t]))
            }  # fmt: skip
            if short:
                raise MigrationRefused(
                    "the counts differ after the copy (table: SQLite, PostgreSQL): "
                    + ", ".join(f"{t}: {a}, {b}" for t, (a, b) in short.items())
                    + "; nothing was committed"
                )
            at = TABLES["sessions"][0].index("version")
            versions = await db.fetchval("SELECT COALESCE(SUM(version), 0) FROM sessions")
            if versions != sum(row[at] for row in rows["sessions"]):
                raise MigrationRefused(
                    "the session versions differ after the copy; nothing was committed"
                )
    finally:
        await store.close()
    return {table: len(found) for table, found in rows.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """The `migrate` command; prints what it copied, or one line saying why not."""
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy every game from the SQLite database to an empty PostgreSQL database."
        " Stop the bot first.",
    )
    parser.add_argument("--to", required=True, metavar="postgresql://user:pass@host/db")
    parser.add_argument(
        "--from", dest="source", metavar="sqlite:///data/bot.sqlite3",
        help="the SQLite database (default: DATABASE_URL from the environment or .env)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    source = args.source or _DatabaseSetting().database_url
    if is_postgresql_url(source):
        print(f"Cannot migrate: the source {describe_url(source)} is PostgreSQL already; name the"
              " SQLite file with --from sqlite:///path", file=sys.stderr)
        return EXIT_REFUSED
    try:
        copied = asyncio.run(copy_to_postgresql(source, args.to))
    except (ValueError, MigrationRefused) as error:
        print(f"Cannot migrate: {error}", file=sys.stderr)
        return EXIT_REFUSED
    except StoreError as error:
        print(f"Cannot migrate: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    counts = ", ".join(f"{count} {table}" for table, count in copied.items())
    print(f"Copied to {describe_url(args.to)}: {counts}. Now set DATABASE_URL to it and start"
          " the bot.")
    return EXIT_OK
