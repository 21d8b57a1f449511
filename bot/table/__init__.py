"""The game-agnostic table: lobbies, seats and moves for any game in the registry, each one
version-checked commit of the new state with what must follow it (news, DMs, timers); clocks,
the scheduler that fires saved timers, ratings, replays, and the limits the table keeps to.
No Discord here: the edge above turns what the table decides into messages."""
