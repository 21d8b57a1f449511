"""The process: settings read once at start-up, the client that builds the other layers and
hands each what it needs, log redaction, and the `migrate` command. Nothing below imports it."""
