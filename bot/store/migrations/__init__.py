"""Numbered SQL migrations for the SQLite store (a package so the .sql files ship with it)."""
