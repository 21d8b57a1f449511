-- The server's page on the web (bot/web): a server has none until someone who may manage it
-- says `/settings web:True`; `language` is the server's language when it last said so (the
-- page's language when the process serving the pages does not see the server itself).
ALTER TABLE guild_settings ADD COLUMN web {{boolean}} NOT NULL DEFAULT {{false}};
ALTER TABLE guild_settings ADD COLUMN language TEXT;

-- Whether everyone in the server may read a channel, noted when a game opens in it: the pages
-- show only these channels' games (a private channel's games are its members' own).
CREATE TABLE channels (
    channel_id {{bigint}} PRIMARY KEY,
    guild_id   {{bigint}},
    public     {{boolean}} NOT NULL
);

-- The server's page: the games finished lately, whatever the game.
CREATE INDEX results_by_guild ON results (guild_id, finished_at);
