-- Deadlines and reminders live here so that clocks survive restarts.
CREATE TABLE timers (
    id         {{id}},
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    kind       TEXT NOT NULL,
    seat       INTEGER,
    due_at     {{timestamp}} NOT NULL,
    version    INTEGER NOT NULL
);

-- On SQLite due_at is fixed-width ISO-8601 UTC, so text order is time order.
CREATE INDEX timers_by_due ON timers (due_at, id);
CREATE INDEX timers_by_session ON timers (session_id, kind);
