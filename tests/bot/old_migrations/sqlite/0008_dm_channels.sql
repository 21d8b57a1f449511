-- The DM channel of each person the bot has written to: a later DM (a hand, a reminder) goes
-- straight to it, with no lookup of the user and no new channel, after a restart too.
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
) WITHOUT ROWID;
