"""One task that fires the store's timers when they come due.

Timers live in the database, not in memory, so a deadline set days ago still fires after a
restart: on start the scheduler simply finds everything already overdue. Delivery is at least
once: a timer is deleted only after its callback returned, so a crash mid-callback fires it
again later (the callback checks `timer.version` against the session to ignore stale ones).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.store.shards import Shards
from bot.store.store import Store, Timer, utcnow
from bot.table.lifecycle import cancel_and_wait

__all__ = ["Clock", "Fire", "Scheduler", "Sleep"]

log = logging.getLogger(__name__)

Fire = Callable[[Timer], Awaitable[None]]
Clock = Callable[[], datetime]
Sleep = Callable[[float], Awaitable[None]]


class Scheduler:
    """Sleeps until the nearest timer (or a `poke`), then hands each due timer to `fire`.

    `clock` and `sleep` are injectable so tests can run days of timers in milliseconds.
    `max_sleep` bounds each nap so timers added by another process without a poke are still
    noticed; `retry_delay` is the pause after the store itself failed; `concurrency` is how
    many games' timers fire at once; `shards`, the shards whose servers' timers are this
    process's to fire (None: every server's).
    """

    def __init__(
        self,
        store: Store,
        fire: Fire,
        *,
        clock: Clock = utcnow,
        sleep: Sleep = asyncio.sleep,
        max_sleep: float = 300.0,
        retry_delay: float = 5.0,
        concurrency: int = 16,
        shards: Shards | None = None,
    ) -> None:
        self._store = store
        self._shards = shards
        self._fire = fire
        self._clock = clock
        self._sleep = sleep
        self._max_sleep = max_sleep
        self._retry_delay = retry_delay
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._ticking = False
        self._side_by_side = asyncio.Semaphore(concurrency)

    @property
    def running(self) -> bool:
        """True while the timer task is alive."""
        return self._task is not None and not self._task.done()

    @property
    def busy(self) -> bool:
        """True while it reads or fires timers, False while it naps: a fired timer's row is
        gone once its move is saved, but its callback may still be posting the news."""
        return self._ticking

    def start(self) -> None:
        """Start the timer task (in the running event loop); overdue timers fire at once."""
        if self.running:
            raise RuntimeError("scheduler already started")
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="scheduler")
        self._task.add_done_callback(self._finished)

    def poke(self) -> None:
        """Re-read the store now: a timer was added or changed and may be sooner."""
        self._wake.set()

    async def stop(self) -> None:
        """Cancel the task and wait for it; a callback in progress is cancelled too."""
        task, self._task = self._task, None
        if task is None or task.done():
            return
        await cancel_and_wait(task)

    async def _run(self) -> None:
        while True:
            self._ticking = True
            try:
                delay = await self._tick()
            except Exception:
                log.exception("scheduler: the store failed; retrying in %ss", self._retry_delay)
                delay = self._retry_delay
            finally:
                self._ticking = False
            if delay > 0:
                await self._nap(delay)

    async def _tick(self) -> float:
        """Fire what is due; return how long to wait for the next timer (0: look again now)."""
        # Cleared before reading, so a poke during the reads is not lost.
        self._wake.clear()
        due = await self._store.due_timers(self._clock(), self._shards)
        by_session: dict[int, list[Timer]] = {}
        for timer in due:
            by_session.setdefault(timer.session_id, []).append(timer)
        # Games apart fire side by side (a burst of deadlines at one moment is not served one
        # after another, each waiting for the last one's posts); one game's in order.
        await asyncio.gather(*(self._fire_all(timers) for timers in by_session.values()))
        if due:
            return 0  # callbacks may have set timers that are already due
        upcoming = await self._store.next_timer(self._shards)
        if upcoming is None:
            return self._max_sleep
        wait = (upcoming.due_at - self._clock()).total_seconds()
        return min(max(wait, 0.0), self._max_sleep)

    async def _fire_all(self, timers: list[Timer]) -> None:
        async with self._side_by_side:
            for timer in timers:
                try:
                    await self._fire(timer)
                except Exception:
                    log.exception("scheduler: callback failed for timer %s (%s)", timer.id,
                                  timer.kind)
                await self._store.delete_timer(timer.id)

    async def _nap(self, delay: float) -> None:
        """Sleep for `delay` or until poked, whichever comes first."""
        if self._wake.is_set():
            return
        sleeper = asyncio.ensure_future(self._sleep(delay))
        waker = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pending in (sleeper, waker):
                pending.cancel()
            await asyncio.gather(sleeper, waker, return_exceptions=True)

    def _finished(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("scheduler task died", exc_info=task.exception())
