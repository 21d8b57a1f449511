"""The edges, where people reach the table. Discord: slash commands, buttons and menus, what each
does (handlers), the messages and pictures posted (posting), DMs, the delivery of saved news
(outbox), permissions and archiving (upkeep), /stats and /leaderboard, languages, and the one
error boundary. The web: the servers' read-only pages (web, its templates and static files) and
the links to them (links). It knows Discord, the web and the table; it keeps no game state of
its own and holds no rule."""
