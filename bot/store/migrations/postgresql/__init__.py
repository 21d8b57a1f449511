"""The PostgreSQL store's migrations: the same numbers as the SQLite ones, in its dialect."""
