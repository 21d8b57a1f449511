-- Deadlines and reminders live here so that clocks survive restarts.
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    kind       TEXT    NOT NULL,
    seat       INTEGER,
    due_at     TEXT    NOT NULL,
    version    INTEGER NOT NULL
);

-- due_at is fixed-width ISO-8601 UTC, so text order is time order.
CREATE INDEX timers_by_due ON timers (due_at, id);
CREATE INDEX timers_by_session ON timers (session_id, kind);
