-- The last private message (a hand, a code) sent to each seat, so it can be edited in place when
-- the hand changes, and whether that seat's DMs are closed (told to the channel once per game).
CREATE TABLE private_messages (
    session_id {{bigint}} NOT NULL REFERENCES sessions (id),
    seat       INTEGER NOT NULL,
    channel_id {{bigint}},
    message_id {{bigint}},
    content    TEXT,
    dms_closed {{boolean}} NOT NULL DEFAULT {{false}},
    PRIMARY KEY (session_id, seat)
){{without_rowid}};
