"""Locks by key (a channel, a session) that exist only while someone holds or awaits them.

A bot in thousands of channels must not keep a lock for every channel it ever served: each
entry is dropped when its last user lets go. Dropping it while another task still waits on it
would let a third task make a fresh lock and run alongside, so entries count their users.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable


class _Entry:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # tasks holding or awaiting the lock


class KeyedLocks:
    """`async with locks.hold(key):` runs one task at a time per key."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, _Entry] = {}

    def __len__(self) -> int:
        """How many keys are held or awaited now (the others cost nothing)."""
        return len(self._entries)

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._entries[key]
