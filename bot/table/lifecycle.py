"""Stopping cleanly: on SIGTERM the bot answers what it is doing, refuses what comes after,
then closes. Hosts send SIGTERM on every deploy and kill a few seconds later."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

from games.i18n import N_

RESTARTING = N_("⏳ I am restarting; nothing was changed. Try again in a few seconds.")


async def cancel_and_wait(task: asyncio.Task[Any], *, ask_again_after: float = 1.0) -> None:
    """Cancel a background loop and wait for its end, asking again while it runs on. Before
    Python 3.12 `asyncio.wait_for` (ours, or a database driver's) loses a cancellation that
    arrives just as what it waits for completes; the loop then goes round again as if never
    asked, and a stop that awaited it once would wait forever (a bot that never closes)."""
    task.cancel()
    while not task.done():
        await asyncio.wait({task}, timeout=ask_again_after)
        if not task.done():
            task.cancel()
    if not task.cancelled():
        task.result()  # what it ended with, raised as awaiting it would


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
