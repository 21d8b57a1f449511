"""The Discord side of the game table, in four layers whose imports only point down.

`process` (entry point, settings, the client that wires everything) sits on `edge` (everything
that speaks Discord: commands, buttons, messages, DMs, delivering the outbox), which sits on
`table` (lobbies, seats, moves, clocks, timers, ratings, replays, with no Discord in it), which
sits on `store` (one interface over SQLite and PostgreSQL). `tests/test_imports_point_down.py`
fails when an import points up or closes a circle.
"""
