-- What a saved change must still show: the board to post (with the change's news) and each
-- private view to send. Written in the same transaction as the change, deleted once delivered,
-- so a change saved just before a crash is still announced after the restart. `nonce` is set
-- before the first attempt to post: a retry posts the same rows with the same nonce, so
-- Discord returns the message a crash kept us from noting instead of a second one.
CREATE TABLE outbox (
    id         {{id}},
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    kind       TEXT NOT NULL {{constraint outbox_kind}} CHECK (kind IN ('board', 'private')),
    seat       INTEGER,
    payload    TEXT NOT NULL,
    created_at {{timestamp}} NOT NULL,
    nonce      TEXT
);

CREATE INDEX outbox_by_session ON outbox (session_id, id);

-- The interaction that made a move, so a second delivery of it (Discord redelivers after a
-- reconnect) is recognised and not applied again.
ALTER TABLE actions ADD COLUMN interaction_id {{bigint}};

CREATE UNIQUE INDEX actions_by_interaction ON actions (interaction_id)
    WHERE interaction_id IS NOT NULL;
