-- What the live board message shows as news (JSON: its news lines and the last outbox row
-- shown), so a later step of the same turn edits that message instead of posting another.
ALTER TABLE sessions ADD COLUMN board_news TEXT;
