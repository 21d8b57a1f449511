-- A game opened in a thread of its own: the channel the thread was opened in (NULL: the game
-- is in the channel itself). The thread is archived a day after the game ends.
ALTER TABLE sessions ADD COLUMN thread_of BIGINT;

-- A server's own defaults, set with /settings: whether games open in a thread.
CREATE TABLE guild_settings (
    guild_id BIGINT  PRIMARY KEY,
    threads  BOOLEAN NOT NULL DEFAULT FALSE
);
