-- Clocks: each game's clock settings and the seats it waits for (since when, until when), and
-- seats the AI plays while their person is away. Saved with every move, like the state.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';

-- A move the bot made for a seat whose time ran out is marked in the log.
ALTER TABLE actions ADD COLUMN timeout INTEGER NOT NULL DEFAULT 0;

-- /games: the open games of one server, one step down this index.
CREATE INDEX sessions_open_by_guild ON sessions (guild_id, id) WHERE status IN ('lobby', 'active');

-- The outbox also carries calls: a DM to each seat a reaction window opened for. SQLite cannot
-- change a CHECK constraint, so the table is rebuilt, its rows, ids and id sequence kept (a
-- row's id is in the nonce of what it posts).
CREATE TABLE outbox_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('board', 'private', 'call')),
    seat       INTEGER,
    payload    TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    nonce      TEXT
);
INSERT INTO outbox_new (id, session_id, version, kind, seat, payload, created_at, nonce)
    SELECT id, session_id, version, kind, seat, payload, created_at, nonce FROM outbox;
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'outbox_new', 0 WHERE NOT EXISTS
        (SELECT 1 FROM sqlite_sequence WHERE name = 'outbox_new');
UPDATE sqlite_sequence
    SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'outbox'), 0))
    WHERE name = 'outbox_new';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_session ON outbox (session_id, id);
