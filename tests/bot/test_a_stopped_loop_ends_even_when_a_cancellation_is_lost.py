"""A bot's background loops (the scheduler, the outbox's sweep) end when stopped, even when a
cancellation is lost on the way: before Python 3.12 `asyncio.wait_for` (ours, or a database
driver's) may swallow one that arrives just as what it waits for completes, and a stop that
cancelled once would then wait forever, and the bot never close."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.store.store import Store
from bot.table.lifecycle import cancel_and_wait
from bot.table.scheduler import Scheduler


class LosesACancellation:
    """A store whose timer read loses the first cancellation it gets."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.entered = asyncio.Event()
        self.lost = 0

    async def due_timers(self, *args: Any, **kwargs: Any) -> Any:
        self.entered.set()
        try:
            await asyncio.sleep(0.2)
        except asyncio.CancelledError:
            if self.lost:
                raise
            self.lost += 1  # swallowed: the read goes on as if nobody had asked
        return await self.store.due_timers(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


async def test_a_loop_that_loses_a_cancellation_is_asked_again_until_it_ends() -> None:
    rounds = 0

    async def stubborn() -> None:
        nonlocal rounds
        while True:
            rounds += 1
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                if rounds == 1:
                    continue  # the first one is lost
                raise

    task = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    done, _ = await asyncio.wait({asyncio.create_task(cancel_and_wait(task, ask_again_after=0.05))},
                                 timeout=4)
    assert done and task.cancelled() and rounds == 2


async def test_the_end_of_a_loop_that_failed_is_raised_to_the_one_who_stops_it() -> None:
    async def failing() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            raise RuntimeError("closing failed") from None

    task = asyncio.create_task(failing())
    await asyncio.sleep(0)
    try:
        await cancel_and_wait(task)
    except RuntimeError as error:
        assert str(error) == "closing failed"
    else:
        raise AssertionError("the loop's failure was not raised")


async def test_the_scheduler_stops_when_its_store_read_loses_the_cancellation(tmp_path) -> None:
    store = await Store.open(str(tmp_path / "bot.sqlite3"))
    try:
        losing = LosesACancellation(store)

        async def fire(timer: Any) -> None:
            raise AssertionError("no timer was set")

        scheduler = Scheduler(losing, fire, max_sleep=3600)  # type: ignore[arg-type]
        scheduler.start()
        await asyncio.wait_for(losing.entered.wait(), 5)
        stopping = asyncio.create_task(scheduler.stop())
        done, _ = await asyncio.wait({stopping}, timeout=4)  # one cancellation lost: asked again
        while not stopping.done():  # (a failed test must not leave the loop running)
            stopping.cancel()
            await asyncio.wait({stopping}, timeout=1)
        assert done, "the scheduler did not stop"
        assert losing.lost == 1 and not scheduler.running
    finally:
        await store.close()
