"""Shared test setup."""

# A real PostgreSQL server (`postgres_server`) and a fresh database per test (`postgres_url`).
pytest_plugins = ["tests.postgres"]
