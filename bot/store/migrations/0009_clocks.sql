-- Clocks: each game's clock settings and the seats it waits for (since when, until when), and
-- seats the AI plays while their person is away. Saved with every move, like the state.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';

-- A move the bot made for a seat whose time ran out is marked in the log.
ALTER TABLE actions ADD COLUMN timeout {{boolean}} NOT NULL DEFAULT {{false}};

-- /games: the open games of one server, one step down this index.
CREATE INDEX sessions_open_by_guild ON sessions (guild_id, id) WHERE status IN ('lobby', 'active');

-- The outbox also carries calls: a DM to each seat a reaction window opened for. PostgreSQL
-- changes the CHECK constraint in place; SQLite cannot, and makes the table anew, its rows,
-- ids, id sequence and index kept (a row's id is in the nonce of what it posts).
{{new_checks}}
CREATE TABLE outbox (
    id         {{id}},
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    kind       TEXT NOT NULL {{constraint outbox_kind}} CHECK (kind IN ('board', 'private', 'call')),
    seat       INTEGER,
    payload    TEXT NOT NULL,
    created_at {{timestamp}} NOT NULL,
    nonce      TEXT
);
