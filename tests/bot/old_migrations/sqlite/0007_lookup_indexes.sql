-- Every lookup a command makes is one step down an index, whatever the number of games.
-- The newest session of a channel (/board, /hand, /rules, a final board): the last entry of
-- the channel in this index, not a scan of every session ever played.
CREATE INDEX sessions_by_channel ON sessions (channel_id, id);

-- Whether a seat has moved since a version (a button pressed after others moved): the last
-- entry of the seat in this index, not a read of the game's whole log.
CREATE INDEX actions_by_seat ON actions (session_id, seat, version);
