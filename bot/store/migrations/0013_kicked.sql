-- The people the host took out of a game (a JSON list of user ids): out of its lobby, they
-- cannot join it again; in a game, the AI keeps their seat and they cannot take it back, until
-- the host lets them back.
ALTER TABLE sessions ADD COLUMN kicked TEXT NOT NULL DEFAULT '[]';
