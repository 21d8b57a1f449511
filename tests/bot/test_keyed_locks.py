"""Locks by key: one task at a time per key, and no entry kept once nobody needs it."""

import asyncio

from bot.table.locks import KeyedLocks


async def test_one_task_at_a_time_per_key_and_keys_do_not_wait_for_each_other():
    locks = KeyedLocks()
    order: list[str] = []
    inside = asyncio.Event()
    release = asyncio.Event()

    async def slow(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(f"{name} in")
            inside.set()
            await release.wait()
            order.append(f"{name} out")

    async def quick(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(name)

    first = asyncio.create_task(slow(1, "a"))
    await inside.wait()
    same_key = asyncio.create_task(quick(1, "b"))
    other_key = asyncio.create_task(quick(2, "c"))
    await other_key
    assert order == ["a in", "c"]  # key 2 did not wait; key 1's second task does
    release.set()
    await asyncio.gather(first, same_key)
    assert order == ["a in", "c", "a out", "b"]
    assert len(locks) == 0


async def test_an_entry_stays_while_a_task_still_waits_for_it():
    locks = KeyedLocks()
    gate = asyncio.Event()
    running: list[int] = []

    async def worker(n: int) -> None:
        async with locks.hold("k"):
            running.append(n)
            assert len(running) == 1, "two tasks ran under one key"
            await gate.wait()
            running.remove(n)

    tasks = [asyncio.create_task(worker(n)) for n in range(3)]
    await asyncio.sleep(0)
    assert len(locks) == 1
    gate.set()
    await asyncio.gather(*tasks)
    assert len(locks) == 0


async def test_a_cancelled_waiter_leaves_no_entry_behind():
    locks = KeyedLocks()
    gate = asyncio.Event()

    async def holder() -> None:
        async with locks.hold(5):
            await gate.wait()

    async def waiter() -> None:
        async with locks.hold(5):
            pass

    held = asyncio.create_task(holder())
    await asyncio.sleep(0)
    waiting = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    gate.set()
    await held
    assert len(locks) == 0
