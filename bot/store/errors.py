"""The errors the store raises on purpose, the same on every backend: each backend turns its
driver's errors into these, so no layer above the store knows which database it runs on."""

from __future__ import annotations

__all__ = [
    "AlreadyApplied",
    "ChannelBusy",
    "ForeignKeyViolation",
    "IntegrityViolation",
    "NotFound",
    "StaleVersion",
    "StoreBusy",
    "StoreError",
    "StoreUnavailable",
    "UniqueViolation",
]


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or a running game."""

    def __init__(self, channel_id: int, session_id: int | None = None) -> None:
        self.channel_id = channel_id
        self.session_id = session_id
        which = f" (session {session_id})" if session_id is not None else ""
        super().__init__(f"channel {channel_id} already has a lobby or a running game{which}")


class StaleVersion(StoreError):
    """Someone else changed the session first; re-read and try again (or tell the user)."""

    def __init__(self, session_id: int, expected: int, actual: int | None) -> None:
        self.session_id = session_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"session {session_id} is at version {actual}, not {expected}: it changed meanwhile"
        )


class NotFound(StoreError):
    """No such session (or other row)."""


class StoreBusy(StoreError):
    """The database stayed locked (a backup, another process) past the busy timeout: nothing
    was written; trying again shortly will do."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached or refuses the login (at start-up); the message
    says which, never with the password."""


class AlreadyApplied(StoreError):
    """This interaction already made a move (Discord delivered it twice)."""

    def __init__(self, interaction_id: int) -> None:
        self.interaction_id = interaction_id
        super().__init__(f"interaction {interaction_id} already made a move")


# Raised by the backends, caught by the store: never seen above it.


class IntegrityViolation(Exception):  # not a StoreError: the store decides what it means
    """A write broke a constraint; the store turns the ones it expects into its own errors,
    and any other stays a failure (a bug), not something to tell a player."""


class UniqueViolation(IntegrityViolation):
    """A second row for a unique index; `index` names it (None: a primary key)."""

    def __init__(self, index: str | None, message: str) -> None:
        self.index = index
        super().__init__(message)


class ForeignKeyViolation(IntegrityViolation):
    """A row referring to a row that does not exist."""
