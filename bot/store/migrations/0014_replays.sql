-- Replays (bot/table/replays.py): a finished game's video, made on the first request in the
-- reader's language and kept, so that every later request, in any process and after any
-- restart, is answered at once. `about` is JSON (frames, boards, key_only, ms, moves, the log's
-- lines, the final board described); `size` the bytes of `data`, for letting the oldest go
-- when the kept replays weigh more than the store keeps (bot/store/store.py).
CREATE TABLE replays (
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    language   TEXT NOT NULL,
    made_at    {{timestamp}} NOT NULL,
    kind       TEXT NOT NULL,
    size       INTEGER NOT NULL,
    data       {{blob}} NOT NULL,
    about      TEXT NOT NULL,
    PRIMARY KEY (session_id, language)
){{without_rowid}};

CREATE INDEX replays_by_age ON replays (made_at);
