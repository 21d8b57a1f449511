-- One row per game in a channel; the game state is an opaque JSON text owned by games/.
CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    host_id          INTEGER NOT NULL,
    players          TEXT    NOT NULL DEFAULT '[]',
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    lobby_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

-- At most one lobby or running game per channel, enforced by the database itself so that two
-- processes racing on "/game start" cannot both win.
CREATE UNIQUE INDEX sessions_one_open_per_channel
    ON sessions (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX sessions_by_status ON sessions (status);

-- Append-only log: a game is reproducible from its seed and these rows.
CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    version    INTEGER NOT NULL,
    seat       INTEGER,
    user_id    INTEGER,
    action     TEXT    NOT NULL,
    at         TEXT    NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
