-- Clocks: each game's clock settings and the seats it waits for (since when, until when), and
-- seats the AI plays while their person is away. Saved with every move, like the state.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';

-- A move the bot made for a seat whose time ran out is marked in the log.
ALTER TABLE actions ADD COLUMN timeout INTEGER NOT NULL DEFAULT 0;

-- /games: the open games of one server, one step down this index.
CREATE INDEX sessions_open_by_guild ON sessions (guild_id, id) WHERE status IN ('lobby', 'active');
