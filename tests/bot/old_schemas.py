"""Databases as earlier releases made them, and what their schema looks like.

Until the migrations were written once for both databases, each database had its own set of
files: old_migrations/sqlite and old_migrations/postgresql keep them as they shipped, and the
builders here apply them as those releases' stores did (one transaction per file, with its
schema_version row). A database any earlier release left behind at version N is what
`build_old(..., N)` makes, so the tests can start the current store on it.

`schema_of` describes a schema so that two can be compared: SQLite's `sqlite_master` (each
statement but for white space and comments, which SQLite keeps as written), PostgreSQL's
columns, constraints, indexes, triggers, functions and sequences as the catalog states them.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.store import Migration, load_migrations, utcnow

OLD = Path(__file__).with_name("old_migrations")
DIALECTS = ("sqlite", "postgresql")

_SCHEMA_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at {} NOT NULL
)
"""


def old_migrations(dialect: str) -> list[Migration]:
    """The migration files an earlier release shipped for this database."""
    return load_migrations(OLD / dialect)


def _sqlite_path(url: str) -> str:
    return url.removeprefix("sqlite:///")


def build_old_sqlite(path: str, upto: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(_SCHEMA_TABLE.format("TEXT"))
        for migration in old_migrations("sqlite"):
            if migration.version > upto:
                break
            conn.executescript(f"BEGIN IMMEDIATE;\n{migration.sql}\n;")
            conn.execute(
                "INSERT INTO schema_version VALUES (?, ?, ?)",
                (migration.version, migration.name,
                 utcnow().strftime("%Y-%m-%dT%H:%M:%S.%fZ")),
            )
            conn.execute("COMMIT")
    finally:
        conn.close()


async def build_old_postgresql(url: str, upto: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(_SCHEMA_TABLE.format("TIMESTAMPTZ"))
        for migration in old_migrations("postgresql"):
            if migration.version > upto:
                break
            async with conn.transaction():
                await conn.execute(migration.sql)
                await conn.execute(
                    "INSERT INTO schema_version VALUES ($1, $2, $3)",
                    migration.version, migration.name, utcnow(),
                )  # fmt: skip
    finally:
        await conn.close()


async def build_old(url: str, upto: int) -> None:
    """The database at `url` as an earlier release left it at migration `upto` (0: empty)."""
    if url.startswith("sqlite:"):
        build_old_sqlite(_sqlite_path(url), upto)
    else:
        await build_old_postgresql(url, upto)


def _normal(sql: str | None) -> str | None:
    """A statement as SQLite runs it: comments gone, white space folded, no space before a
    closing parenthesis or a comma."""
    if sql is None:
        return None
    sql = re.sub(r"--[^\n]*", " ", sql)
    sql = re.sub(r"\s+", " ", sql).strip()
    return re.sub(r" ([),])", r"\1", sql)


def _sqlite_schema(path: str) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        return {
            "objects": sorted(
                (kind, name, table, _normal(sql)) for kind, name, table, sql in conn.execute(
                    "SELECT type, name, tbl_name, sql FROM sqlite_master"
                )
            ),
            "versions": conn.execute(
                "SELECT version, name FROM schema_version ORDER BY version"
            ).fetchall(),
        }
    finally:
        conn.close()


_PG_CATALOG = {
    "columns": """
        SELECT table_name, ordinal_position, column_name, data_type, is_nullable,
               column_default, is_identity, identity_generation
        FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, ordinal_position""",
    "constraints": """
        SELECT conrelid::regclass::text, conname, contype, pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
        ORDER BY 1, 2""",
    "indexes": """
        SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
        ORDER BY tablename, indexname""",
    "triggers": """
        SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)
        FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2""",
    "functions": """
        SELECT proname, pg_get_function_result(oid), prosrc FROM pg_proc
        WHERE pronamespace = 'public'::regnamespace ORDER BY proname""",
    "sequences": """
        SELECT sequence_name, data_type, start_value, increment FROM information_schema.sequences
        WHERE sequence_schema = 'public' ORDER BY sequence_name""",
    "versions": "SELECT version, name FROM schema_version ORDER BY version",
}


async def _postgresql_schema(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        return {
            part: [tuple(row) for row in await conn.fetch(sql)]
            for part, sql in _PG_CATALOG.items()
        }
    finally:
        await conn.close()


async def schema_of(url: str) -> dict[str, Any]:
    """The schema of the database at `url`, fit to compare with another's."""
    if url.startswith("sqlite:"):
        return _sqlite_schema(_sqlite_path(url))
    return await _postgresql_schema(url)
