-- Clocks: each game's clock settings and the seats it waits for, saved with every move.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';

-- A move the bot made for a seat whose time ran out is marked in the log.
ALTER TABLE actions ADD COLUMN timeout BOOLEAN NOT NULL DEFAULT FALSE;

-- /games: the open games of one server, one step down this index.
CREATE INDEX sessions_open_by_guild ON sessions (guild_id, id) WHERE status IN ('lobby', 'active');

-- The outbox also carries calls (a DM to each seat a reaction window opened for). PostgreSQL
-- changes the CHECK constraint in place: no rebuild, rows and ids stay as they are.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind CHECK (kind IN ('board', 'private', 'call'));
