-- The last private message (a hand, a code) sent to each seat, so it can be edited in place when
-- the hand changes, and whether that seat's DMs are closed (told to the channel once per game).
CREATE TABLE private_messages (
    session_id BIGINT  NOT NULL REFERENCES sessions (id),
    seat       INTEGER NOT NULL,
    channel_id BIGINT,
    message_id BIGINT,
    content    TEXT,
    dms_closed BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (session_id, seat)
);
