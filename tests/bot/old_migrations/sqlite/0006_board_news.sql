-- What the live board message shows as news (JSON: its news lines and the last outbox row
-- shown), so a later step of the same turn edits that message instead of posting another, and
-- an old board can be cut down to its news when the next one is posted.
ALTER TABLE sessions ADD COLUMN board_news TEXT;
