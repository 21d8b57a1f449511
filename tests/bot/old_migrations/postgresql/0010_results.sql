-- Results: one row per finished game, written in the transaction of its finishing move, so a
-- game is counted once or not at all. A game ended by its host, or left by everyone, has none.
-- `seats` is JSON text (seat, user_id (NULL for an AI seat), name, team, score, won).
CREATE TABLE results (
    session_id  BIGINT      PRIMARY KEY REFERENCES sessions (id),
    guild_id    BIGINT,
    game        TEXT        NOT NULL,
    finished_at TIMESTAMPTZ NOT NULL,
    moves       INTEGER     NOT NULL,
    seconds     INTEGER     NOT NULL,
    with_ai     BOOLEAN     NOT NULL,
    seats       TEXT        NOT NULL
);

-- /leaderboard: a server's games of one kind, in the order they finished.
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, session_id);

-- /stats: the games a person played in a server, one row per person and game.
CREATE TABLE result_players (
    session_id BIGINT NOT NULL REFERENCES results (session_id),
    user_id    BIGINT NOT NULL,
    guild_id   BIGINT,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX result_players_by_person ON result_players (guild_id, user_id, session_id);
