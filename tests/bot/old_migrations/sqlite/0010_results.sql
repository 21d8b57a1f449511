-- Results: one row per finished game, written in the transaction of its finishing move, so a
-- game is counted once or not at all. A game ended by its host, or left by everyone, has none.
-- `seats` is JSON (seat, user_id (NULL for an AI seat), name, team, score, won), read whole.
CREATE TABLE results (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    moves       INTEGER NOT NULL,
    seconds     INTEGER NOT NULL,
    with_ai     INTEGER NOT NULL,
    seats       TEXT    NOT NULL
);

-- /leaderboard: a server's games of one kind, in the order they finished.
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, session_id);

-- /stats: the games a person played in a server, one row per person and game.
CREATE TABLE result_players (
    session_id INTEGER NOT NULL REFERENCES results (session_id),
    user_id    INTEGER NOT NULL,
    guild_id   INTEGER,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX result_players_by_person ON result_players (guild_id, user_id, session_id);
