-- The DM that told a seat it may answer a reaction window: kept, so that when the window
-- closes (answered, passed, out of time) the DM is edited to say so and loses its buttons, and
-- a person has at most one such DM with live buttons per game.
ALTER TABLE private_messages ADD COLUMN call_channel_id {{bigint}};
ALTER TABLE private_messages ADD COLUMN call_message_id {{bigint}};
