-- One row per game in a channel; the game state is an opaque JSON text owned by games/.
-- Discord ids are 64-bit. JSON columns are TEXT on both databases: written and read back byte
-- for byte.
CREATE TABLE sessions (
    id               {{id}},
    guild_id         {{bigint}},
    channel_id       {{bigint}} NOT NULL,
    game             TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    host_id          {{bigint}} NOT NULL,
    players          TEXT NOT NULL DEFAULT '[]',
    options          TEXT NOT NULL DEFAULT '{}',
    seed             {{bigint}} NOT NULL,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    board_message_id {{bigint}},
    lobby_message_id {{bigint}},
    created_at       {{timestamp}} NOT NULL,
    updated_at       {{timestamp}} NOT NULL
);

-- At most one lobby or running game per channel, enforced by the database itself so that two
-- processes racing on "/game start" cannot both win.
CREATE UNIQUE INDEX sessions_one_open_per_channel
    ON sessions (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX sessions_by_status ON sessions (status);

-- Append-only log: a game is reproducible from its seed and these rows.
CREATE TABLE actions (
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    version    INTEGER NOT NULL,
    seat       INTEGER,
    user_id    {{bigint}},
    action     TEXT NOT NULL,
    at         {{timestamp}} NOT NULL,
    PRIMARY KEY (session_id, seq)
){{without_rowid}};

-- Triggers refuse to change or delete a row (and, on PostgreSQL, TRUNCATE, which would skip
-- the row triggers).
{{append_only actions 'the action log is append-only'}};
