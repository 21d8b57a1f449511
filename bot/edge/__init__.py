"""The Discord edge: slash commands, buttons and menus, what each does (handlers), the messages
and pictures posted (posting), DMs, the delivery of saved news (outbox), permissions and
archiving (upkeep), /stats and /leaderboard, languages, and the one error boundary. It knows
Discord and the table; it keeps no game state of its own and holds no rule."""
