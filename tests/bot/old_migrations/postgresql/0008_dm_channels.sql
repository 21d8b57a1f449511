-- The DM channel of each person the bot has written to.
CREATE TABLE dm_channels (
    user_id    BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);
