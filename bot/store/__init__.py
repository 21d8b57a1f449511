"""The store: sessions, the append-only action log, timers, the outbox, DM records and results
behind one interface, on SQLite (aiosqlite) or PostgreSQL (asyncpg). Every query is written once
(store.py) over a small connection interface (backend.py); sqlite.py and postgresql.py hold
only what the two databases do differently, and one set of numbered migrations serves both,
run at start-up. records.py holds the records, errors.py what the store raises, shards.py which
rows a shard process owns, urls.py what a DATABASE_URL names. It imports nothing else of the
bot."""
