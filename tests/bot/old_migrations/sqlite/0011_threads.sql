-- A game opened in a thread of its own: the channel the thread was opened in (NULL: the game
-- is in the channel itself). The thread is archived a day after the game ends.
ALTER TABLE sessions ADD COLUMN thread_of INTEGER;

-- A server's own defaults, set with /settings: whether games open in a thread.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    threads  INTEGER NOT NULL DEFAULT 0
);
