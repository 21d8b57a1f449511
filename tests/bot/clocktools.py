"""Time for clock tests: a clock the test moves (`Now`), and a clock with a sleep that only
moves when the test says so (`FakeTime`), so days of timers run in milliseconds."""

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

T0 = datetime(2030, 5, 6, 7, 0, 0, tzinfo=UTC)


class Now:
    """A clock (call it) that stands still until the test moves it."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class FakeTime:
    """A clock and a sleep that only move when the test says so."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        self.naps: list[float] = []
        self.sleeping = 0
        self._moved = asyncio.Event()

    def clock(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.naps.append(seconds)
        until = self.now + timedelta(seconds=seconds)
        self.sleeping += 1
        try:
            while self.now < until:
                await self._moved.wait()
        finally:
            self.sleeping -= 1

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()


async def eventually(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    """Wait (really) until the scheduler's task, which talks to a database thread, catches up."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition never became true"
        await asyncio.sleep(0.002)


async def quiet() -> None:
    """Give the scheduler ample real time to do something it should not."""
    await asyncio.sleep(0.05)

