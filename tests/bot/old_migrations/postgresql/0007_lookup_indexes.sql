-- Every lookup a command makes is one step down an index, whatever the number of games.
CREATE INDEX sessions_by_channel ON sessions (channel_id, id);
CREATE INDEX actions_by_seat ON actions (session_id, seat, version);
