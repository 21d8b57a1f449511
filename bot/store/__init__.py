"""The store: sessions, the append-only action log, timers, the outbox, DM records and results
behind one interface, on SQLite (aiosqlite) or PostgreSQL (asyncpg), with numbered migrations
run at start-up; which rows a shard process owns (shards) and what a DATABASE_URL names (urls).
It imports nothing else of the bot."""
