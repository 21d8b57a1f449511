"""Stopping cleanly: on SIGTERM the bot answers what it is doing, refuses what comes after,
then closes. Hosts send SIGTERM on every deploy and kill a few seconds later."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

from games.i18n import N_

RESTARTING = N_("⏳ I am restarting; nothing was changed. Try again in a few seconds.")


class Drain:
    """Counts the interactions being handled, so a stop can wait for them to be answered."""

    def __init__(self) -> None:
        self.closing = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def stop(self, timeout: float) -> bool:
        """Refuse new work from now on and wait for the work under way; False on timeout."""
        self.closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True
